"""The week's and the month's boards, beside the day's (`app.daily.long_boards`)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response

from app.daily.board_days import oldest_board
from app.daily.long_boards import LongBoardCache, seen_by
from app.operations.urls import LONG_BOARD
from app.play.boards import FIRST_RULES, board_period, ranked_or_404
from app.web.deps import PageLimit, SessionDep, SettingsDep, TemplatesDep, player_id
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
    rules: Annotated[str, Query(max_length=200)] = FIRST_RULES,
) -> Response:
    """The week or month holding `day` (today's by default), with the rules' day boards."""
    ranked_or_404(rules)
    today = settings.today()
    period = board_period(kind, day, today)
    boards: LongBoardCache = request.app.state.long_boards
    seen = seen_by(session, boards.board(session, period, rules, today), player_id(request))
    context = {
        "period": period,
        "today": today,
        "day": min(period.last, today),
        "rules_key": rules,
        "ranked": RANKED,
        "board": seen,
        "older": period.previous >= oldest_board(today),
        "newer": period.following <= today,
    }
    return templates.TemplateResponse(request, "long_board.html", context)
