"""Waiting for work a test starts in the background (a par, a review, a fair-play check) and
cannot be told the end of: the server says it only in what a page or a row shows next. One
loop for every such wait, so that each asks often and fails with what it waited for."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

EVERY = 0.1
"""Seconds between two looks. The web tests' background work runs in the app's own threads:
a look that renders a page every 20 ms took their time from the work it waited for (six
modules, 26.8 s at 20 ms, 22.4 s at 100 ms)."""


def waited(look: Callable[[], T | None], what: str, seconds: float) -> T:
    """The first answer of `look` that is not None; fails once `seconds` have gone by."""
    deadline = time.monotonic() + seconds
    while (found := look()) is None:
        assert time.monotonic() < deadline, f"{what}: not done within {seconds} s"
        time.sleep(EVERY)
    return found


def until(done: Callable[[], bool], what: str, seconds: float) -> None:
    """Returns once `done` holds; fails once `seconds` have gone by."""
    waited(lambda: True if done() else None, what, seconds)
