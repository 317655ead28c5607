"""The worker processes behind the strong bots, hints and reviews: work no player at the table
waits for (a review's decisions) never takes every worker, so live play always finds one."""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from app.bot_pool import HEAVY_BOTS, BotRoster, RosterClosed

SLOW = 3.0
"""Seconds a piece of background work takes here: far longer than a live one."""


def test_background_work_leaves_live_play_a_worker() -> None:
    roster = BotRoster(2)
    try:
        warm = [roster.submit(abs, -1) for _ in range(2)]
        assert [future.result() for future in warm] == [1, 1]
        with ThreadPoolExecutor(2) as reviews:
            background: list[Future[Future[None]]] = [
                reviews.submit(roster.submit_in_background, time.sleep, SLOW) for _ in range(2)
            ]
            time.sleep(0.2)
            live = roster.submit(abs, -2)
            assert live.result(timeout=2 * SLOW) == 2
            assert not any(
                submitted.done() and submitted.result().done() for submitted in background
            ), "the live work waited for background work"
            for submitted in background:
                submitted.result().result()
    finally:
        roster.close()


def test_a_closed_roster_starts_no_workers_until_opened_again() -> None:
    """A review still running in a thread of its own as the server stops used to submit to
    the pool being shut down (a traceback in the log), or start a new pool of worker
    processes behind a server that was gone."""
    roster = BotRoster(1)
    try:
        assert roster.submit(abs, -1).result() == 1
        roster.close()
        with pytest.raises(RosterClosed):
            roster.submit(abs, -2)
        with pytest.raises(RosterClosed):
            roster.bot(next(iter(HEAVY_BOTS)))
        roster.open()
        assert roster.submit(abs, -3).result() == 3
    finally:
        roster.close()
