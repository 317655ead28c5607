"""Levels of play: which bot takes the three other seats. A game keeps the bot it was started
with (`GameRow.bot_id`), so a player's new choice never changes a running game."""

from __future__ import annotations

LEVELS: dict[str, str] = {"easy": "casual-v1", "normal": "heuristic-v1", "strong": "search-v1"}
"""Level name → bot id."""
DEFAULT_LEVEL = "normal"
DAILY_LEVEL = "normal"
"""The daily game is the same for everybody: one fixed level."""


def level_of(bot_id: str) -> str | None:
    """The level a bot id plays at, or None for a bot that is no level (`random-v1`)."""
    return next((level for level, bot in LEVELS.items() if bot == bot_id), None)
