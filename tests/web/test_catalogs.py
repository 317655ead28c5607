"""Every language's catalog holds every message of the site, translated, not fuzzy, with the
same placeholders as the English message (Babel's checkers). The messages are extracted from
the code and templates here, so a new English message fails the test until it is translated
(`scripts/messages.sh` adds it to each catalog)."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from app.languages.i18n import LANGUAGES, SOURCE, read_catalog
from tests.web.helpers.catalogs import site_messages

TRANSLATED = [language for language in LANGUAGES if language != SOURCE]


def _key(catalog: Catalog, message_id: str | tuple[str, str]) -> object:
    if isinstance(message_id, tuple):
        return catalog.get(message_id[1], context=message_id[0])
    return catalog.get(message_id)


def test_the_site_has_messages_to_translate() -> None:
    assert len(site_messages()) > 200


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated(language: str) -> None:
    catalog = read_catalog(language)
    missing = [m for m in site_messages() if not _translated(_key(catalog, m))]
    assert not missing, f"{language}: {len(missing)} messages missing, e.g. {missing[:5]}"
    fuzzy = [message.id for message in catalog if message.id and message.fuzzy]
    assert not fuzzy, f"{language}: fuzzy translations {fuzzy[:5]}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_match_the_english(language: str) -> None:
    problems = [
        (message.id, [str(error) for error in errors])
        for message, errors in read_catalog(language).check()
    ]
    assert not problems, f"{language}: {problems[:5]}"


def _translated(message: object) -> bool:
    strings = getattr(message, "string", None)
    if isinstance(strings, tuple | list):
        return all(strings)
    return bool(strings)
