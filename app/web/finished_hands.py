"""A finished hand of the player's game, found by its number: what the record and the
review pages show. Both show every player's cards, so for a game at a day's deals they wait
for the day's seed (`app.web.secrecy`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import HTTPException, Request
from fastapi import Path as PathParam
from sqlalchemy.orm import Session

from app.languages.i18n import N_
from app.play.games import owned_game
from app.storage.models import GameRow
from app.web.deps import player_id
from app.web.secrecy import refuse_while_secret
from app.web.tables import Screen
from engine import HandRecord
from engine.game import numbers_in_game

MAX_HANDS = 1_000
"""More hands than any game holds (100 hands, each with a few Armut redeals at most)."""
HandNumber = Annotated[int, PathParam(le=MAX_HANDS)]


@dataclass(frozen=True)
class FinishedHand:
    """A finished hand of a game, for its record and review pages."""

    row: GameRow
    record: HandRecord
    in_game: int
    """Its number as the table counts hands (Armut redeals not counted)."""


def finished_hand(
    session: Session, request: Request, screen: Screen, game_id: str, number: int, later: str
) -> FinishedHand:
    """A finished hand of the player's game by its number (1-based, Armut redeals counted);
    refused with `later` (`app.web.secrecy`) while the game's deals are secret."""
    row = owned_game(session, game_id, player_id(request))
    refuse_while_secret(row, screen.settings.now(), later)
    with screen.cache.lent(row) as table:
        records = table.game.finished_records
    if not 1 <= number <= len(records):
        raise HTTPException(404, N_("That hand is not finished yet."))
    in_game = numbers_in_game(record.is_redeal for record in records)[number - 1]
    return FinishedHand(row, records[number - 1], in_game)
