"""Places on a board: equal totals share a place, and the next place skips the shared ones
(1, 1, 3), on the day's board and on the week's and month's alike."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Sequence


def shared_places(totals: Iterable[int]) -> Iterator[int]:
    """The place of each total of a list sorted highest first: its position, or the place
    of the first equal total before it."""
    place = 0
    previous: int | None = None
    for position, total in enumerate(totals, start=1):
        if total != previous:
            place, previous = position, total
        yield place


def place_among(ascending: Sequence[int], total: int) -> int:
    """The place of `total` on a board of the totals `ascending` (sorted lowest first):
    one more than the totals higher than it, the place `shared_places` gives it."""
    return len(ascending) - bisect.bisect_right(ascending, total) + 1
