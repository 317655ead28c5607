"""The answer of `evaluate`: what one legal action is worth to the seat."""

from __future__ import annotations

from typing import NamedTuple

from engine import Action


class ActionValue(NamedTuple):
    """One legal action with the seat's expected game points and their spread (the standard
    deviation over the sampled worlds); unpacks as `(action, expected, spread)`."""

    action: Action
    expected: float
    spread: float


class Valued(NamedTuple):
    """An `ActionValue` with the seat's team's expected card points, the tie-break among
    equal scores."""

    value: ActionValue
    card_points: float


def best_first(values: list[Valued]) -> list[ActionValue]:
    """Highest expected score first; equal scores by card points, then as listed."""
    ordered = sorted(values, key=lambda v: (-v.value.expected, -v.card_points))
    return [valued.value for valued in ordered]
