"""The answer of `evaluate`: what one legal action is worth to the seat."""

from __future__ import annotations

import math
import statistics
from typing import NamedTuple

from engine import Action


class ActionValue(NamedTuple):
    """One legal action with the seat's expected game points and their spread (the standard
    deviation over the sampled worlds); unpacks as `(action, expected, spread)`."""

    action: Action
    expected: float
    spread: float


class Valued(NamedTuple):
    """An `ActionValue` with the seat's team's expected card points (the tie-break among
    equal scores), the share of worlds in which the seat scores (its team wins), and per
    world the score with the card points as a small fraction (for paired comparisons: all
    actions of one decision are valued in the same worlds)."""

    value: ActionValue
    card_points: float
    won_share: float
    utilities: tuple[float, ...]


POINT_WEIGHT = 0.001
"""A card point's weight beside a game point in `Valued.utilities`."""


def best_first(values: list[Valued]) -> list[Valued]:
    """Highest expected score first; equal scores by card points, then as listed."""
    return sorted(values, key=lambda v: (-v.value.expected, -v.card_points))


def paired_gain(one: Valued, other: Valued) -> tuple[float, float]:
    """How much `one` beats `other` in the same worlds: the mean of the per-world differences
    and its standard error (the noise a decision must see past). Where one was valued in
    more worlds (racing), the worlds both were valued in: the first ones."""
    shared = min(len(one.utilities), len(other.utilities))
    pairs = zip(one.utilities[:shared], other.utilities[:shared], strict=True)
    differences = [a - b for a, b in pairs]
    mean = statistics.fmean(differences)
    return mean, statistics.pstdev(differences) / math.sqrt(len(differences))
