"""A game's actions as the database keeps them, and what the store reads of a table.

Its own module so that the store can name a table's parts without importing the service that
rebuilds tables, which brings in the bots: the store knows games and their logs, never who
plays the other seats."""

from __future__ import annotations

from typing import Any, Protocol

from engine import Game

Log = list[list[dict[str, Any]]]
"""A game's actions as stored: per hand dealt, its actions' records in order."""


def log_version(log: Log) -> int:
    """Every action and every hand dealt after the first: each step of the game changes it,
    dealing the next hand included (the human may lead it, so no action follows), so a
    request made on an earlier moment is told apart from one made on the present."""
    return sum(len(hand) for hand in log) + len(log) - 1


class LoggedGame(Protocol):
    """A rebuilt game with its log, as the store writes it (`app.table.service.Table`)."""

    game: Game
    log: Log
    stored_hands: int
    """Hands of the log the database holds: a step rewrites the last of them and adds the rest."""

    @property
    def version(self) -> int: ...
