"""Hints: the strong level's choice for the human's current decision, with what the best few
actions are expected to bring, worked out from the human's view alone. Never in a ranked
daily game; every hint asked is recorded with the game."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response

from app.db import insert_unless_present
from app.deps import ActionLimit, RosterDep, SessionDep, TemplatesDep, is_htmx
from app.hints import hint_of, hint_seed
from app.i18n import N_
from app.models import HintUse
from app.routes.games import STALE, ScreenDep, VersionField, owned_game
from app.service import HUMAN
from engine import view_of

router = APIRouter(prefix="/games", tags=["hints"])


@router.post("/{game_id}/hint", dependencies=[ActionLimit])
def hint(
    request: Request,
    game_id: str,
    session: SessionDep,
    screen: ScreenDep,
    roster: RosterDep,
    templates: TemplatesDep,
    version: VersionField,
) -> Response:
    row = owned_game(session, request, game_id)
    if row.mode == "daily":
        raise HTTPException(403, N_("There are no hints in a ranked daily game."))
    table = screen.cache.take(row)
    screen.cache.keep(row, table)
    if version != row.version:
        raise HTTPException(409, STALE)
    if table.game.hand.to_act != HUMAN:
        raise HTTPException(409, N_("There is nothing for you to decide now."))
    advice = roster.submit(hint_of, view_of(table.game.hand, HUMAN), hint_seed(table)).result()
    values = {"game_id": row.id, "version": row.version, "suggested": advice.action}
    insert_unless_present(session, HintUse, values)
    session.commit()
    if not is_htmx(request):
        return screen.show(row, table, hint=advice)
    return templates.TemplateResponse(request, "hint.html", {"hint": advice})
