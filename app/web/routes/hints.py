"""Hints: the strong level's choice for the human's current decision, with what the best few
actions are expected to bring, worked out from the human's view alone. Never in a ranked
daily game, nor at a day's deals before its seed is published (`app.web.secrecy`); every hint
asked is recorded with the game."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request, Response
from jinja2_fragments.fastapi import Jinja2Blocks

from app.languages.i18n import N_
from app.learning.hints import HintKeeper, HintsBusy
from app.storage.db import insert_unless_present
from app.storage.models import GameRow, HintUse
from app.table.service import HUMAN, Table
from app.web.deps import SessionDep, TemplatesDep, hint_allowed, is_htmx
from app.web.routes.games import STALE, Screen, ScreenDep, VersionField, owned_game
from app.web.secrecy import HINTS_LATER, refuse_while_secret

router = APIRouter(prefix="/games", tags=["hints"])

NOTHING_TO_DECIDE = N_("There is nothing for you to decide now.")


@router.post("/{game_id}/hint")
def hint(
    request: Request,
    game_id: str,
    session: SessionDep,
    screen: ScreenDep,
    templates: TemplatesDep,
    version: VersionField,
) -> Response:
    """The hint for the current decision. The search behind it may wait for a worker
    process behind other players' hints: the read transaction is ended first, so the wait
    holds no pooled connection (with many hints asked at once they took them all, and every
    other request failed after the pool's timeout). Hints have rate limits of their own, per
    player and per address (`app.operations.ratelimit.Limits`), counted only for a hint that would
    be worked out."""
    row = owned_game(session, request, game_id)
    if row.mode == "daily":
        raise HTTPException(403, N_("There are no hints in a ranked daily game."))
    refuse_while_secret(row, screen.settings.now(), HINTS_LATER)
    with screen.cache.lent(row) as table:
        return _hint_on(session, screen, templates, row, table, version)


def _hint_on(
    session: SessionDep,
    screen: Screen,
    templates: Jinja2Blocks,
    row: GameRow,
    table: Table,
    version: int,
) -> Response:
    """The hint on the game's table, or why there is none."""
    if version != row.version:
        return _no_hint(screen, row, table, STALE)
    if table.game.hand.to_act != HUMAN:
        return _no_hint(screen, row, table, NOTHING_TO_DECIDE)
    hints: HintKeeper = screen.request.app.state.hints
    session.commit()
    if not hint_allowed(screen.request):
        return _busy(screen, templates, row, table, TOO_MANY_HINTS, MINUTE)
    try:
        advice = hints.hint(row.id, table)
    except HintsBusy:
        return _busy(screen, templates, row, table, HINTS_BUSY, MOMENT)
    values = {"game_id": row.id, "version": row.version, "suggested": advice.action}
    insert_unless_present(session, HintUse, values)
    session.commit()
    if not is_htmx(screen.request):
        return screen.show(row, table, hint=advice)
    return templates.TemplateResponse(screen.request, "hint.html", {"hint": advice})


HINTS_BUSY = N_("Hints are busy just now; ask again in a moment.")
MOMENT = 2
TOO_MANY_HINTS = N_(
    "Many hints were asked from here in the last minute: wait a minute, then ask again."
)
MINUTE = 60


def _busy(
    screen: Screen, templates: Jinja2Blocks, row: GameRow, table: Table, why: str, retry: int
) -> Response:
    """No hint just now: too many are being worked out (`HintsBusy`), or the player or
    address asked for too many (the rate limits). Said where the hint would have been, with
    when to ask again (429, `Retry-After` in seconds), and nothing recorded."""
    headers = {"Retry-After": str(retry)}
    if not is_htmx(screen.request):
        response = screen.show(row, table, screen.words.gettext(why), 429)
        response.headers.update(headers)
        return response
    context = {"busy": screen.words.gettext(why)}
    return templates.TemplateResponse(screen.request, "hint.html", context, 429, headers)


def _no_hint(screen: Screen, row: GameRow, table: Table, message: str) -> Response:
    """A hint asked on an earlier version, or with nothing to decide, is answered like a
    stale click: the table as it is now, with why (409). An error page would put the table
    out of sight, and the hint form's target (`#hint`) would hold a table within the table,
    so htmx is told to swap the whole table instead (the page's `responseHandling` swaps
    4xx answers)."""
    response = screen.show(row, table, screen.words.gettext(message), 409)
    if is_htmx(screen.request):
        response.headers["HX-Retarget"] = "#table"
        response.headers["HX-Reswap"] = "outerHTML"
    return response
