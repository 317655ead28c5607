"""The worker processes behind the strong bots, hints and reviews: work no player at the table
waits for (a review's decisions) never takes every worker, so live play always finds one."""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from multiprocessing import Manager

import pytest

from app.bot_pool import HEAVY_BOTS, BotRoster, RosterClosed
from app.settings import Settings

WAIT = 30.0
"""Seconds any step here may take at most, on a loaded machine."""


def test_background_work_leaves_live_play_a_worker() -> None:
    """Background work here runs until the test releases it (an event shared with the worker
    processes), so live work that finishes meanwhile did not wait for it, however slow the
    machine."""
    roster = BotRoster(2)
    try:
        warm = [roster.submit(abs, -1) for _ in range(2)]
        assert [future.result() for future in warm] == [1, 1]
        with Manager() as manager, ThreadPoolExecutor(2) as reviews:
            released = manager.Event()
            background: list[Future[Future[bool]]] = [
                reviews.submit(roster.submit_in_background, released.wait, WAIT) for _ in range(2)
            ]
            first, _ = wait(background, timeout=WAIT, return_when=FIRST_COMPLETED)
            assert first, "no background work was submitted"
            live = roster.submit(abs, -2)
            assert live.result(timeout=WAIT) == 2
            assert not any(
                submitted.done() and submitted.result().done() for submitted in background
            ), "the live work waited for background work"
            released.set()
            for submitted in background:
                assert submitted.result(timeout=WAIT).result(timeout=WAIT)
    finally:
        roster.close()


def test_an_app_made_in_code_starts_no_worker_unless_asked() -> None:
    """Tests and benches build apps in code: spawning a worker costs seconds of imports, so
    only the server's settings (`DOKO_SEARCH_WORKERS`, default 1) start one."""
    assert Settings("sqlite://", "secret").search_workers == 0


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
