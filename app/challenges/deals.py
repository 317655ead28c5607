"""The challenge's deals in cards, for the board of a viewer who has finished it: each
hand as first dealt (an Armut redeal is in that hand's record), by seat. A seat's cards are
joined into markup here, each face drawn by the templates' `card_face` (kept per process):
written out card by card in the template, the 384 cards of a 12-hand game were most of the
board's time (`bench/challenge_board.py`). A challenge's deals never change, so each process
keeps the markup of the last few it drew, by challenge and language (`DRAWN`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup, escape

from app.languages.i18n import Translator
from app.languages.words import seat_name
from app.operations.kept import Kept
from app.storage.models import Challenge
from app.table.card_faces import CardFace, face, sorted_hand
from engine import Contract, RuleSet
from engine.contracts import card_order
from engine.deal import deal

DRAWN_KEPT = 64
"""Challenges whose drawn deals a process keeps (a board is looked at in bursts)."""


@dataclass(frozen=True)
class DealtHand:
    seat_name: str
    cards: Markup


Deals = list[list[DealtHand]]
DRAWN: Kept[tuple[str, str], Deals] = Kept(DRAWN_KEPT)


def kept_deals(
    challenge: Challenge,
    rules: RuleSet,
    words: tuple[str, Translator],
    card_face: Callable[[CardFace], Markup],
) -> Deals:
    """`deals_of` in the language `words` names (its code and translator), drawn once."""
    language, t = words
    key = (challenge.id, language)
    drawn = DRAWN.get(key)
    if drawn is None:
        drawn = deals_of(challenge, rules, t, card_face)
        DRAWN.put(key, drawn)
    return drawn


def deals_of(
    challenge: Challenge, rules: RuleSet, t: Translator, card_face: Callable[[CardFace], Markup]
) -> Deals:
    """Per hand of the game, the four hands dealt, sorted as a normal game holds them."""

    def drawn(shown: CardFace) -> str:
        title = escape(shown.name)
        return (
            f'<span class="card mini suit-{shown.suit}" title="{title}">{card_face(shown)}</span>'
        )

    order = card_order(Contract.NORMAL, False)
    deals = []
    for number in range(rules.hands_per_game):
        dealt = deal(challenge.seed, number, 0, rules.without_nines)
        deals.append(
            [
                DealtHand(
                    seat_name(seat, t),
                    Markup(
                        "".join(drawn(face(card, order, t)) for card in sorted_hand(cards, order))
                    ),
                )
                for seat, cards in enumerate(dealt.hands)
            ]
        )
    return deals
