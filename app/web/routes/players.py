"""A player's restore key (`app.play.players`): its page, a new key made and shown once, and
a key typed to play as its player in this browser."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Request, Response
from fastapi.responses import RedirectResponse

from app.languages.i18n import N_, translator, writing_of
from app.operations.urls import HISTORY, RESTORE, RESTORE_KEY
from app.play.players import (
    MADE_ELSEWHERE,
    TYPED_LENGTH,
    Browser,
    KeyRefused,
    KeyStanding,
    KeyState,
    key_state,
    make_restore_key,
    restore_player,
)
from app.storage.models import Player
from app.web.deps import (
    PageLimit,
    RestoreLimit,
    SessionDep,
    SettingsDep,
    TemplatesDep,
    former_players,
    player_id,
    remember_player,
)

router = APIRouter(tags=["players"])

LEAVE = "yes"
"""The value of the restore form's box that leaves this browser's games with its player."""
NO_PLAYER = N_("This browser has no player yet: play a game first, then make its key.")


@router.get(RESTORE_KEY, dependencies=[PageLimit])
def restore_key_page(request: Request, session: SessionDep, templates: TemplatesDep) -> Response:
    return _page(request, templates, key_state(session, player_id(request)))


@router.post(RESTORE_KEY, dependencies=[RestoreLimit])
def new_restore_key(
    request: Request,
    session: SessionDep,
    templates: TemplatesDep,
    replacing: Annotated[str, Form(max_length=16)] = "",
) -> Response:
    """A new key for the cookie's player, shown on this answer only; the page again, saying
    why, when the key its form would replace has been replaced already (409)."""
    player = session.get(Player, player_id(request) or "")
    if player is None:
        raise HTTPException(400, NO_PLAYER)
    made = make_restore_key(session, player, replacing)
    state = key_state(session, player.id)
    if made is None:
        refused = translator(request).gettext(MADE_ELSEWHERE)
        return _page(request, templates, state, refused=refused, status=409)
    return _page(request, templates, state, made=made)


@router.post(RESTORE, dependencies=[RestoreLimit])
def restore(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    templates: TemplatesDep,
    key: Annotated[str, Form(max_length=TYPED_LENGTH)] = "",
    leave: Annotated[str, Form(max_length=8)] = "",
) -> Response:
    """This browser plays as the key's player from now on (`restore_player`), and is shown
    its history; refused, the page again with the key typed and the refusal at its field."""
    browser = Browser(player_id(request), former_players(request))
    try:
        restored = restore_player(session, key, browser, leave == LEAVE, settings.now())
    except KeyRefused as refused:
        writing = writing_of(request)
        error = writing.words.gettext(refused.message)
        if refused.until is not None:
            error %= {"time": writing.time(refused.until)}
        state = key_state(session, browser.player_id)
        status, at = refused.status, refused.field
        return _page(request, templates, state, error=error, typed=key, status=status, at=at)
    remember_player(request, restored)
    return RedirectResponse(HISTORY, status_code=303)


def _page(
    request: Request,
    templates: TemplatesDep,
    state: KeyState,
    made: str | None = None,
    error: str | None = None,
    typed: str = "",
    refused: str | None = None,
    status: int = 200,
    at: str = "key",
) -> Response:
    """`at`: the restore form's field the `error` is about (`key`, or the `leave` box; none
    when it is about the browser)."""
    context = {
        "has_player": state.standing is not KeyStanding.NO_PLAYER,
        "has_key": state.standing is KeyStanding.HAS_KEY,
        "key_version": state.version,
        "games": state.games,
        "unfinished": state.unfinished,
        "leave": LEAVE,
        "no_player": NO_PLAYER,
        "made": made,
        "error": error,
        "error_at": at,
        "typed_length": TYPED_LENGTH,
        "typed": typed,
        "refused": refused,
    }
    response: Response = templates.TemplateResponse(
        request, "restore_key.html", context, status_code=status
    )
    response.headers["Cache-Control"] = "no-store"
    return response
