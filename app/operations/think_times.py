"""How long the search bots take to choose a card, so that a forced card takes as long.

A search bot plays a forced card (its only legal one) at once and searches every other
choice for tens of milliseconds. The time of a step thus told a player that a bot had a
single card of the suit led, which is hidden. So a forced card is paced like a search: the
step owes a pause drawn from the times the searches of this server process took for cards
played at the same point (the same bot, as many cards in hand, following a card led). The
draw comes from what the searches really took on this machine, at its present speed, so a
forced card's time has the same spread as a chosen one's.

Only a follower can be forced while holding more than one card (a leader may lead any
card), and the last card of a hand is forced for everybody: that is no secret, so it owes
nothing.
"""

from __future__ import annotations

import random
from collections import deque
from threading import Lock

from engine import Phase, SeatView

Key = tuple[str, int]
"""The bot and the cards in its hand."""

KEPT = 64
"""Recent times kept per key: enough to draw from, and recent enough to follow the machine's
speed."""
ENOUGH = 8
"""Times a key needs before its own are drawn from; until then its neighbours' (a card more
or fewer in hand) help."""
NEIGHBOURS = 2
"""How many cards more or fewer in hand count as a neighbour."""
UNMEASURED = 0.04
"""Seconds a forced card takes while no search at all has been timed near it (the first
hands a server process plays): about a search's median on one core at full speed
(`bench/RESULTS.md`)."""


def think_key(bot_id: str, view: SeatView) -> Key | None:
    """Where a decision is timed and paced: a card to follow with more than one card in
    hand; None for anything else (no such decision is ever forced in secret)."""
    if view.phase is not Phase.PLAY or not view.current_trick or len(view.hand) < 2:
        return None
    return bot_id, len(view.hand)


class ThinkTimes:
    """The searches' recent times by key, for one server process (shared by its threads)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._times: dict[Key, deque[float]] = {}
        self._lock = Lock()
        self._rng = rng or random.SystemRandom()
        """Draws nobody can predict from what they saw before."""

    def add(self, key: Key, seconds: float) -> None:
        """A search's own time (in its worker, without the wait for one)."""
        with self._lock:
            self._times.setdefault(key, deque(maxlen=KEPT)).append(seconds)

    def draw(self, key: Key) -> float:
        """A time as long as a search at `key` might take, for a forced card there."""
        with self._lock:
            pool = list(self._times.get(key, ()))
            bot_id, cards = key
            for step in range(1, NEIGHBOURS + 1):
                if len(pool) >= ENOUGH:
                    break
                for near in (cards - step, cards + step):
                    pool.extend(self._times.get((bot_id, near), ()))
        return self._rng.choice(pool) if pool else UNMEASURED
