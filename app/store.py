"""Reading and writing games. These functions never commit: the request's transaction does."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.models import GameRow, Player
from app.service import Table, game_over, rebuild
from engine import RuleSet


def new_id() -> str:
    return secrets.token_hex(16)


def player_for(session: Session, player_id: str | None) -> Player:
    """The cookie's player, or a new one when the cookie is missing or unknown."""
    player = session.get(Player, player_id) if player_id else None
    if player is None:
        player = Player(id=new_id())
        session.add(player)
        session.flush()
    return player


@dataclass(frozen=True)
class GameKind:
    """`new` (fresh deals), `daily` (the ranked attempt) or `practice` (daily deals again)."""

    mode: str = "new"
    day: date | None = None


NEW_GAME = GameKind()


def add_game(
    session: Session, player: Player, table: Table, bot_id: str, kind: GameKind = NEW_GAME
) -> GameRow:
    game = table.game
    row = GameRow(
        id=new_id(),
        player_id=player.id,
        rules_key=game.rules.key,
        seed=game.seed,
        bot_id=bot_id,
        log=[],
        version=0,
        mode=kind.mode,
        day=kind.day,
    )
    write_table(row, table)
    session.add(row)
    session.flush()
    return row


def find_game(session: Session, game_id: str, player_id: str | None) -> GameRow | None:
    """A game, only for the player who owns it."""
    row = session.get(GameRow, game_id)
    return row if row is not None and row.player_id == player_id else None


def read_table(row: GameRow) -> Table:
    return rebuild(RuleSet.from_key(row.rules_key), row.seed, row.bot_id, row.log)


def write_table(row: GameRow, table: Table) -> None:
    """Stores the log and what is derived from it for queries."""
    row.log = [list(hand) for hand in table.log]
    row.version = table.version
    row.hands_done = len(table.game.results)
    row.finished = game_over(table.game)
    row.updated_at = datetime.now(UTC)


def latest_game(session: Session, player_id: str) -> GameRow | None:
    query = (
        select(GameRow)
        .where(GameRow.player_id == player_id)
        .order_by(GameRow.updated_at.desc())
        .limit(1)
    )
    return session.scalars(query).first()
