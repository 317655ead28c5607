# Sourced by the project's scripts: creates .venv with Python 3.11+ when missing,
# installs the project (editable, with the dev extra) and activates it.
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
  echo "Python 3.11 or newer is needed (set PYTHON=...)" >&2
  exit 1
fi
if ! "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && apt-get install -y -qq python3-venv
  else
    echo "python3-venv is missing: apt-get install python3-venv" >&2
    exit 1
  fi
fi
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
. .venv/bin/activate
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  python -m pip install -q --upgrade pip
  python -m pip install -q -e '.[dev]'
  rm -f .venv/.installed-*
  touch "$stamp"
fi
