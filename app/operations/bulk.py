"""The kinds of bulk work (a hand of a fair-play check, a decision of a review, a hand of a
par), the most urgent first: the order in which their pieces get the background workers'
share (`app.operations.turns`, which says why).
"""

from __future__ import annotations

from enum import IntEnum


class Bulk(IntEnum):
    """Kinds of bulk work, the most urgent first."""

    CHECK = 0
    """A ranked daily game's fair-play check: its result stays off the day's board until it
    is done, and ranked games are few (a cap per address and day)."""
    REVIEW = 1
    """A review a player opened: they are looking at "being weighed"."""
    PAR = 2
    """A par: one figure on a board, and anybody can ask for one by making a challenge."""
