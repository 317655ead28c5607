"""A finished hand's record to download (`app.play.hands` finds it)."""

from __future__ import annotations

import json

from fastapi import APIRouter, Request, Response

from app.daily.secrecy import RECORD_LATER
from app.operations.urls import HAND_RECORD
from app.play.hands import finished_hand
from app.web.deps import PageLimit, SessionDep
from app.web.finished_hands import HandNumber, hand_asked
from app.web.tables import ScreenDep

router = APIRouter(tags=["hands"])


@router.get(HAND_RECORD, dependencies=[PageLimit])
def hand_record(
    request: Request, game_id: str, number: HandNumber, session: SessionDep, screen: ScreenDep
) -> Response:
    """A finished hand (1-based, Armut redeals counted) as a hand record to download."""
    asked = hand_asked(request, screen, game_id, number, RECORD_LATER)
    record = finished_hand(session, screen.cache, asked).record
    body = json.dumps(record.to_json(), indent=2)
    filename = f"doko-{game_id[:8]}-hand-{number}.json"
    headers = {"Content-Disposition": f'attachment; filename="{filename}"'}
    return Response(body, media_type="application/json", headers=headers)
