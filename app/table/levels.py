"""Levels of play as the table offers them (`bots.levels` says which bot plays each). A game
keeps the bot it was started with (`GameRow.bot_id`), so a player's new choice never changes a
running game."""

from __future__ import annotations

from bots.levels import DAILY_LEVEL, LEVELS

DEFAULT_LEVEL = "normal"

__all__ = ["DAILY_LEVEL", "DEFAULT_LEVEL", "LEVELS", "level_of"]


def level_of(bot_id: str) -> str | None:
    """The level a bot id plays at, or None for a bot that is no level (`random-v1`)."""
    return next((level for level, bot in LEVELS.items() if bot == bot_id), None)
