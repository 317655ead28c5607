"""The player's history: games, hands, statistics, trends and the daily calendar."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.deps import SessionDep, SettingsDep, TemplatesDep, player_id
from app.history import TREND_GAMES, FactsCache, history_of
from app.i18n import writing_of

router = APIRouter(tags=["history"])


@router.get("/history")
def history(
    request: Request, session: SessionDep, settings: SettingsDep, templates: TemplatesDep
) -> Response:
    """Every game of the cookie's player, newest first, with statistics derived by replay."""
    facts: FactsCache = request.app.state.facts
    writing = writing_of(request)
    context = {
        "history": history_of(session, player_id(request), settings.now(), facts, writing),
        "weekdays": writing.weekdays(),
        "trend_games": TREND_GAMES,
    }
    response: Response = templates.TemplateResponse(request, "history.html", context)
    response.headers["Cache-Control"] = "no-store"
    return response
