"""Finding a card in a text: card codes and every card word of a language, from the catalogs.
Shared by several test modules (moved out of `tests/web/test_share.py`, so that no test module
imports another)."""

from __future__ import annotations

import re

from app.languages.i18n import writing
from app.languages.words import RANK_NAMES, SUIT_NAMES, card_name
from engine.cards import CARDS

CARD_CODE = re.compile(r"(?<![\w])(?:10|[AKQJ9])[CSHD](?![\w])")


def card_words(language: str) -> set[str]:
    """Every card's name in the language, and its ranks' and suits' names, lower case."""
    t = writing(language).words
    names = {card_name(card, t) for card in CARDS}
    names |= {t.gettext(rank) for rank in RANK_NAMES.values()}
    names |= {t.pgettext("card", suit) for suit in SUIT_NAMES.values()}
    return {name.lower() for name in names}


def spoils(text: str, language: str) -> list[str]:
    """The card codes and card words found in the text (words matched whole)."""
    found = CARD_CODE.findall(text)
    lowered = text.lower()
    for name in card_words(language):
        if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", lowered):
            found.append(name)
    return found
