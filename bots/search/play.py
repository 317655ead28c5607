"""The search's card play and announcements.

A sampled world is only a guess, and a few dozen of them leave the values noisy: the search
plays a card other than `heuristic-v1`'s only when it is better in the same worlds by more
than the noise (`SURE_BY` standard errors of the paired differences). Perfect-information
play-outs see every card, so a world's team plays better than a real one and announcements
look safer than they are: a call must add `CALL_MARGIN` game points to the best card and win
in `CALL_CONFIDENCE` of the worlds, `BOLD_CONFIDENCE` for the calls that went wrong most in
self-play (steps beyond Re/Kontra, replies, and any call outside a normal game, where the
worlds know least). Against a soloist the search does not call at all: in its worlds the three
defenders see each other's cards, which real defenders do not (such calls won less than half
the time against `heuristic-v1`); nor in an Armut game.
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
from engine import Act, Action, Contract, SeatView, Step

CALL_MARGIN = 0.5
"""Game points an announcement must add to the best card's expected score."""
CALL_CONFIDENCE = 0.9
"""Share of the sampled worlds a Re or Kontra of a normal game must win in."""
BOLD_CONFIDENCE = 0.95
"""The same for every other call."""
SURE_BY = 1.0
"""Standard errors by which the search's card must beat the model's to be played instead."""


def choose_play(view: SeatView, rng: random.Random, budget: Budget) -> Action:
    values = evaluate_in_full(view, rng, budget)
    card = _card(view, [v for v in values if v.value.action.act is Act.PLAY])
    if not _may_call(view):
        return card.value.action
    for call in (v for v in values if v.value.action.act is Act.ANNOUNCE):
        gain = call.value.expected - card.value.expected
        if gain >= CALL_MARGIN and call.won_share >= _confidence(view, call.value.action):
            return call.value.action
    return card.value.action


def _confidence(view: SeatView, call: Action) -> float:
    """How sure a call must be: a first Re or Kontra in a normal game less than the rest."""
    team = view.team
    plain = (
        call.call is not None
        and call.call.step is Step.TEAM
        and view.contract is Contract.NORMAL
        and team is not None
        and view.announced[team.other] is Step.NONE
    )
    return CALL_CONFIDENCE if plain else BOLD_CONFIDENCE


def _may_call(view: SeatView) -> bool:
    """Not against a soloist, and in an Armut game not at all: there the worlds know least
    (the exchange is half hidden), and in self-play such calls came true 2 times in 5."""
    contract = view.contract
    if contract is Contract.ARMUT:
        return False
    return not (contract is not None and contract.is_solo and view.declarer != view.seat)


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
