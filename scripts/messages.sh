#!/usr/bin/env bash
# Extracts the site's English messages into locales/messages.pot and merges them into every
# language's catalog (new messages arrive empty; the catalog test then names them). A run that
# finds no new or changed message leaves every file as it was, its creation date included.
set -euo pipefail
cd "$(dirname "$0")/.."
extracted=$(mktemp)
trap 'rm -f "$extracted"' EXIT
pybabel extract -F babel.cfg -k N_ -k NC_:1c,2 -k pgettext:1c,2 --no-location --sort-output \
  --project Doko -o "$extracted" .
if ! diff -q <(grep -v '^"POT-Creation-Date' "$extracted") \
  <(grep -v '^"POT-Creation-Date' locales/messages.pot 2>/dev/null) >/dev/null; then
  cp "$extracted" locales/messages.pot
fi
for po in $(ls locales/*/LC_MESSAGES/messages.po 2>/dev/null); do
  lang=$(basename "$(dirname "$(dirname "$po")")")
  pybabel update -i locales/messages.pot -d locales -l "$lang" --no-fuzzy-matching --ignore-obsolete \
    --ignore-pot-creation-date
done
