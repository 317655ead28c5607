"""A finished hand of the player's game, found by its number: what the record and the
review pages show. Both show every player's cards, so for a game at a day's deals they wait
for the day's seed (`app.daily.secrecy`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from fastapi import HTTPException
from sqlalchemy.orm import Session

from app.daily.secrecy import refuse_while_secret
from app.languages.i18n import N_
from app.play.games import owned_game
from app.storage.models import GameRow
from app.table.table_cache import TableCache
from engine import HandRecord
from engine.game import numbers_in_game


@dataclass(frozen=True)
class FinishedHand:
    """A finished hand of a game, for its record and review pages."""

    row: GameRow
    record: HandRecord
    in_game: int
    """Its number as the table counts hands (Armut redeals not counted)."""


@dataclass(frozen=True)
class HandAsked:
    """Which hand a page asks for, by whom and when; `later` (`app.daily.secrecy`) is the
    refusal while the game's deals are secret."""

    game_id: str
    number: int
    """1-based, Armut redeals counted."""
    player_id: str | None
    now: datetime
    later: str


def finished_hand(session: Session, tables: TableCache, asked: HandAsked) -> FinishedHand:
    """The finished hand asked for; 404 when the player has no such game or the game no
    such finished hand."""
    row = owned_game(session, asked.game_id, asked.player_id)
    refuse_while_secret(row, asked.now, asked.later)
    with tables.lent(row) as table:
        records = table.game.finished_records
    if not 1 <= asked.number <= len(records):
        raise HTTPException(404, N_("That hand is not finished yet."))
    in_game = numbers_in_game(record.is_redeal for record in records)[asked.number - 1]
    return FinishedHand(row, records[asked.number - 1], in_game)
