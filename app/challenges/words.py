"""A hand's result on the challenge board in words: the contract and who held Re."""

from __future__ import annotations

from typing import Any

from app.languages.i18n import Translator
from app.languages.words import BOT_NAMES, CONTRACTS
from engine import Contract


def contract_words(hand: dict[str, Any], t: Translator) -> str:
    return t.gettext(CONTRACTS[Contract(hand["contract"])])


def re_words(hand: dict[str, Any], t: Translator) -> str:
    """The team of the board's player (seat 0) and who held Re with or against them."""
    seats = [int(seat) for seat in hand["re"]]
    others = ", ".join(BOT_NAMES[seat - 1] for seat in seats if seat != 0)
    if 0 in seats:
        if not others:
            return t.gettext("Re alone")
        return t.gettext("Re with %(players)s") % {"players": others}
    return t.gettext("Kontra against %(players)s") % {"players": others}
