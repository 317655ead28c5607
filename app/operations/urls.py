"""The site's addresses of a game, its hands and the days' boards, built in one place: the
routes' paths (`app.web.routes`), the table's and the history's links and the templates (as
globals) all take them from here."""

from __future__ import annotations

from datetime import date

BOARD = "/leaderboard"


def game_url(game_id: str) -> str:
    """The game's table."""
    return f"/games/{game_id}"


def actions_url(game_id: str) -> str:
    """Where the table's actions are sent."""
    return f"{game_url(game_id)}/actions"


def next_hand_url(game_id: str) -> str:
    """Where the next hand is asked for."""
    return f"{game_url(game_id)}/next"


def hint_url(game_id: str) -> str:
    """Where a hint is asked for."""
    return f"{game_url(game_id)}/hint"


def review_url(game_id: str, number: int) -> str:
    """A finished hand's review (hands counted from 1, Armut redeals included)."""
    return f"{game_url(game_id)}/hands/{number}/review"


def record_url(game_id: str, number: int) -> str:
    """A finished hand's record to download."""
    return f"{game_url(game_id)}/hands/{number}/record.json"


def board_url(day: date, rules_key: str) -> str:
    """A day's board for a rule set."""
    return f"{BOARD}?day={day.isoformat()}&rules={rules_key}"
