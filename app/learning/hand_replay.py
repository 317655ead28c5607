"""A finished hand, trick by trick, with every card open: what the review page steps through.

Step 0 is the table when the first card is led (after the reservations and any Armut
exchange); step k shows trick k and everything as it stood when that trick was complete: the
cards still held, the card points each player had taken, the announcements made, and the teams
as the human could tell them then.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.languages.i18n import Translator
from app.languages.words import POSITIONS, RESERVATIONS, seat_name, team_name
from app.table.card_faces import CardFace, PlayedCard, face, played_card, sorted_hand
from app.table.service import HUMAN
from app.table.table_notes import CallShown, calls_shown
from engine import HandRecord, Phase, view_of
from engine.hand import Hand


@dataclass(frozen=True)
class SeatAtStep:
    name: str
    position: str
    cards: tuple[CardFace, ...]
    points: int
    """Card points in the tricks this player has won so far."""
    team: str | None
    """As the human could tell it at that moment."""
    declaration: str | None


@dataclass(frozen=True)
class TrickAtStep:
    leader: str
    winner: str
    points: int
    cards: tuple[PlayedCard, ...]


@dataclass(frozen=True)
class ReplayStep:
    number: int
    trick: TrickAtStep | None
    seats: tuple[SeatAtStep, ...]
    calls: tuple[CallShown, ...]


def replay_steps(record: HandRecord, t: Translator) -> list[ReplayStep]:
    """Step 0 and one step per trick of a finished hand, in the words of `t`."""
    hand = record.new_hand()
    steps: list[ReplayStep] = []
    for action in record.actions:
        if hand.phase is Phase.PLAY and not steps:
            steps.append(_step(hand, 0, t))
        hand.apply(action)
        if hand.tricks and len(hand.tricks) == len(steps):
            steps.append(_step(hand, len(hand.tricks), t))
    return steps


def _step(hand: Hand, number: int, t: Translator) -> ReplayStep:
    order = hand.order
    view = view_of(hand, HUMAN)
    declared = dict(hand.declarations)
    points = [0, 0, 0, 0]
    for taken in hand.tricks:
        points[taken.winner] += taken.points
    seats = tuple(
        SeatAtStep(
            name=seat_name(seat, t),
            position=POSITIONS[seat],
            cards=tuple(face(card, order, t) for card in sorted_hand(hand.cards_of(seat), order)),
            points=points[seat],
            team=team_name(view.teams[seat], t) if view.teams[seat] else None,
            declaration=t.gettext(RESERVATIONS[declared[seat].value]) if seat in declared else None,
        )
        for seat in range(4)
    )
    trick: TrickAtStep | None = None
    if number:
        done = hand.tricks[number - 1]
        cards = tuple(played_card(seat, card, order, t, done.winner) for seat, card in done.plays())
        trick = TrickAtStep(
            seat_name(done.leader, t),
            seat_name(done.winner, t),
            done.points,
            cards,
        )
    return ReplayStep(number, trick, seats, calls_shown(view, t))
