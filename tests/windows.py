"""The rate limits count in fixed windows of the clock's minutes: a test that makes more
requests than a limit allows must make them in one window, or its counts start again."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

ROOM = 10.0
"""Seconds left in the minute before a run starts: 21 requests take about one; a run that
still crosses into the next minute (a loaded machine) is made again (`in_one_window`)."""


def a_fresh_window() -> None:
    """Returns at once when the current minute has `ROOM` seconds left, else at the next one."""
    into = time.time() % 60
    if into > 60 - ROOM:
        time.sleep(60 - into)


def in_one_window(run: Callable[[], T]) -> T:
    """What `run` returned in a run that began and ended in the same minute. `run` must start
    afresh each time (a new player): a run that crossed the minute's end is made again, at
    once, early in the next minute."""
    for _ in range(2):
        a_fresh_window()
        minute = time.time() // 60
        result = run()
        if time.time() // 60 == minute:
            return result
    raise AssertionError("two runs in a row crossed the end of a minute")
