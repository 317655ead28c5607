"""Every card a strong bot follows with is paced to what nine in ten searches there took
(`app.operations.think_times`): a search of two cards is quicker than one of five, and a forced
card instant, so unpaced the time of a step told how many cards of the suit led a bot held."""

from __future__ import annotations

import random

import pytest

from app.operations import bot_pool
from app.operations.bot_pool import TableSearch
from app.operations.think_times import PACED, ThinkTimes, think_key
from app.operations.turns import TurnGate
from app.operations.worker_pool import WorkerPool
from bots.registry import bot_named
from engine import PAGAT, Action, Hand, SeatView, deal, view_of

BOT = "search-v2"
TIMES = [0.01] * 9 + [0.1]
"""A key's recent searches: nine quick ones and one of 100 ms, the time nine in ten take."""


def follower_views() -> tuple[SeatView, SeatView]:
    """A follower's view with a choice of cards, and one with a single legal card."""
    model = bot_named("heuristic-v1")
    rng = random.Random(0)
    choosing = forced = None
    for number in range(50):
        dealt = deal(f"paced-{number}", 0)
        hand = Hand(PAGAT, dealt.hands, dealt.dealer)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = view_of(hand, seat)
            if think_key(BOT, view) is not None:
                if len(view.legal) == 1:
                    forced = forced or view
                else:
                    choosing = choosing or view
            if choosing and forced:
                return choosing, forced
            hand.apply(model.choose(view, rng))
    raise AssertionError("no follower with a choice and one without in 50 deals")


@pytest.mark.parametrize(
    ("forced", "searched", "owed"),
    [(True, 0.0, 0.1), (False, 0.02, 0.08), (False, 0.1, 0.0), (False, 0.3, 0.0)],
)
def test_a_followers_card_owes_what_most_searches_took_beyond_its_own(
    monkeypatch: pytest.MonkeyPatch, forced: bool, searched: float, owed: float
) -> None:
    assert int(PACED * len(TIMES)) == len(TIMES) - 1, "the 100 ms is the time paced to"
    choosing, only = follower_views()
    view = only if forced else choosing
    times = ThinkTimes()
    for cards in range(1, 13):
        for seconds in TIMES:
            times.add((BOT, cards), seconds)
    reported: list[tuple[float, float]] = []
    monkeypatch.setattr(bot_pool, "decide", lambda _, view, rng: (view.legal[0], searched))
    monkeypatch.setattr(
        bot_pool, "bots_thought", lambda spent, owed, charged: reported.append((owed, charged))
    )
    search = TableSearch(BOT, WorkerPool(0), times, TurnGate(1))
    assert isinstance(search.choose(view, random.Random(0)), Action)
    ((paused, charged),) = reported
    assert paused == pytest.approx(owed)
    assert charged == pytest.approx(0.1 if forced else searched), "what the address is charged"
