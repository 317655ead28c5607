"""The week's and the month's boards, beside the day's (`app.daily.long_boards`)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request, Response

from app.daily.long_boards import MONTH, WEEK, LongBoardCache, period_of, seen_by
from app.languages.i18n import N_
from app.operations.urls import LONG_BOARD
from app.web.deps import PageLimit, SessionDep, SettingsDep, TemplatesDep, player_id
from app.web.routes.daily import BOARD_HISTORY
from engine.daily import RANKED

router = APIRouter(tags=["daily"])


@router.get(LONG_BOARD, dependencies=[PageLimit])
def long_board(
    request: Request,
    kind: str,
    session: SessionDep,
    settings: SettingsDep,
    templates: TemplatesDep,
    day: date | None = None,
    rules: Annotated[str, Query(max_length=200)] = "pagat",
) -> Response:
    """The week or month holding `day` (today's by default), with the rules' day boards."""
    if kind not in (WEEK, MONTH):
        raise HTTPException(404, N_("There is no such board."))
    if rules not in RANKED:
        raise HTTPException(404, N_("There is no daily game with these rules."))
    today = settings.today()
    asked = day or today
    if asked > period_of(kind, today).last:
        # Before the period is worked out: the last days a date can name have no whole week.
        raise HTTPException(404, N_("That day has not come yet."))
    period = period_of(kind, asked)
    if period.last < today - BOARD_HISTORY:
        raise HTTPException(404, N_("Boards are kept for a year."))
    boards: LongBoardCache = request.app.state.long_boards
    seen = seen_by(session, boards.board(session, period, rules, today), player_id(request))
    context = {
        "period": period,
        "today": today,
        "day": min(period.last, today),
        "rules_key": rules,
        "ranked": RANKED,
        "board": seen,
        "older": period.previous >= today - BOARD_HISTORY,
        "newer": period.following <= today,
    }
    return templates.TemplateResponse(request, "long_board.html", context)
