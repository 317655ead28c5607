# Sourced by the project's scripts: creates .venv with Python 3.11+ when missing, installs the
# project (editable) with the extras named in $EXTRAS (`dev` for the tests; none to serve) and
# activates it.
PYTHON=${PYTHON:-python3}
EXTRAS=${EXTRAS:-}
if ! "$PYTHON" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
  echo "Python 3.11 or newer is needed (set PYTHON=...)" >&2
  exit 1
fi
if ! "$PYTHON" -c 'import ensurepip, venv' 2>/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== Installing Debian's python3-venv (about a minute)"
    apt-get update -qq && apt-get install -y -qq python3-venv
  else
    echo "python3-venv is missing: apt-get install python3-venv" >&2
    exit 1
  fi
fi
if [ ! -x .venv/bin/python ]; then
  echo "== Making the virtual environment in .venv"
  "$PYTHON" -m venv .venv
fi
. .venv/bin/activate
# One stamp per pyproject.toml version and extras; the dev install serves for serving too.
version=$(sha256sum pyproject.toml | cut -c1-16)
stamp=.venv/.installed-$version-${EXTRAS:-base}
if [ ! -f "$stamp" ] && [ ! -f ".venv/.installed-$version-dev" ]; then
  # PyICU (the nicknames' look-alike skeletons) is compiled against Debian's ICU.
  if ! pkg-config --exists icu-i18n 2>/dev/null || ! command -v g++ >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      echo "== Installing Debian's ICU headers and C++ compiler for PyICU"
      apt-get update -qq && apt-get install -y -qq pkg-config libicu-dev g++
    else
      echo "PyICU needs ICU's headers and a C++ compiler: apt-get install pkg-config libicu-dev g++" >&2
      exit 1
    fi
  fi
  echo "== Installing the project${EXTRAS:+ with its $EXTRAS tools} into .venv (first time: 1 to 3 minutes)"
  python -m pip install -q --upgrade pip
  python -m pip install -q -e ".${EXTRAS:+[$EXTRAS]}"
  find .venv -maxdepth 1 -name '.installed-*' ! -name ".installed-$version-*" -delete
  touch "$stamp"
fi
