"""How long the search bots take to choose a card, so that the time of a step tells nothing
of the cards a bot could choose from.

A search bot plays a forced card (its only legal one) at once, and its search of a real
choice takes longer the more cards it may play (the play-outs grow with the legal cards, up
to the budget's cap: a follower choosing between two took a median 56 ms, between five or
more 101 ms). The time of a step thus told a player that a bot had a single card of the suit
led, or how many, which is hidden. So every card a follower plays is paced: the step owes
what the decision took less than a high share (`PACED`) of the times the searches of this
server process took at the same point (the same bot, as many cards in hand, following a
card led). Forced or chosen among few or many, nine decisions in ten then take that same
time, measured on this machine at its present speed; only the slowest tenth shows its own.

Only a follower is paced: a leader may lead any card, and the last card of a hand is forced
for everybody: no secret either way.
"""

from __future__ import annotations

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
"""Seconds a card is paced to while no search at all has been timed near it (the first
hands a server process plays): about a search's median on one core at full speed
(`bench/RESULTS.md`)."""
PACED = 0.9
"""The share of the recent searches at a key that a paced card takes as long as."""


def think_key(bot_id: str, view: SeatView) -> Key | None:
    """Where a decision is timed and paced: a card to follow with more than one card in
    hand; None for anything else (no such decision is ever forced in secret)."""
    if view.phase is not Phase.PLAY or not view.current_trick or len(view.hand) < 2:
        return None
    return bot_id, len(view.hand)


class ThinkTimes:
    """The searches' recent times by key, for one server process (shared by its threads)."""

    def __init__(self) -> None:
        self._times: dict[Key, deque[float]] = {}
        self._lock = Lock()

    def add(self, key: Key, seconds: float) -> None:
        """A search's own time (in its worker, without the wait for one)."""
        with self._lock:
            self._times.setdefault(key, deque(maxlen=KEPT)).append(seconds)

    def paced(self, key: Key) -> float:
        """The time a card at `key` takes at least: as long as `PACED` of the searches there."""
        with self._lock:
            pool = list(self._times.get(key, ()))
            bot_id, cards = key
            for step in range(1, NEIGHBOURS + 1):
                if len(pool) >= ENOUGH:
                    break
                for near in (cards - step, cards + step):
                    pool.extend(self._times.get((bot_id, near), ()))
        if not pool:
            return UNMEASURED
        pool.sort()
        return pool[min(len(pool) - 1, int(PACED * len(pool)))]
