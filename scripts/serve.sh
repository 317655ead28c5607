#!/usr/bin/env bash
# Starts the game on http://127.0.0.1:8000 after setting up the virtual environment.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/venv.sh
echo "The web game comes with a later release. Meanwhile: python -m engine.replay RECORD.json" >&2
exit 1
