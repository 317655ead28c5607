"""The home page: start a game or go back to the one in progress."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.daily.attempts import finished_on
from app.daily.streaks import player_streak
from app.operations.urls import HOME
from app.web.deps import PlayersPageLimit, SessionDep, SettingsDep, TemplatesDep, player_id
from app.web.in_progress import game_in_progress
from engine.daily import RANKED

router = APIRouter(tags=["home"])


@router.get(HOME, dependencies=[PlayersPageLimit])
def home(
    request: Request, session: SessionDep, settings: SettingsDep, templates: TemplatesDep
) -> Response:
    """A player's home page looks up its game in progress, so it is counted as a page that
    costs a query (`PlayersPageLimit`); a first visit's costs none, and is not."""
    player = player_id(request)
    now = settings.now()
    today = now.date()
    context = {
        "resume": game_in_progress(session, player, now) if player else None,
        "ranked": RANKED,
        "today": today,
        "finished": finished_on(session, player, today) if player else frozenset(),
        "streak": player_streak(session, player, now),
    }
    return templates.TemplateResponse(request, "home.html", context)
