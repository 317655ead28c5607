"""The rate limits count in fixed windows of the clock's minutes: a test that makes more
requests than a limit allows must make them in one window, or its counts start again."""

from __future__ import annotations

import time

ROOM = 30.0
"""Seconds of the minute a test's requests may take at most, on a loaded machine."""


def a_fresh_window() -> None:
    """Returns at once when the current minute has `ROOM` seconds left, else at the next one."""
    into = time.time() % 60
    if into > 60 - ROOM:
        time.sleep(60 - into)
