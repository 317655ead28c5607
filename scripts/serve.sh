#!/usr/bin/env bash
# Starts the game on http://127.0.0.1:8000: sets up the virtual environment, brings the
# database (SQLite under var/ unless DOKO_DATABASE_URL says otherwise) to the latest
# migration, then serves the app.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
echo "== Bringing the database to the latest migration"
python -m app.operations.migrate
# The server's defaults (127.0.0.1, $PORT or 8000) are app.operations.serve's; it logs its address.
echo "== Serving the game (Ctrl-C stops it)"
exec python -m app.operations.serve
