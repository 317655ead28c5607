"""What kind of game a table shows: a new game, the ranked daily attempt or a daily practice,
and what the player may see of its seed."""

from __future__ import annotations

from dataclasses import dataclass

from app.models import GameRow
from app.service import Table, game_over
from app.settings import Settings
from engine.daily import commitment


@dataclass(frozen=True)
class GameContext:
    title: str
    ranked: bool
    replay_seed: str | None
    """Offered for "play these deals again" only where it reveals nothing: not for a daily
    game whose day is not over."""
    commitment: str | None
    board_url: str | None
    ask_nickname: bool
    nickname: str


def game_context(row: GameRow, table: Table, settings: Settings) -> GameContext:
    over = game_over(table.game)
    if row.mode == "new" or row.day is None:
        return GameContext("New game", False, row.seed, None, None, False, "")
    day = row.day.isoformat()
    board = f"/leaderboard?day={day}&rules={row.rules_key}"
    ranked = row.mode == "daily"
    title = f"Daily {day} ({row.rules_key}), {'ranked' if ranked else 'practice'}"
    revealed = row.day < settings.today()
    return GameContext(
        title=title,
        ranked=ranked,
        replay_seed=row.seed if revealed else None,
        commitment=commitment(row.seed),
        board_url=board,
        ask_nickname=ranked and over,
        nickname=(row.player.nickname or "") if ranked and over else "",
    )
