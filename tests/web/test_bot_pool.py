"""The worker processes behind the strong bots, hints and reviews: a strong bot's card at a
table never waits behind a hint, a review, a fair-play check or a par (they have workers of
their own), and bulk work (reviews, checks, pars) never takes every background worker, so a
hint finds one.

The slow work here is fake: it waits, in a worker process, for an event the test sets."""

from __future__ import annotations

import multiprocessing
import random
import threading
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import date
from functools import partial
from multiprocessing.managers import SyncManager
from threading import Event
from typing import Any

import pytest
from fastapi import FastAPI

from app.daily.par import ParKeeper, play_par
from app.operations import bot_pool
from app.operations.bot_pool import HEAVY_BOTS, BotRoster, Bulk, RosterClosed, asked_by
from app.operations.settings import Settings
from bots.registry import bot_named
from bots.table import bot_turn
from engine import PAGAT, Hand, SeatView, deal, view_of

WAIT = 60.0
"""Seconds any wait here may take before the test fails (never reached when it passes)."""


def held_until(running: Event, release: Event) -> str:
    """Fake slow work, in a worker process: says it runs, then waits to be released."""
    running.set()
    release.wait(WAIT)
    return "done"


@pytest.fixture
def manager() -> Iterator[SyncManager]:
    """Events that worker processes can wait for."""
    with multiprocessing.get_context("spawn").Manager() as shared:
        yield shared


def last_card_view() -> SeatView:
    """A strong bot's view with one card left: it plays it without a search, so the test
    measures only the wait for a worker."""
    dealt = deal("pool-last-card", 0, 0, PAGAT.without_nines)
    hand = Hand(PAGAT, dealt.hands, dealt.dealer)
    random_bot, rng = bot_named("random-v1"), random.Random(7)
    while True:
        assert hand.to_act is not None
        view = view_of(hand, hand.to_act)
        if len(view.hand) == 1:
            return view
        bot_turn(hand, random_bot, rng)


def test_a_strong_bots_card_never_waits_for_background_work(manager: SyncManager) -> None:
    """With the default of one worker, a review's or check's decision and two hints running
    or waiting: the strong bot's card is played at once. (With one pool its card waited for
    all of them: a hint and a review took seconds of a strong player's click.)"""
    roster = BotRoster(1)
    running, release = manager.Event(), manager.Event()
    view = last_card_view()
    bot = roster.bot("search-v2")
    bulk_work = partial(roster.submit_in_background, Bulk.REVIEW)
    try:
        assert bot.choose(view, random.Random(1)) == view.legal[0], "the live worker is up"
        with ThreadPoolExecutor(3) as threads:
            bulk: list[Future[Future[str]]] = [
                threads.submit(bulk_work, held_until, running, release) for _ in range(2)
            ]
            hints = [roster.submit_hint(held_until, running, release) for _ in range(2)]
            assert running.wait(WAIT), "the background work runs"
            played = threads.submit(bot.choose, view, random.Random(2))
            assert played.result(timeout=WAIT) == view.legal[0]
            assert not any(hint.done() for hint in hints), "the background was still busy"
            release.set()
            assert [hint.result(WAIT) for hint in hints] == ["done", "done"]
            assert [submitted.result(WAIT).result(WAIT) for submitted in bulk] == ["done"] * 2
    finally:
        release.set()
        roster.close()


def test_strong_bots_decide_for_each_address_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forty clicks of one address sent at once put 120 searches ahead of another player's
    own strong click, which waited 6 s: a decision waits for the one being made and for the
    decisions of other addresses asked before it, not for one address's whole backlog. The
    roster's decisions run in the asking thread here (no workers), one at a time."""
    roster = BotRoster(0)
    bot, view = roster.bot("search-v2"), last_card_view()
    deciding, release = threading.Event(), threading.Event()
    decided: list[str] = []

    def decide(bot_id: str, seen: SeatView, rng: random.Random) -> tuple[str, float]:
        deciding.set()
        release.wait(WAIT)
        decided.append(bot_pool._ASKER.get())
        return seen.legal[0], 0.0

    def click(address: str) -> None:
        with asked_by(address):
            bot.choose(view, random.Random(3))

    monkeypatch.setattr(bot_pool, "decide", decide)
    threads = [threading.Thread(target=click, args=(address,)) for address in "aaab"]
    threads[0].start()
    assert deciding.wait(WAIT), "the first decision is being made"
    for waiting, thread in enumerate(threads[1:], start=1):
        thread.start()
        while len(roster._live_turns._waiting) < waiting:
            threading.Event().wait(0.001)
    release.set()
    for thread in threads:
        thread.join(WAIT)
    assert decided == ["a", "b", "a", "a"]


def test_bulk_work_leaves_hints_a_background_worker(manager: SyncManager) -> None:
    """Reviews and checks take half the background workers at most: with two, a hint runs
    while bulk work waits for its share."""
    roster = BotRoster(1, background_workers=2)
    running, release = manager.Event(), manager.Event()
    hint_running, hint_release = manager.Event(), manager.Event()
    bulk_work = partial(roster.submit_in_background, Bulk.REVIEW)
    try:
        with ThreadPoolExecutor(2) as threads:
            bulk = [threads.submit(bulk_work, held_until, running, release) for _ in range(2)]
            assert running.wait(WAIT)
            hint = roster.submit_hint(held_until, hint_running, hint_release)
            assert hint_running.wait(WAIT), "the hint found a worker free"
            hint_release.set()
            assert hint.result(WAIT) == "done"
            assert not all(submitted.done() for submitted in bulk), "one bulk piece waits"
            release.set()
            assert [submitted.result(WAIT).result(WAIT) for submitted in bulk] == ["done"] * 2
    finally:
        release.set()
        hint_release.set()
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
        assert roster.submit_hint(abs, -1).result() == 1
        roster.close()
        with pytest.raises(RosterClosed):
            roster.submit_hint(abs, -2)
        with pytest.raises(RosterClosed):
            roster.submit_in_background(Bulk.REVIEW, abs, -2)
        with pytest.raises(RosterClosed):
            roster.bot(next(iter(HEAVY_BOTS)))
        roster.open()
        assert roster.submit_hint(abs, -3).result() == 3
    finally:
        roster.close()


class Recording(BotRoster):
    """A roster that only notes how work was submitted, and does it at once."""

    def __init__(self) -> None:
        super().__init__(0, 0)
        self.bulk: list[Any] = []

    def submit_in_background(
        self, kind: Bulk, work: Any, *args: Any, owner: str = ""
    ) -> Future[Any]:
        self.bulk.append(work)
        return super().submit_in_background(kind, lambda *_: (0, 0), *args, owner=owner)


def test_a_par_is_bulk_work(app: FastAPI) -> None:
    """A day's par (a whole game of bot play) used to be submitted with the strong bots'
    cards; it is background work with the reviews and checks."""
    roster = Recording()
    ParKeeper(app.state.sessions, roster, "par-secret")._play(
        date(2026, 12, 1), "pagat", "heuristic-v1"
    )
    assert roster.bulk == [play_par]
