"""The table as the human saw it at each decision of a reviewed hand: the cards in hand and the
trick so far, with the chosen and the better card marked.

Only what the human could see then: the own hand and the cards already on the table (the
review's trick pages show the other hands open; a decision's position does not need them).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from app.languages.i18n import Translator
from app.learning.review import Decision, human_moments
from app.table.card_faces import CardFace, PlayedCard, face, played_card, sorted_hand
from engine import Action, HandRecord, Phase, SeatView


@dataclass(frozen=True)
class MarkedCard:
    face: CardFace
    chosen: bool
    """The card the human played (or passed)."""
    better: bool
    """The card the review found better."""


@dataclass(frozen=True)
class Position:
    trick: int
    """The 1-based trick being played; 0 before the card play."""
    hand: tuple[MarkedCard, ...]
    played: tuple[PlayedCard, ...]
    """The trick so far, in the order its cards were played."""


def decision_positions(
    record: HandRecord, decisions: Iterable[Decision], t: Translator
) -> dict[int, Position]:
    """Each decision's position, by the decision's index in the record."""
    wanted = {decision.index: decision for decision in decisions}
    positions = {}
    for moment in human_moments(record):
        decision = wanted.get(moment.index)
        if decision is not None:
            positions[moment.index] = position_of(moment.view, decision, t)
    return positions


def position_of(view: SeatView, decision: Decision, t: Translator) -> Position:
    order = view.order
    chosen = cards_of(decision.chosen)
    better = cards_of(decision.best) if decision.better_found else Counter()
    hand = []
    for card in sorted_hand(view.hand, order):
        code = str(card)
        marked = MarkedCard(face(card, order, t), chosen[code] > 0, better[code] > 0)
        chosen[code] -= marked.chosen
        better[code] -= marked.better
        hand.append(marked)
    played = tuple(played_card(seat, card, order, t, None) for seat, card in view.current_trick)
    trick = view.trick_number if view.phase is Phase.PLAY else 0
    return Position(trick, tuple(hand), played)


def cards_of(notation: str) -> Counter[str]:
    """The cards an action's notation names (`play QC`, `armut-give QC 10H 9S`), by code; the
    engine reads the notation (the seat plays no part in which cards it names)."""
    action = Action.parse(0, notation)
    named = action.cards if action.card is None else (action.card,)
    return Counter(str(card) for card in named)
