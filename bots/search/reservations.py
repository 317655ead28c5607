"""The search's reservation: simulate the contracts worth considering and take the best,
but play alone only when that clearly pays.

Most hands have nothing to consider: no solo comes near the model's threshold, no pair of Q♣
offers a silent solo and no Armut is allowed, so `heuristic-v1`'s choice (healthy) stands
without any simulation: it adds nothing there. Otherwise the candidates (the model's choice,
the best solos by the model's valuation, a normal game, and with both Q♣ the silent solo and
the Hochzeit) are simulated over deals of the other cards. Perfect-information play-outs
flatter a soloist, and in self-play the model's own solos (`solo_value` 14 and more) won only
about half the time against searching defenders, so a solo, the model's included, must beat
the best way of not playing alone by `SOLO_MARGIN` game points in the same deals, and by more
than the noise of that difference.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable

from bots.heuristic.evaluation import QUEEN_OF_CLUBS, has_both, solo_value
from bots.heuristic.reservations import reservation_for
from bots.search.budget import Budget
from bots.search.evaluate import evaluate_in_full
from bots.search.values import Valued
from engine import SOLOS, Act, Action, SeatView

SOLO_WORTH_A_LOOK = 11.0
"""`solo_value` from which a solo is simulated (the model declares from 14)."""
SOLOS_CONSIDERED = 2
SOLO_MARGIN = 1.0
"""Game points a solo must gain over the best choice that does not play alone."""


def choose_reservation(view: SeatView, rng: random.Random, budget: Budget) -> Action:
    legal = {action.act for action in view.legal}
    model = reservation_for(view.hand, legal)
    candidates = _candidates(view, model, legal)
    if candidates == [model]:
        return Action(view.seat, model)
    actions = [Action(view.seat, act) for act in candidates]
    values = {v.value.action.act: v for v in evaluate_in_full(view, rng, budget, actions)}
    best = max(candidates, key=_expected(values))
    safe = [act for act in candidates if not _alone(view, act)]
    if safe and _alone(view, best):
        best_safe = max(safe, key=_expected(values))
        if not _pays(values[best], values[best_safe]):
            return Action(view.seat, best_safe)
    return Action(view.seat, best)


def _expected(values: dict[Act, Valued]) -> Callable[[Act], float]:
    return lambda act: values[act].value.expected


def _pays(alone: Valued, safe: Valued) -> bool:
    """Playing alone beats the safe choice in the same deals by `SOLO_MARGIN` on average,
    and by more than the standard error of that average."""
    differences = [a - b for a, b in zip(alone.utilities, safe.utilities, strict=True)]
    mean = statistics.fmean(differences)
    error = statistics.pstdev(differences) / math.sqrt(len(differences))
    return mean >= SOLO_MARGIN and mean > error


def _candidates(view: SeatView, model: Act, legal: set[Act]) -> list[Act]:
    """The model's choice, the best solos by the model's valuation, and what a hand with both
    Q♣ may do besides; a normal game is always among them."""
    solos = sorted(SOLOS, key=lambda act: -solo_value(view.hand, act.contract))
    considered = [
        act
        for act in solos[:SOLOS_CONSIDERED]
        if solo_value(view.hand, act.contract) >= SOLO_WORTH_A_LOOK
    ]
    if has_both(view.hand, QUEEN_OF_CLUBS):
        considered += [act for act in (Act.HEALTHY, Act.HOCHZEIT) if act in legal]
    else:
        considered.append(Act.HEALTHY)
    return list(dict.fromkeys([model, *considered]))


def _alone(view: SeatView, act: Act) -> bool:
    """A solo: declared, or silent (healthy with both Q♣)."""
    return act.is_solo or (act is Act.HEALTHY and has_both(view.hand, QUEEN_OF_CLUBS))
