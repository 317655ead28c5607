#!/usr/bin/env bash
# Extracts the site's English messages into locales/messages.pot and merges them into every
# language's catalog (new messages arrive empty; the catalog test then names them).
set -euo pipefail
cd "$(dirname "$0")/.."
pybabel extract -F babel.cfg -k N_ -k NC_:1c,2 -k pgettext:1c,2 --no-location --sort-output \
  --project Doko -o locales/messages.pot .
for po in $(ls locales/*/LC_MESSAGES/messages.po 2>/dev/null); do
  lang=$(basename "$(dirname "$(dirname "$po")")")
  pybabel update -i locales/messages.pot -d locales -l "$lang" --no-fuzzy-matching --ignore-obsolete
done
