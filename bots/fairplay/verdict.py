"""How unlikely a player's agreement with the hidden cards is for an honest player.

A *tell* is a decision where the best choice by the true deal is not the best choice by the
seat's view: the deal's best beats the view's best by at least a game point there. A player
who knows the deal picks the deal's best at the tells again and again; an honest player picks
it only as often as its view makes that choice look good.

How often that is, is modelled generously, so that weak and strong honest players alike stay
clear of a hold: a share `WILD` of choices made without regard to value (uniform over the
legal actions, as a beginner's odd card), the rest by a softmax over the view's values
(`TEMPERATURE` game points wide, which covers the search's own noise). The number of tells
the player matched is then compared with that honest distribution (a sum of independent
yes/no chances, a Poisson binomial): its upper tail is the attempt's *honest chance*. Below
`HOLD_BELOW` the attempt is held. `bench/fairplay.py` measures the false holds of honest
players and the holds of cheaters for these settings.

The deal is read two ways (`Weighed.truth`, and `Weighed.table` where the table's bots are
known): the tells and the honest chance are worked out for each, and the verdict is the less
likely of the two, its chance doubled so that two looks at one game hold an honest player no
more often than one did (Bonferroni).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from bots.fairplay.weighing import TIE, Weighed

WILD = 0.3
TEMPERATURE = 1.0
HOLD_BELOW = 1e-4
"""The honest chance below which an attempt is held."""


@dataclass(frozen=True)
class Tell:
    hand: int
    index: int
    kind: str
    chosen: str
    clairvoyant: tuple[str, ...]
    """The best choices by the true deal."""
    view_best: str
    honest: float
    """How likely an honest player picks one of `clairvoyant` here."""

    @property
    def matched(self) -> bool:
        return self.chosen in self.clairvoyant


@dataclass(frozen=True)
class Verdict:
    tells: tuple[Tell, ...]
    decisions: int
    """Decisions weighed (forced ones and Armut passes are not)."""
    honest_chance: float
    """The chance that an honest player matches at least as many tells."""

    @property
    def matched(self) -> int:
        return sum(tell.matched for tell in self.tells)

    @property
    def expected(self) -> float:
        """The tells an honest player matches on average."""
        return sum(tell.honest for tell in self.tells)

    @property
    def held(self) -> bool:
        return self.honest_chance < HOLD_BELOW


def verdict_of(weighed: Sequence[Weighed]) -> Verdict:
    readings = [_verdict(weighed, by_table=False)]
    if weighed and all(item.table is not None for item in weighed):
        readings.append(_verdict(weighed, by_table=True))
    least = min(readings, key=lambda verdict: verdict.honest_chance)
    return replace(least, honest_chance=min(1.0, len(readings) * least.honest_chance))


def _verdict(weighed: Sequence[Weighed], by_table: bool) -> Verdict:
    tells = tuple(tell for item in weighed if (tell := _tell(item, by_table)) is not None)
    chance = upper_tail([tell.honest for tell in tells], sum(tell.matched for tell in tells))
    return Verdict(tells, len(weighed), chance)


def _tell(item: Weighed, by_table: bool) -> Tell | None:
    """By the table's reading, a choice the table's bot would itself have made
    (`Weighed.natural`) is an honest one too."""
    if by_table:
        return tell_of(item, item.table, item.natural)
    return tell_of(item, item.truth)


def tell_of(
    item: Weighed, deal: dict[str, float] | None, natural: str | None = None
) -> Tell | None:
    """The decision as a tell by one reading of the deal (`item.truth` or `item.table`), or
    None when the view's best, or the `natural` choice, is among the deal's best."""
    if item.view is None or not deal:
        return None
    best = max(deal.values())
    clairvoyant = tuple(a for a, value in deal.items() if value > best - TIE)
    if natural in clairvoyant:
        return None
    view_best = max(item.view, key=lambda action: item.view[action] if item.view else 0.0)
    if view_best in clairvoyant:
        return None
    honest = honest_share(item.view, clairvoyant)
    return Tell(item.hand, item.index, item.kind, item.chosen, clairvoyant, view_best, honest)


def honest_share(view: dict[str, float], actions: Sequence[str]) -> float:
    """How likely the honest model picks one of `actions`, given the view's values."""
    top = max(view.values())
    weights = {a: math.exp((value - top) / TEMPERATURE) for a, value in view.items()}
    total = sum(weights.values())
    chosen = [a for a in actions if a in view]
    soft = sum(weights[a] for a in chosen) / total
    return WILD * len(chosen) / len(view) + (1 - WILD) * soft


def upper_tail(chances: Sequence[float], matched: int) -> float:
    """P(at least `matched` successes) among independent trials with these chances."""
    if matched <= 0:
        return 1.0
    counts = [1.0]
    for chance in chances:
        grown = [0.0] * (len(counts) + 1)
        for successes, p in enumerate(counts):
            grown[successes] += p * (1 - chance)
            grown[successes + 1] += p * chance
        counts = grown
    return min(1.0, sum(counts[matched:]))
