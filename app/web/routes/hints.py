"""Hints: the strong level's choice for the human's current decision, with what the best few
actions are expected to bring, worked out from the human's view alone. Never in a ranked
daily game, nor at a day's deals before its seed is published (`app.play.hints`); every hint
asked is recorded with the game."""

from __future__ import annotations

from functools import partial

from fastapi import APIRouter, Request, Response

from app.learning.hints import HintKeeper
from app.operations.urls import HINT
from app.play.games import owned_game
from app.play.hints import HintAsked, NoHint, hint_at_table
from app.storage.models import GameRow
from app.table.service import Table
from app.web.deps import SessionDep, TemplatesDep, hint_allowed, is_htmx, player_id
from app.web.tables import Screen, ScreenDep, VersionField

router = APIRouter(tags=["hints"])


@router.post(HINT)
def hint(
    request: Request,
    game_id: str,
    session: SessionDep,
    screen: ScreenDep,
    templates: TemplatesDep,
    version: VersionField,
) -> Response:
    """The hint for the current decision (`app.play.hints.hint_at_table`), in the table's hint
    box, or why there is none. Hints have rate limits of their own, per player and per
    address (`app.operations.ratelimit.Limits`)."""
    row = owned_game(session, game_id, player_id(request))
    keeper: HintKeeper = request.app.state.hints
    asked = HintAsked(row, version, screen.settings.now(), partial(hint_allowed, request))
    with hint_at_table(session, keeper, screen.cache, asked) as (table, advice):
        if isinstance(advice, NoHint):
            return _no_hint(screen, row, table, advice)
        if not is_htmx(request):
            return screen.show(row, table, hint=advice)
    return templates.TemplateResponse(request, "hint.html", {"hint": advice})


def _no_hint(screen: Screen, row: GameRow, table: Table, no: NoHint) -> Response:
    """No hint just now (`no.retry`): said where the hint would have been, with when to ask
    again (429, `Retry-After` in seconds), and nothing recorded. A hint asked on an earlier
    version, or with nothing to decide, is answered like a stale click: the table as it is
    now, with why (409). An error page would put the table out of sight, and the hint form's
    target (`#hint`) would hold a table within the table, so htmx is told to swap the whole
    table instead (the page's `responseHandling` swaps 4xx answers)."""
    why = screen.words.gettext(no.why)
    htmx = is_htmx(screen.request)
    if no.retry is not None:
        headers = {"Retry-After": str(no.retry)}
        if not htmx:
            response = screen.show(row, table, why, 429)
            response.headers.update(headers)
            return response
        context = {"busy": why}
        return screen.templates.TemplateResponse(screen.request, "hint.html", context, 429, headers)
    response = screen.show(row, table, why, 409)
    if htmx:
        response.headers["HX-Retarget"] = "#table"
        response.headers["HX-Reswap"] = "outerHTML"
    return response
