"""Finished hands of a game: found by number for their record and review, and the record
to download. Both show every player's cards, so for a game at a day's deals they wait for
the day's seed (`app.web.secrecy`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi import Path as PathParam

from app.languages.i18n import N_
from app.storage.models import GameRow
from app.web.deps import PageLimit, SessionDep
from app.web.routes.games import Screen, ScreenDep, owned_game
from app.web.secrecy import RECORD_LATER, refuse_while_secret
from engine import HandRecord
from engine.game import numbers_in_game

router = APIRouter(prefix="/games", tags=["hands"])

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
    session: SessionDep, request: Request, screen: Screen, game_id: str, number: int, later: str
) -> FinishedHand:
    """A finished hand of the player's game by its number (1-based, Armut redeals counted);
    refused with `later` (`app.web.secrecy`) while the game's deals are secret."""
    row = owned_game(session, request, game_id)
    refuse_while_secret(row, screen.settings.now(), later)
    with screen.cache.lent(row) as table:
        records = table.game.finished_records
    if not 1 <= number <= len(records):
        raise HTTPException(404, N_("That hand is not finished yet."))
    in_game = numbers_in_game(record.is_redeal for record in records)[number - 1]
    return FinishedHand(row, records[number - 1], in_game)


@router.get("/{game_id}/hands/{number}/record.json", dependencies=[PageLimit])
def hand_record(
    request: Request, game_id: str, number: HandNumber, session: SessionDep, screen: ScreenDep
) -> Response:
    """A finished hand (1-based, Armut redeals counted) as a hand record to download."""
    record = finished_hand(session, request, screen, game_id, number, RECORD_LATER).record
    body = json.dumps(record.to_json(), indent=2)
    filename = f"doko-{game_id[:8]}-hand-{number}.json"
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
    return Response(body, media_type="application/json", headers=headers)
