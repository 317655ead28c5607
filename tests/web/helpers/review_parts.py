"""A scripted evaluation for the review's tests. Shared by several test modules (moved out of
`tests/web/test_review_parts.py`, so that no test module imports another)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from app.learning.review import (
    Evaluate,
)
from engine import Action, SeatView


def scripted(values: dict[str, float]) -> Evaluate:
    """An evaluation giving fixed values (spread 0.2) to the named actions, -5 to others."""

    def evaluate(
        view: SeatView, rng: random.Random, chosen: Action
    ) -> Sequence[tuple[Action, float, float]]:
        return [(a, values.get(a.notation, -5.0), 0.2) for a in view.legal]

    return evaluate
