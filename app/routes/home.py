"""The home page: start a game or go back to the one in progress."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.deps import SessionDep, SettingsDep, TemplatesDep, player_id
from app.in_progress import game_in_progress
from engine.daily import RANKED

router = APIRouter(tags=["home"])


@router.get("/")
def home(
    request: Request, session: SessionDep, settings: SettingsDep, templates: TemplatesDep
) -> Response:
    player = player_id(request)
    context = {
        "resume": game_in_progress(session, player, settings.now()) if player else None,
        "ranked": RANKED,
    }
    return templates.TemplateResponse(request, "home.html", context)
