"""The search's reservation: simulate the contracts worth considering, keep the model's choice
unless another clearly pays more.

Most hands have nothing to consider: no solo comes near the model's threshold and no pair of
Q♣ offers a silent solo, so `heuristic-v1`'s choice stands without any simulation (it adds
nothing there). Otherwise the candidates (the model's choice, the best solos by the model's
valuation, and with both Q♣ the silent solo and the Hochzeit) are simulated over deals of the
other cards. Perfect-information play-outs flatter a soloist a little, so a solo must beat the
model's choice by `SOLO_MARGIN` game points.
"""

from __future__ import annotations

import random

from bots.heuristic.evaluation import QUEEN_OF_CLUBS, has_both, solo_value
from bots.heuristic.reservations import reservation_for
from bots.search.budget import Budget
from bots.search.evaluate import evaluate
from engine import SOLOS, Act, Action, SeatView

SOLO_WORTH_A_LOOK = 11.0
"""`solo_value` from which a solo is simulated (the model declares from 14)."""
SOLOS_CONSIDERED = 2
SOLO_MARGIN = 1.0
"""Game points a solo must gain over the model's choice to be declared instead."""


def choose_reservation(view: SeatView, rng: random.Random, budget: Budget) -> Action:
    legal = {action.act for action in view.legal}
    model = reservation_for(view.hand, legal)
    candidates = _candidates(view, model, legal)
    if candidates == [model]:
        return Action(view.seat, model)
    actions = [Action(view.seat, act) for act in candidates]
    values = {value.action.act: value.expected for value in evaluate(view, rng, budget, actions)}
    best = max(candidates, key=lambda act: values[act] - _handicap(act, model))
    return Action(view.seat, best)


def _candidates(view: SeatView, model: Act, legal: set[Act]) -> list[Act]:
    solos = sorted(SOLOS, key=lambda act: -solo_value(view.hand, act.contract))
    considered = [
        act
        for act in solos[:SOLOS_CONSIDERED]
        if solo_value(view.hand, act.contract) >= SOLO_WORTH_A_LOOK
    ]
    if has_both(view.hand, QUEEN_OF_CLUBS):
        considered += [act for act in (Act.HEALTHY, Act.HOCHZEIT) if act in legal]
    return [model, *(act for act in considered if act != model)]


def _handicap(act: Act, model: Act) -> float:
    """A solo (a silent one included) the model did not choose starts `SOLO_MARGIN` behind."""
    bold = act.is_solo or act is Act.HEALTHY
    return SOLO_MARGIN if bold and act != model else 0.0
