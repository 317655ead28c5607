# Sourced by scripts/test.sh: the browser tests drive Debian's chromium, never a downloaded one.
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== Installing Debian's chromium for the browser tests (1 to 3 minutes)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Debian's chromium is needed for the browser tests: apt-get install chromium" >&2
    exit 1
  fi
fi
