"""The player's history: games, hands, statistics, trends and the daily calendar."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request, Response

from app.daily.secrecy import attempts_close_at, deals_secret
from app.daily.streaks import player_streak
from app.languages.i18n import writing_of
from app.learning.game_facts import FactsCache
from app.learning.history import History, history_of
from app.learning.statistics import TREND_GAMES
from app.operations.urls import HISTORY
from app.web.deps import PageLimit, SessionDep, SettingsDep, TemplatesDep, player_id

router = APIRouter(tags=["history"])


@router.get(HISTORY, dependencies=[PageLimit])
def history(
    request: Request, session: SessionDep, settings: SettingsDep, templates: TemplatesDep
) -> Response:
    """Every game of the cookie's player, newest first, with statistics derived by replay."""
    facts: FactsCache = request.app.state.facts
    writing = writing_of(request)
    now = settings.now()
    shown = history_of(session, player_id(request), now, facts, writing)
    context = {
        "history": shown,
        "weekdays": writing.weekdays(),
        "trend_games": TREND_GAMES,
        "kept_back": kept_back(shown, now),
        "streak": player_streak(session, player_id(request), now),
    }
    response: Response = templates.TemplateResponse(request, "history.html", context)
    response.headers["Cache-Control"] = "no-store"
    return response


def kept_back(shown: History, now: datetime) -> dict[str, datetime]:
    """When the reviews and records of each listed game at a day's deals become available,
    by game id, while its deals are secret (`app.web.secrecy`)."""
    return {
        game.id: attempts_close_at(game.day)
        for game in shown.games
        if game.day is not None and deals_secret(game, now)
    }
