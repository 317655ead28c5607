"""The review of a finished hand: every decision the human made, weighed by the strong level's
evaluation from what the human could see at that moment.

A decision's loss is what the best action is expected to bring more than the chosen one, in
game points for the human's team, measured without the upward lean of the best of several
noisy estimates: the best action is picked on one set of sampled worlds and its advantage
over the chosen action measured on an independent set, paired world by world, with its
standard error. The loss is then an honest estimate (negative as often as the noise says when
the two are equal), and a decision is a mistake only when its loss is beyond `NOISE` standard
errors as well as above `MISTAKE`. The evaluation sees only the human's view then, never the
hidden cards, so a review judges the decision, not the luck.

Reviews stored before this measure (`Decision.measured` false) valued every action on one
set of worlds and charged the best less the chosen, never below 0; they are shown as they
were.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from app.table.service import HUMAN
from bots.search.contrast import Difference
from bots.search.values import Valued, paired_gain
from engine import Act, Action, HandRecord, Phase, SeatView, view_of

MISTAKE = 0.5
"""Game points a decision must cost to be marked a mistake."""
BLUNDER = 1.5
"""… and a blunder."""
NOISE = 2.0
"""Standard errors a loss must exceed before a better action counts as found."""
TIE = 0.05
"""Losses in expected game points below this are ties: no better action found."""
SHOWN_OPTIONS = 3
"""Options kept per decision: the chosen one and the best few."""

Evaluate = Callable[[SeatView, random.Random, Action, Sequence[Action] | None], Sequence[Valued]]
"""The given actions (None: every action worth weighing, the chosen one, the third argument,
always among them) valued in one set of worlds drawn from the rng, each with its expected
game points, their standard error and its value world by world (the same worlds for all)."""


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
    """Every action's value in the worlds that picked the best one."""
    reason: Difference | None = None
    """Why the best action was better, from the search's play-outs (`bots.search.contrast`);
    None where no better action was found, and in reviews stored before reasons were given."""
    measured: bool = False
    """The loss was measured on worlds independent of those that picked the best action
    (unbiased, may be negative), `spread` being its paired standard error. False in reviews
    stored before: the same worlds, the loss never below 0 and leaning high."""

    @property
    def better_found(self) -> bool:
        """Another action was better by more than a tie and, when measured, by more than the
        noise of the measurement."""
        if self.best == self.chosen or self.loss < TIE:
            return False
        return self.loss > NOISE * self.spread if self.measured else True

    @property
    def within_noise(self) -> bool:
        """Another action looked best, but the measurement cannot tell it from the choice."""
        return self.measured and self.best != self.chosen and not self.better_found

    @property
    def grade(self) -> str:
        """`blunder`, `mistake` or empty: never for a decision within the noise."""
        if not self.better_found:
            return ""
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
    """One decision weighed; deterministic in the moment and the seed. The best action is
    picked on one set of worlds; when it is not the chosen one, the two are valued again on
    an independent set, and the loss is the difference there."""
    view, chosen = moment.view, moment.chosen
    if len(view.legal) == 1:
        return _forced(moment)
    rng = random.Random(f"{seed}/review/{moment.index}")
    choosing, measuring = random.Random(rng.random()), random.Random(rng.random())
    ranked = sorted(
        (valued.value for valued in evaluate(view, choosing, chosen, None)),
        key=lambda value: (-value.expected, value.action != chosen),
    )
    options = [Option(value.action.notation, value.expected, value.spread) for value in ranked]
    best, mine = ranked[0], next(value for value in ranked if value.action == chosen)
    shown = tuple(options[:SHOWN_OPTIONS])
    shown += () if chosen.notation in {o.action for o in shown} else (options[ranked.index(mine)],)
    expected_best = expected_chosen = mine.expected
    loss = error = 0.0
    if best.action != chosen:
        measured = {
            v.value.action: v for v in evaluate(view, measuring, chosen, [best.action, chosen])
        }
        better, own = measured[best.action], measured[chosen]
        expected_best, expected_chosen = better.value.expected, own.value.expected
        loss, error = expected_best - expected_chosen, paired_gain(better, own)[1]
    return Decision(
        index=moment.index,
        trick=_trick(view),
        kind=_kind(chosen.act),
        chosen=chosen.notation,
        best=best.action.notation,
        expected_chosen=round(expected_chosen, 3),
        expected_best=round(expected_best, 3),
        loss=round(loss, 3),
        spread=round(error, 3),
        forced=False,
        options=shown,
        measured=True,
    )


def _forced(moment: Moment) -> Decision:
    only = Option(moment.chosen.notation, 0.0, 0.0)
    return Decision(
        index=moment.index,
        trick=_trick(moment.view),
        kind=_kind(moment.chosen.act),
        chosen=only.action,
        best=only.action,
        expected_chosen=0.0,
        expected_best=0.0,
        loss=0.0,
        spread=0.0,
        forced=True,
        options=(only,),
        measured=True,
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
    measured: bool
    """Every decision's loss was measured on independent worlds (see `Decision.measured`)."""

    @property
    def beyond_noise(self) -> bool:
        """The hand's loss is more than its noise can explain."""
        return self.loss >= TIE and self.loss > NOISE * self.spread


def summarise(decisions: Sequence[Decision]) -> Summary:
    """The hand's total loss with its uncertainty (the standard errors added in quadrature),
    and every decision, the worst first (equal losses in the order they were made)."""
    loss = sum(decision.loss for decision in decisions)
    spread = math.sqrt(sum(decision.spread**2 for decision in decisions))
    worst_first = sorted(decisions, key=lambda decision: -decision.loss)
    measured = all(decision.measured for decision in decisions)
    return Summary(round(loss, 2), round(spread, 2), tuple(worst_first), measured)
