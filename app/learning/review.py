"""The review of a finished hand: every decision the human made, weighed by the strong level's
evaluation from what the human could see at that moment.

A decision's loss is what the best action was expected to bring minus what the chosen one
was, in game points for the human's team (never below 0). The evaluation sees only the
human's view then, never the hidden cards, so a review judges the decision, not the luck.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from app.table.service import HUMAN
from bots.search.contrast import Difference
from engine import Act, Action, HandRecord, Phase, SeatView, view_of

MISTAKE = 0.5
"""Game points a decision must cost to be marked a mistake."""
BLUNDER = 1.5
"""… and a blunder."""
TIE = 0.05
"""Differences in expected game points below this are ties: no loss."""
SHOWN_OPTIONS = 3
"""Options kept per decision: the chosen one and the best few."""

Evaluate = Callable[[SeatView, random.Random, Action], Sequence[tuple[Action, float, float]]]
"""Legal actions with the seat's expected game points and their spread; the chosen action
(the third argument) always among them."""


@dataclass(frozen=True)
class Option:
    action: str
    expected: float
    spread: float


@dataclass(frozen=True)
class Decision:
    index: int
    """Position of the chosen action in the hand's record."""
    trick: int
    """The 1-based trick being played when it was decided (0: before the first card)."""
    kind: str
    """`reservation`, `armut`, `announcement` or `card`."""
    chosen: str
    best: str
    expected_chosen: float
    expected_best: float
    loss: float
    spread: float
    forced: bool
    """Nothing else was legal (and no announcement either): nothing to weigh."""
    options: tuple[Option, ...]
    reason: Difference | None = None
    """Why the best action was better, from the search's play-outs (`bots.search.contrast`);
    None where nothing was lost, and in reviews stored before reasons were given."""

    @property
    def grade(self) -> str:
        """`blunder`, `mistake` or empty."""
        if self.loss >= BLUNDER:
            return "blunder"
        return "mistake" if self.loss >= MISTAKE else ""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Decision:
        options = tuple(Option(**option) for option in data["options"])
        reason = Difference(**data["reason"]) if data.get("reason") else None
        return Decision(**{**data, "options": options, "reason": reason})


@dataclass(frozen=True)
class Moment:
    """A decision of the human waiting to be weighed."""

    index: int
    view: SeatView
    chosen: Action


def human_moments(record: HandRecord) -> Iterator[Moment]:
    """Every action of the human in the hand, with the view the human had just before it."""
    hand = record.new_hand()
    for index, action in enumerate(record.actions):
        if action.seat == HUMAN:
            yield Moment(index, view_of(hand, HUMAN), action)
        hand.apply(action)


def weigh(moment: Moment, evaluate: Evaluate, seed: str) -> Decision:
    """One decision weighed; deterministic in the moment and the seed."""
    view, chosen = moment.view, moment.chosen
    index, trick, kind = moment.index, _trick(view), _kind(chosen.act)
    if len(view.legal) == 1:
        only = Option(chosen.notation, 0.0, 0.0)
        return Decision(
            index=index,
            trick=trick,
            kind=kind,
            chosen=only.action,
            best=only.action,
            expected_chosen=0.0,
            expected_best=0.0,
            loss=0.0,
            spread=0.0,
            forced=True,
            options=(only,),
        )
    rng = random.Random(f"{seed}/review/{moment.index}")
    ranked = sorted(
        (
            Option(action.notation, value, spread)
            for action, value, spread in evaluate(view, rng, chosen)
        ),
        key=lambda option: -option.expected,
    )
    best = ranked[0]
    mine = next(option for option in ranked if option.action == chosen.notation)
    shown = tuple(ranked[:SHOWN_OPTIONS]) + (() if mine in ranked[:SHOWN_OPTIONS] else (mine,))
    loss = best.expected - mine.expected
    loss = loss if loss >= TIE else 0.0
    return Decision(
        index=index,
        trick=trick,
        kind=kind,
        chosen=mine.action,
        best=best.action if loss > 0 else mine.action,
        expected_chosen=round(mine.expected, 3),
        expected_best=round(best.expected, 3),
        loss=round(loss, 3),
        spread=round(math.hypot(best.spread, mine.spread) if loss > 0 else 0.0, 3),
        forced=False,
        options=shown,
    )


def _kind(act: Act) -> str:
    if act.is_reservation:
        return "reservation"
    if act is Act.ANNOUNCE:
        return "announcement"
    return "card" if act is Act.PLAY else "armut"


def _trick(view: SeatView) -> int:
    return view.trick_number if view.phase is Phase.PLAY else 0


@dataclass(frozen=True)
class Summary:
    loss: float
    spread: float
    worst_first: tuple[Decision, ...]


def summarise(decisions: Sequence[Decision]) -> Summary:
    """The hand's total loss with its uncertainty (the spreads added in quadrature), and every
    decision, the worst first (equal losses in the order they were made)."""
    loss = sum(decision.loss for decision in decisions)
    spread = math.sqrt(sum(decision.spread**2 for decision in decisions))
    worst_first = sorted(decisions, key=lambda decision: -decision.loss)
    return Summary(round(loss, 2), round(spread, 2), tuple(worst_first))
