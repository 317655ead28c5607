"""The challenge's deals in cards, for the board of a viewer who has finished it: each
hand as first dealt (an Armut redeal is in that hand's record), by seat."""

from __future__ import annotations

from dataclasses import dataclass

from app.i18n import Translator
from app.models import Challenge
from app.presenter import CardFace, face, sorted_hand
from app.words import seat_name
from engine import Contract, RuleSet
from engine.contracts import card_order
from engine.deal import deal


@dataclass(frozen=True)
class DealtHand:
    seat_name: str
    cards: tuple[CardFace, ...]


def deals_of(challenge: Challenge, rules: RuleSet, t: Translator) -> list[list[DealtHand]]:
    """Per hand of the game, the four hands dealt, sorted as a normal game holds them."""
    order = card_order(Contract.NORMAL, False)
    deals = []
    for number in range(rules.hands_per_game):
        dealt = deal(challenge.seed, number, 0, rules.without_nines)
        deals.append(
            [
                DealtHand(
                    seat_name(seat, t),
                    tuple(face(card, order, t) for card in sorted_hand(cards, order)),
                )
                for seat, cards in enumerate(dealt.hands)
            ]
        )
    return deals
