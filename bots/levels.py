"""The levels of play the table offers: which bot takes the three other seats.

The daily game is played at `DAILY_LEVEL` for everybody, so that its board compares like with
like; a game keeps the level it started with.
"""

from __future__ import annotations

from bots.protocol import Bot
from bots.registry import bot_named

LEVELS: dict[str, str] = {
    "easy": "casual-v1",
    "normal": "heuristic-v1",
    "strong": "search-v2",
}
"""Level name -> versioned bot id, easiest first."""
DAILY_LEVEL = "normal"


def bot_for_level(level: str) -> Bot:
    """The bot of a level; raises `ValueError` naming the known levels."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    return bot_named(LEVELS[level])
