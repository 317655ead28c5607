"""A decision's loss for reviews, without the upward lean.

Valuing every action on one set of worlds and taking the best one's value less the chosen
one's leans upwards: the best of several noisy estimates is too high on average, so a perfect
player would still be charged points. Here the best action is chosen on one set of worlds and
its advantage over the chosen action measured on an independent set (paired, in the same
worlds): a chosen action that is the best on the first set loses nothing, and otherwise the
measured loss is an honest estimate, negative as often as the noise says. A decision is a
mistake only when its loss is beyond `NOISE` standard errors of that measurement and at least
`TIE` game points.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bots.search.budget import Budget
from bots.search.evaluate import evaluate_in_full
from bots.search.values import paired_gain
from engine import Action, SeatView

NOISE = 2.0
"""Standard errors a loss must exceed to be called a mistake."""
TIE = 0.05
"""Game points below which a loss is never a mistake."""


@dataclass(frozen=True)
class Verdict:
    """The chosen action against the best one: `loss` in game points (unbiased, may be
    negative) and its standard `error`."""

    chosen: Action
    best: Action
    loss: float
    error: float

    @property
    def mistake(self) -> bool:
        """Worse than the noise of the measurement can explain."""
        return self.loss >= TIE and self.loss > NOISE * self.error


def verdict(view: SeatView, chosen: Action, rng: random.Random, budget: Budget) -> Verdict:
    """`chosen` weighed: the best action by one set of worlds, the loss measured on another
    (both drawn from `rng`, independently)."""
    choosing, measuring = random.Random(rng.random()), random.Random(rng.random())
    best = evaluate_in_full(view, choosing, budget)[0].value.action
    if best == chosen:
        return Verdict(chosen, best, 0.0, 0.0)
    measured = {
        valued.value.action: valued
        for valued in evaluate_in_full(view, measuring, budget, [best, chosen])
    }
    loss, error = paired_gain(measured[best], measured[chosen])
    return Verdict(chosen, best, loss, error)
