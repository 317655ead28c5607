"""The search's reservation: simulate the contracts worth considering, keep the model's choice
unless another clearly pays more.

Most hands have nothing to consider: no solo comes near the model's threshold and no pair of
Q♣ offers a silent solo, so `heuristic-v1`'s choice stands without any simulation (it adds
nothing there). Otherwise the candidates (the model's choice, the best solos by the model's
valuation, with both Q♣ the silent solo and the Hochzeit, and in a paired style a normal
game) are simulated over deals of the other cards. Perfect-information play-outs flatter a
soloist, so a solo must clear the style's margin (`bots.search.style`): over the model's
choice, or in a paired style over the best way of not playing alone in the same deals and
beyond the noise of that difference (in self-play the model's own solos won only about half
the time against searching defenders).
"""

from __future__ import annotations

import random

from bots.heuristic.evaluation import has_both, solo_value
from bots.heuristic.reservations import reservation_for
from bots.search.budget import Budget
from bots.search.evaluate import evaluate_in_full
from bots.search.style import Style
from bots.search.values import Valued, paired_gain
from engine import SOLOS, Act, Action, SeatView
from engine.cards import QUEEN_OF_CLUBS

SOLO_WORTH_A_LOOK = 11.0
"""`solo_value` from which a solo is simulated (the model declares from 14)."""
SOLOS_CONSIDERED = 2


def choose_reservation(view: SeatView, rng: random.Random, budget: Budget, style: Style) -> Action:
    legal = {action.act for action in view.legal}
    model = reservation_for(view.hand, legal)
    candidates = _candidates(view, model, legal, style)
    if candidates == [model]:
        return Action(view.seat, model)
    actions = [Action(view.seat, act) for act in candidates]
    values = {v.value.action.act: v for v in evaluate_in_full(view, rng, budget, actions)}
    if style.paired_solo:
        return Action(view.seat, _paired_choice(view, candidates, values, style))
    best = max(
        candidates,
        key=lambda act: values[act].value.expected - _handicap(act, model, style),
    )
    return Action(view.seat, best)


def _candidates(view: SeatView, model: Act, legal: set[Act], style: Style) -> list[Act]:
    """The model's choice, the best solos by the model's valuation, what a hand with both Q♣
    may do besides, and in a paired style a normal game."""
    solos = sorted(SOLOS, key=lambda act: -solo_value(view.hand, act.contract))
    considered = [
        act
        for act in solos[:SOLOS_CONSIDERED]
        if solo_value(view.hand, act.contract) >= SOLO_WORTH_A_LOOK
    ]
    if has_both(view.hand, QUEEN_OF_CLUBS):
        considered += [act for act in (Act.HEALTHY, Act.HOCHZEIT) if act in legal]
    elif style.paired_solo and considered:
        considered.append(Act.HEALTHY)
    return list(dict.fromkeys([model, *considered]))


def _handicap(act: Act, model: Act, style: Style) -> float:
    """A solo (a silent one included) the model did not choose starts the margin behind."""
    bold = act.is_solo or act is Act.HEALTHY
    return style.solo_margin if bold and act != model else 0.0


def _paired_choice(
    view: SeatView, candidates: list[Act], values: dict[Act, Valued], style: Style
) -> Act:
    """The best candidate, unless it plays alone and either does not clearly beat the best
    candidate that does not or wins in too few of the simulated deals."""
    best = max(candidates, key=lambda act: values[act].value.expected)
    together = [act for act in candidates if not plays_alone(view, act)]
    if not together or not plays_alone(view, best):
        return best
    best_together = max(together, key=lambda act: values[act].value.expected)
    sure = values[best].won_share >= style.solo_confidence
    if sure and _pays(values[best], values[best_together], style.solo_margin):
        return best
    return best_together


def _pays(alone: Valued, together: Valued, margin: float) -> bool:
    mean, error = paired_gain(alone, together)
    return mean >= margin and mean > error


def plays_alone(view: SeatView, act: Act) -> bool:
    """A solo: declared, or silent (healthy with both Q♣)."""
    return act.is_solo or (act is Act.HEALTHY and has_both(view.hand, QUEEN_OF_CLUBS))
