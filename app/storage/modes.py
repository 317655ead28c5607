"""What kind of game a row is, and the column that keeps it: an enum read back as an enum, so
that no code compares a free string."""

from __future__ import annotations

from enum import StrEnum

from sqlalchemy import Dialect, String, TypeDecorator


class GameMode(StrEnum):
    """What kind of game a row is (`GameRow.mode`, stored as its value)."""

    NEW = "new"
    """Fresh deals (or an earlier game's again): practice."""
    DAILY = "daily"
    """The player's ranked attempt at the day's deals."""
    PRACTICE = "practice"
    """The day's deals played again, or by a player whose network had its ranked attempts."""
    CHALLENGE = "challenge"
    """A player's first game at a challenge's deals: it goes on the challenge's board."""
    CHALLENGE_PRACTICE = "ch-practice"
    """Any later game of the player at the same challenge."""


class ModeColumn(TypeDecorator[GameMode]):
    """A `GameMode` stored as its value in a string column (the column as migrated): read
    back as the enum, so no code compares a free string."""

    impl = String(16)
    cache_ok = True

    def process_bind_param(self, value: GameMode | str | None, dialect: Dialect) -> str | None:
        return None if value is None else GameMode(value).value

    def process_result_value(self, value: str | None, dialect: Dialect) -> GameMode | None:
        return None if value is None else GameMode(value)
