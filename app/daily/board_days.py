"""The days whose boards may be looked at: none still to come, and a year back. Every board
viewed costs a query, and a past day somebody played a whole game of bot play for its par, so
links to a board are offered only where the board is kept."""

from __future__ import annotations

from datetime import date, timedelta

BOARD_HISTORY = timedelta(days=366)
"""How far back boards (and the par of a day somebody played, computed on first view) can be
looked at."""


def oldest_board(today: date) -> date:
    """The first day whose board is kept."""
    return today - BOARD_HISTORY


def board_kept(day: date, today: date) -> bool:
    return oldest_board(today) <= day <= today
