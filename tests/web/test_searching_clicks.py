"""Clicks at search bots' tables take a worker thread only in their turn
(`app.operations.bot_pool.SEARCHING_CLICKS` at once): a found attack of 60 strong clicks at
once, from 16 addresses, held every thread while they waited for the search, and another
player's click at a normal table queued behind them (its median from 13 ms to 805 ms)."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import anyio
import pytest

from app.play import clicks

TURNS = 2


class Steps:
    """A stand-in for a click's step in its worker thread: a search click waits until let go;
    counts how many run at once."""

    def __init__(self) -> None:
        self.running = 0
        self.most = 0
        self.quick_done = threading.Event()
        self.go = threading.Event()
        self._lock = threading.Lock()

    def __call__(self, desk: Any, click: Any) -> str:
        if click.game_id == "quick":
            self.quick_done.set()
            return "quick"
        with self._lock:
            self.running += 1
            self.most = max(self.most, self.running)
        self.go.wait(10)
        with self._lock:
            self.running -= 1
        return "searched"


def test_search_clicks_hold_few_threads_and_a_quick_click_is_not_kept_waiting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Run on an event loop of its own, in a thread: a browser test's Playwright may keep one
    running in this process's main thread."""
    steps = Steps()
    monkeypatch.setattr(clicks, "_play_step", steps)
    monkeypatch.setattr(clicks, "_plays_on_loop", lambda desk, click: False)
    roster = SimpleNamespace(searching_clicks=asyncio.Semaphore(TURNS))
    cache = SimpleNamespace(roster=roster, searches=lambda game_id: game_id != "quick")
    desk: Any = SimpleNamespace(cache=cache)
    answers: list[str] = []

    async def click(game_id: str) -> None:
        answers.append(await clicks.play_click(desk, SimpleNamespace(game_id=game_id)))

    async def clicking() -> None:
        async with anyio.create_task_group() as group:
            for number in range(6):
                group.start_soon(click, f"strong-{number}")
            with anyio.fail_after(10):
                while steps.running < TURNS:
                    await anyio.sleep(0.005)
            await click("quick")
            assert steps.quick_done.is_set() and steps.running == TURNS
            steps.go.set()

    with ThreadPoolExecutor(1) as loop_thread:
        loop_thread.submit(asyncio.run, clicking()).result(timeout=30)
    assert steps.most == TURNS, "the others waited without a thread"
    assert sorted(answers) == ["quick"] + ["searched"] * 6
