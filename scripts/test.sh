#!/usr/bin/env bash
# Runs every check of the project on a fresh Debian machine with Python 3.11:
# makes the virtual environment, installs the project with its dev extra,
# then lints, type-checks the engine, the bots and the app, and runs the whole test suite.
#
#   bash scripts/test.sh              everything (the browser and PostgreSQL tests included)
#   bash scripts/test.sh quick        ruff and the quick tier: no browser, PostgreSQL or slow
#                                     tests
# Both run pytest in one process per core (pytest-xdist), each test module in one process, so
# a module's server or database is made once; every process has its own template database,
# live servers on free ports and throwaway PostgreSQL servers. Further arguments go to pytest
# (`bash scripts/test.sh quick tests/web -x`; `-n 0` runs in this process alone).
set -euo pipefail
cd "$(dirname "$0")/.."
# Python's bytecode caches are written even where the machine switches them off: otherwise each
# run's two workers rewrite every test module's asserts again (about 4 s of a quick run's
# collection), and every server the tests start compiles the app from source.
unset PYTHONDONTWRITEBYTECODE
EXTRAS=dev
. scripts/venv.sh
if [ "${1:-}" = quick ]; then
  shift
  echo "== ruff"
  ruff check engine bots app tests bench
  echo "== pytest, quick tier (no browser, PostgreSQL or slow tests)"
  # tests/browser is not even collected: every test in it is a browser test.
  exec python -m pytest -n auto --dist loadfile --ignore=tests/browser \
    -m "not browser and not postgres and not slow" "$@"
fi
. scripts/chromium.sh
. scripts/postgres.sh
echo "== ruff"
ruff check engine bots app tests bench
echo "== mypy"
mypy engine bots app bench
echo "== pytest (the browser and PostgreSQL tests included: several minutes)"
python -m pytest -n auto --dist loadfile "$@"
