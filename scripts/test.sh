#!/usr/bin/env bash
# Runs every check of the project on a fresh Debian machine with Python 3.11:
# makes the virtual environment, installs the project with its dev extra,
# then lints, type-checks the engine, the bots and the app, and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS=dev
. scripts/venv.sh
. scripts/chromium.sh
. scripts/postgres.sh
echo "== ruff"
ruff check engine bots app tests bench
echo "== mypy"
mypy engine bots app bench
echo "== pytest (the browser and PostgreSQL tests included: several minutes)"
python -m pytest "$@"
