"""A player and a ranked game at a day's pagat deals, written straight into the database: for
boards and checks that need more players than are worth playing through the pages."""

from __future__ import annotations

from datetime import date

from sqlalchemy.orm import Session

from app.storage.models import GameRow, Player
from app.storage.modes import GameMode


def add_daily_game(
    session: Session, player_id: str, game_id: str, day: date, nickname: str | None = None
) -> None:
    """The player and its game's row (no card played), flushed so an attempt may name it."""
    session.add(Player(id=player_id, nickname=nickname))
    session.add(
        GameRow(
            id=game_id,
            player_id=player_id,
            rules_key="pagat",
            seed="s",
            bot_id="heuristic-v1",
            log=[[]],
            version=0,
            mode=GameMode.DAILY,
            day=day,
        )
    )
    session.flush()
