"""`search-v3`'s worlds, one way through: the view's facts → the evidence and its weights →
the worlds (the values are then `bots.search.evaluate`'s).

1. Facts (`constraints_of`): what the view rules out; every world drawn obeys them.
2. Hand evidence (`bots.search.evidence`): `FIRST_CANDIDATES` worlds are drawn per world
   to be weighed by the card play and weighed by the likelihood of the other seats'
   reservations and calls. Where the evidence is strong (a declared solo: few candidates fit
   it), the budget's `candidates` are drawn instead, and each kept world is moved towards the
   evidence by Metropolis–Hastings swaps (`bots.search.moves`), so that the soloist's hand in
   the kept worlds is one the model would declare on, and not the same few hands over and
   over.
3. Play evidence: `PLAY_SURPLUS` worlds per world wanted are weighed by the likelihood of the
   latest cards the other seats played and resampled to the number wanted. Those weights are
   tempered where they would leave fewer than `MIN_SHARE` of the worlds effectively
   distinct, so that a few lucky worlds never decide alone.

Resampling is systematic (one random offset): low variance, and a world drawn twice is
played once by `evaluate`.
"""

from __future__ import annotations

import math
import random

from bots.search.budget import Budget
from bots.search.constraints import Constraints, constraints_of
from bots.search.evidence import (
    Choices,
    hand_evidence,
    hand_log_likelihood,
    play_log_likelihood,
)
from bots.search.inference import Evidence, played_masks, weighted_worlds
from bots.search.moves import moved
from bots.search.sampling import Sampler, World
from engine import SeatView

PLAY_SURPLUS = 3
"""Worlds weighed by the card play per world wanted. At 1.25 the resampled worlds were a
median 19 distinct of 32, and against `heuristic-v1` the hands without a call came out 0.1
game points a hand worse than `search-v2`'s; at 3, 33 of 40 are distinct (`bench/RESULTS.md`)."""
FIRST_CANDIDATES = 3
"""Candidates drawn per world weighed before the hand evidence is read: weak evidence (Re,
Kontra, silence) is served by these; strong evidence (few of them fit) gets the budget's
full `candidates`."""
MOVE_STEPS = 30
"""Swaps proposed per kept world when the hand evidence is strong (`bots.search.moves`)."""
MIN_SHARE = 0.3
"""The least effective sample size, as a share of the worlds weighed by the card play."""


def worlds_for(
    view: SeatView, rng: random.Random, count: int, budget: Budget | None
) -> list[World]:
    """The worlds a search with `budget` values its actions in: believed (`search-v3`) or
    weighed by `bots.search.inference` (`search-v1`, `search-v2`)."""
    if budget is not None and budget.believes:
        return believed_worlds(view, rng, count, budget)
    return weighted_worlds(view, rng, count, budget)


def believed_worlds(view: SeatView, rng: random.Random, count: int, budget: Budget) -> list[World]:
    """`count` worlds consistent with the view, drawn in proportion to how well they explain
    the other seats' decisions."""
    facts = constraints_of(view)
    sampler = Sampler(view, facts)
    evidence = hand_evidence(view)
    weighed = math.ceil(count * PLAY_SURPLUS)
    if evidence:
        drawn = _hands_believed(view, facts, sampler, evidence, rng, weighed, budget)
    else:
        drawn = [sampler.draw(rng) for _ in range(weighed)]
    known: Choices = {}
    weights = [play_log_likelihood(view, world, known) for world in drawn]
    return resample(drawn, tempered(weights, MIN_SHARE * len(drawn)), count, rng)


def _hands_believed(
    view: SeatView,
    facts: Constraints,
    sampler: Sampler,
    evidence: list[Evidence],
    rng: random.Random,
    kept: int,
    budget: Budget,
) -> list[World]:
    """`kept` worlds resampled by the hand evidence: `FIRST_CANDIDATES` drawn per world kept,
    the budget's `candidates` where few of those fit, and then moved towards it."""
    first = min(budget.candidates, FIRST_CANDIDATES)
    played = played_masks(view)
    drawn = [sampler.draw(rng) for _ in range(kept * first)]
    weights = [hand_log_likelihood(view, world, evidence, played) for world in drawn]
    if effective_size(weights) >= kept:
        return resample(drawn, weights, kept, rng)
    more = [sampler.draw(rng) for _ in range(kept * (budget.candidates - first))]
    weights += [hand_log_likelihood(view, world, evidence, played) for world in more]
    drawn = resample(drawn + more, weights, kept, rng)
    return [moved(view, world, facts, evidence, rng, MOVE_STEPS) for world in drawn]


def resample(
    worlds: list[World], log_weights: list[float], count: int, rng: random.Random
) -> list[World]:
    """`count` of `worlds`, each as often as its weight's share says (systematic)."""
    top = max(log_weights)
    weights = [math.exp(w - top) for w in log_weights]
    step = sum(weights) / count
    pick = rng.random() * step
    chosen, reached, index = [], weights[0], 0
    for _ in range(count):
        while pick > reached and index < len(worlds) - 1:
            index += 1
            reached += weights[index]
        chosen.append(worlds[index])
        pick += step
    return chosen


def effective_size(log_weights: list[float]) -> float:
    """How many equally weighted worlds these weights are worth (Kish)."""
    top = max(log_weights)
    weights = [math.exp(w - top) for w in log_weights]
    return sum(weights) ** 2 / sum(w * w for w in weights)


def tempered(log_weights: list[float], least: float) -> list[float]:
    """The weights raised to the largest power (at most 1) that keeps `least` effective
    worlds, found by bisection."""
    if not log_weights or effective_size(log_weights) >= least:
        return log_weights
    low, high = 0.0, 1.0
    for _ in range(12):
        middle = (low + high) / 2
        if effective_size([w * middle for w in log_weights]) >= least:
            low = middle
        else:
            high = middle
    return [w * low for w in log_weights]
