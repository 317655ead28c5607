"""Racing the cards of one decision (`search-v3`): the budget spent where it decides.

All legal cards are played out in a first half of the worlds; a card whose mean is behind the
best one's by more than `RACE_BY` standard errors of their paired difference is dropped, and
the play-outs it would have had go to the cards still close, in further worlds (at most
`budget.worlds` in all beyond the first round). A dropped card keeps its first-round value.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable

from bots.search.budget import Budget
from bots.search.playouts import Outcome
from bots.search.values import POINT_WEIGHT

RACE_BY = 2.5
"""Standard errors by which a card must be behind the best to leave the race."""
MIN_WORLDS = 4

Round = Callable[[int, list[int]], list[dict[int, Outcome]]]
"""Plays the given cards in that many fresh worlds: per world, each card's outcome."""


def raced_outcomes(budget: Budget, cards: list[int], play: Round) -> list[dict[int, Outcome]]:
    """Per world, the outcomes of the cards played there (all of them in the first round)."""
    first = max(MIN_WORLDS, min(budget.worlds, budget.playouts // len(cards)) // 2)
    per_world = play(first, cards)
    left = survivors(cards, per_world)
    if len(left) < 2:
        return per_world
    spare = budget.playouts - first * len(cards)
    more = min(budget.worlds, spare // len(left))
    return per_world + play(more, left) if more > 0 else per_world


def survivors(cards: list[int], per_world: list[dict[int, Outcome]]) -> list[int]:
    """The cards not clearly behind the best on these worlds."""
    utility = {card: [_utility(o[card]) for o in per_world] for card in cards}
    best = max(cards, key=lambda card: statistics.fmean(utility[card]))
    return [card for card in cards if not _behind(utility[card], utility[best])]


def _utility(outcome: Outcome) -> float:
    return outcome.scores[0] + POINT_WEIGHT * outcome.points


def _behind(one: list[float], best: list[float]) -> bool:
    differences = [b - a for a, b in zip(one, best, strict=True)]
    mean = statistics.fmean(differences)
    error = statistics.pstdev(differences) / math.sqrt(len(differences))
    return mean > RACE_BY * error and mean > 0
