"""The search's card play and announcements.

A sampled world is only a guess, and a few dozen of them leave the values noisy: the search
plays a card other than `heuristic-v1`'s only when it is better in the same worlds by more
than the noise (`SURE_BY` standard errors of the paired differences). Perfect-information
play-outs see every card, so a world's team plays better than a real one and announcements
look safer than they are: a call must add the style's margin to the best card's value and win
in a share of the worlds the style sets (`bots.search.style`). Against a soloist the search
does not call at all: in its worlds the three defenders see each other's cards, which real
defenders do not (measured: such calls won less than half the time against `heuristic-v1`).
"""

from __future__ import annotations

import random

from bots.heuristic.play import choose_card
from bots.knowledge import Knowledge
from bots.search.budget import Budget
from bots.search.evaluate import evaluate_in_full
from bots.search.style import Style
from bots.search.values import Valued, paired_gain
from engine import Act, Action, Contract, SeatView, Step

SURE_BY = 1.0
"""Standard errors by which the search's card must beat the model's to be played instead."""


def choose_play(view: SeatView, rng: random.Random, budget: Budget, style: Style) -> Action:
    values = evaluate_in_full(view, rng, budget)
    card = _card(view, [v for v in values if v.value.action.act is Act.PLAY])
    if not _may_call(view, style):
        return card.value.action
    for call in (v for v in values if v.value.action.act is Act.ANNOUNCE):
        gain = call.value.expected - card.value.expected
        if len(call.utilities) < _least_worlds(view, call, style):
            continue
        if gain >= style.call_margin and call.won_share >= _confidence(view, call, style):
            return call.value.action
    return card.value.action


def _may_call(view: SeatView, style: Style) -> bool:
    contract = view.contract
    if contract is not None and contract.is_solo and view.declarer != view.seat:
        return False
    if contract is Contract.ARMUT and not style.calls_in_armut:
        return False
    team = view.team
    replying = team is not None and view.announced[team.other] is not Step.NONE
    return style.replies or not replying


def _confidence(view: SeatView, call: Valued, style: Style) -> float:
    """How sure a call must be: a first Re or Kontra of a normal game less than the rest."""
    return style.call_confidence if _plain(view, call) else style.bold_confidence


def _least_worlds(view: SeatView, call: Valued, style: Style) -> int:
    """The fewest distinct worlds a call is made on, the same way round."""
    return style.call_worlds if _plain(view, call) else style.bold_worlds


def _plain(view: SeatView, call: Valued) -> bool:
    """A first Re or Kontra of a normal game."""
    step = call.value.action.call
    team = view.team
    return (
        step is not None
        and step.step is Step.TEAM
        and view.contract is Contract.NORMAL
        and team is not None
        and view.announced[team.other] is Step.NONE
    )


def _card(view: SeatView, plays: list[Valued]) -> Valued:
    """The best card, unless the model's card is as good within the noise."""
    best = plays[0]
    cards = [action.card for action in view.legal if action.act is Act.PLAY and action.card]
    model_card = choose_card(Knowledge(view), cards)
    model = next(v for v in plays if v.value.action.card == model_card)
    return best if _surely_better(best, model) else model


def _surely_better(one: Valued, other: Valued) -> bool:
    mean, error = paired_gain(one, other)
    return mean > 0 and mean > SURE_BY * error
