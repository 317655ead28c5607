"""Values of the choices before the card play: reservations and the Armut steps.

Each choice is simulated over deals of the cards the seat cannot see: the choice is made, the
rest of the reservations and of the Armut exchange is decided by `heuristic-v1` for every seat
(the search has no better model of them), and the hand is played out by the play-out policy.
A redeal (everybody declined the Armut) scores 0.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

from bots.heuristic.bot import HeuristicBot
from bots.heuristic.reservations import exchange_cost
from bots.search.beliefs import worlds_for
from bots.search.budget import Budget
from bots.search.playouts import team_points
from bots.search.policy import policy_card
from bots.search.sampling import hidden_of_world
from bots.search.values import POINT_WEIGHT, ActionValue, Valued
from engine import Action, Hand, Phase, SeatView, hand_from_view, play_out, view_of

MODEL = HeuristicBot()
"""Who decides the reservations and Armut steps inside a simulated hand."""
EXCHANGES = 5
"""Armut gives and returns valued by default: the model's best few of hundreds."""


def evaluate_before_play(
    view: SeatView,
    rng: random.Random,
    budget: Budget,
    actions: Sequence[Action],
    deals: list[Hand] | None = None,
) -> list[Valued]:
    """Each action simulated over `budget.reservation_deals` deals of the unseen cards (added
    to `deals` when given)."""
    if view.phase in (Phase.ARMUT_GIVE, Phase.ARMUT_RETURN) and len(actions) > EXCHANGES:
        actions = sorted(actions, key=lambda a: exchange_cost(view.hand, a.cards))[:EXCHANGES]
    worlds = worlds_for(view, rng, budget.reservation_deals, budget)
    hands = [hand_from_view(view, hidden_of_world(view, w), checked=False) for w in worlds]
    if deals is not None:
        deals.extend(hands)
    return simulated_values(view, actions, hands, rng)


def simulated_values(
    view: SeatView, actions: Sequence[Action], hands: list[Hand], rng: random.Random
) -> list[Valued]:
    """Each action simulated in each of `hands` (whole hands, every card known)."""
    return [_simulated(view, action, hands, rng) for action in actions]


def _simulated(view: SeatView, action: Action, hands: list[Hand], rng: random.Random) -> Valued:
    scores, points = [], []
    for start in hands:
        hand = start.copy()
        hand.apply(action, checked=False)
        finished = finish(hand, rng)
        scores.append(finished.score_of(view.seat) if finished.phase is Phase.DONE else 0)
        points.append(team_points(finished, view.seat) if finished.phase is Phase.DONE else 0)
    spread = statistics.pstdev(scores) if len(scores) > 1 else 0.0
    value = ActionValue(action, statistics.fmean(scores), spread)
    won = sum(score > 0 for score in scores) / len(scores)
    utilities = tuple(s + POINT_WEIGHT * p for s, p in zip(scores, points, strict=True))
    return Valued(value, statistics.fmean(points), won, utilities)


def finish(hand: Hand, rng: random.Random) -> Hand:
    """The model decides until the card play, then the policy plays it out."""
    while hand.phase not in (Phase.PLAY, Phase.DONE, Phase.REDEAL):
        seat = hand.to_act
        assert seat is not None
        hand.apply(MODEL.choose(view_of(hand, seat), rng), checked=False)
    if hand.phase is Phase.PLAY:
        return play_out(hand, policy_card)
    return hand
