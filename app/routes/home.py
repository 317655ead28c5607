"""The home page: start a game or go back to the one in progress."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.daily import attempt_closed
from app.deps import PlayersPageLimit, SessionDep, SettingsDep, TemplatesDep, player_id
from app.store import latest_game
from engine.daily import RANKED

router = APIRouter(tags=["home"])


@router.get("/", dependencies=[PlayersPageLimit])
def home(
    request: Request, session: SessionDep, settings: SettingsDep, templates: TemplatesDep
) -> Response:
    """A player's home page looks up its game in progress, so it is counted as a page that
    costs a query (`PlayersPageLimit`); a first visit's costs none, and is not."""
    player = player_id(request)
    latest = latest_game(session, player) if player else None
    if latest is not None and (latest.finished or attempt_closed(latest, settings.now())):
        latest = None
    context = {
        "resume": latest,
        "ranked": RANKED,
    }
    return templates.TemplateResponse(request, "home.html", context)
