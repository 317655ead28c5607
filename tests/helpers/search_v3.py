"""Positions of a pagat hand played by heuristic-v1 in every seat, for the tests of what a
search-v3 decision costs and how it calls."""

from __future__ import annotations

import random

from bots.heuristic.bot import HeuristicBot
from engine import PAGAT, Hand, Phase, SeatView, deal, view_of

MODEL = HeuristicBot()


def position(seed: str, tricks: int, seat: int | None = None) -> SeatView:
    """The view of the seat to act once `tricks` tricks are done, `heuristic-v1` everywhere."""
    dealt = deal(seed, 0, 0, PAGAT.without_nines)
    hand = Hand(PAGAT, dealt.hands, dealt.dealer)
    rng = random.Random(seed)
    while not (hand.phase is Phase.PLAY and len(hand.tricks) >= tricks):
        to_act = hand.to_act
        assert to_act is not None
        hand.apply(MODEL.choose(view_of(hand, to_act), rng))
    to_act = hand.to_act
    assert to_act is not None
    return view_of(hand, to_act if seat is None else seat)
