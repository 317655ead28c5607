"""The home page: start a game or go back to the one in progress."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.deps import SessionDep, TemplatesDep, player_id
from app.store import latest_game
from engine.daily import RANKED

router = APIRouter(tags=["home"])


@router.get("/")
def home(request: Request, session: SessionDep, templates: TemplatesDep) -> Response:
    player = player_id(request)
    latest = latest_game(session, player) if player else None
    context = {
        "resume": latest if latest is not None and not latest.finished else None,
        "ranked": RANKED,
    }
    return templates.TemplateResponse(request, "home.html", context)
