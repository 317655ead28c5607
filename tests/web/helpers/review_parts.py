"""A scripted evaluation for the review's tests. Shared by several test modules (moved out of
`tests/web/test_review_parts.py`, so that no test module imports another)."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

from app.learning.review import Evaluate
from bots.search.values import ActionValue, Valued, best_first
from engine import Action, SeatView

WORLDS = 8
"""Worlds a scripted evaluation values each action in."""


def scripted(values: dict[str, float], others: float = -5.0, noise: float = 0.0) -> Evaluate:
    """An evaluation giving fixed values (spread 0.2) to the named actions, `others` to the
    rest; with `noise`, each world's value strays from it by that standard deviation."""

    def evaluate(
        view: SeatView, rng: random.Random, chosen: Action, actions: Sequence[Action] | None
    ) -> list[Valued]:
        valued = []
        for action in view.legal if actions is None else actions:
            value = values.get(action.notation, others)
            worlds = tuple(value + (rng.gauss(0, noise) if noise else 0) for _ in range(WORLDS))
            mean = statistics.fmean(worlds)
            valued.append(Valued(ActionValue(action, mean, 0.2), 0.0, 0.5, worlds))
        return best_first(valued)

    return evaluate
