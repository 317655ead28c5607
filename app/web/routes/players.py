"""A player's restore key (`app.play.players`): its page, a new key made and shown once, and
a key typed to play as its player in this browser."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Request, Response
from fastapi.responses import RedirectResponse

from app.daily.attempts import open_attempt_dealt_to
from app.daily.secrecy import attempts_close_at
from app.languages.i18n import N_, translator, writing_of
from app.operations.urls import HISTORY, RESTORE, RESTORE_KEY
from app.play.players import (
    DEALT_AS_ANOTHER,
    LEAVE_FIRST,
    MADE_ELSEWHERE,
    TYPED_LENGTH,
    KeyRefused,
    KeyStanding,
    KeyState,
    key_state,
    make_restore_key,
    restored_player,
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
    """This browser plays as the key's player from now on, and is shown its history. A
    browser whose player has games leaves them only when the form's box says so (409, the
    page again with the key typed, otherwise): nothing brings them back without a key. A
    browser dealt a day's daily deals as one player does not take on a ranked game of them
    another player has in progress (409, saying until when): it would play it knowing them."""
    current = player_id(request)
    state = key_state(session, current)
    writing = writing_of(request)
    try:
        restored = restored_player(session, key)
    except KeyRefused as refused:
        error = writing.words.gettext(refused.message)
        return _page(request, templates, state, error=error, typed=key, status=400)
    if restored != current and state.games and leave != LEAVE:
        error = writing.words.gettext(LEAVE_FIRST)
        return _page(request, templates, state, error=error, typed=key, status=409, at="leave")
    others = [other for other in (current, *former_players(request)) if other != restored]
    dealt = open_attempt_dealt_to(session, restored, [o for o in others if o], settings.now())
    if dealt is not None:
        time = writing.time(attempts_close_at(dealt.day))
        error = writing.words.gettext(DEALT_AS_ANOTHER) % {"time": time}
        return _page(request, templates, state, error=error, typed=key, status=409, at="")
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
