"""The search's card play and announcements.

A sampled world is only a guess, and a few dozen of them leave the values noisy: the search
plays a card other than `heuristic-v1`'s only when it is better in the same worlds by more
than the noise (`SURE_BY` standard errors of the paired differences). Perfect-information
play-outs see every card, so a world's team plays better than a real one and announcements
look safer than they are: a call must add `CALL_MARGIN` game points to the best card and win
in `CALL_CONFIDENCE` of the worlds. Against a soloist the search does not call at all: in its
worlds the three defenders see each other's cards, which real defenders do not (measured: such
calls won less than half the time against `heuristic-v1`).
"""

from __future__ import annotations

import math
import random
import statistics

from bots.heuristic.play import choose_card
from bots.knowledge import Knowledge
from bots.search.budget import Budget
from bots.search.evaluate import evaluate_in_full
from bots.search.values import Valued
from engine import Act, Action, SeatView

CALL_MARGIN = 0.5
"""Game points an announcement must add to the best card's expected score."""
CALL_CONFIDENCE = 0.85
"""Share of the sampled worlds an announcement must win in."""
SURE_BY = 1.0
"""Standard errors by which the search's card must beat the model's to be played instead."""


def choose_play(view: SeatView, rng: random.Random, budget: Budget) -> Action:
    values = evaluate_in_full(view, rng, budget)
    card = _card(view, [v for v in values if v.value.action.act is Act.PLAY])
    if _defending_a_solo(view):
        return card.value.action
    for call in (v for v in values if v.value.action.act is Act.ANNOUNCE):
        gain = call.value.expected - card.value.expected
        if gain >= CALL_MARGIN and call.won_share >= CALL_CONFIDENCE:
            return call.value.action
    return card.value.action


def _defending_a_solo(view: SeatView) -> bool:
    contract = view.contract
    return contract is not None and contract.is_solo and view.declarer != view.seat


def _card(view: SeatView, plays: list[Valued]) -> Valued:
    """The best card, unless the model's card is as good within the noise."""
    best = plays[0]
    cards = [action.card for action in view.legal if action.act is Act.PLAY and action.card]
    model_card = choose_card(Knowledge(view), cards)
    model = next(v for v in plays if v.value.action.card == model_card)
    return best if _surely_better(best, model) else model


def _surely_better(one: Valued, other: Valued) -> bool:
    differences = [a - b for a, b in zip(one.utilities, other.utilities, strict=True)]
    mean = statistics.fmean(differences)
    error = statistics.pstdev(differences) / math.sqrt(len(differences))
    return mean > 0 and mean > SURE_BY * error
