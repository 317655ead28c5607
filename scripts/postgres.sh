# Sourced by scripts/test.sh: the PostgreSQL test starts a throwaway server from Debian's
# postgresql binaries; install them when missing (as root).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== Installing Debian's postgresql for the PostgreSQL tests (about a minute)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "Debian's postgresql is needed for the PostgreSQL test: apt-get install postgresql" >&2
    exit 1
  fi
fi
