"""The daily game, the leaderboard and nicknames."""

from __future__ import annotations

from dataclasses import fields
from datetime import date
from typing import Annotated

from fastapi import APIRouter, Form, Query, Request, Response
from fastapi.responses import RedirectResponse
from jinja2_fragments.fastapi import Jinja2Blocks

from app.daily.networks import Network
from app.daily.nicknames import NicknameError, clean_nickname
from app.languages.i18n import N_, translator
from app.operations.urls import BOARD, DAILY, NICKNAME, game_url
from app.play.boards import FIRST_RULES, BoardWork, board_day, day_board, ranked_or_404
from app.play.daily import DailyDeals, NameTaken, Starter, name_player, start_daily
from app.web.deps import (
    NameLimit,
    PageLimit,
    PlayerId,
    RosterDep,
    SessionDep,
    SettingsDep,
    TemplatesDep,
    client_address,
    count_start,
    former_players,
    player_id,
    remember_player,
    site_of,
)
from app.web.tables import to_table

router = APIRouter(tags=["daily"])


@router.post(DAILY, dependencies=[PlayerId])
def play_daily(
    request: Request, rules_key: str, session: SessionDep, settings: SettingsDep, roster: RosterDep
) -> RedirectResponse:
    """Today's deals (`app.play.daily.start_daily`): the ranked attempt, started or
    resumed; a second start is refused until the day's seed is published."""
    ranked_or_404(rules_key)
    count_start(request)
    address = client_address(request)
    network = Network(address, site_of(address))
    starter = Starter(player_id(request), network, former_players(request))
    deals = DailyDeals(settings.today(), rules_key)
    start = start_daily(session, settings, roster, starter, deals)
    remember_player(request, start.player_id)
    if start.started is not None:
        return to_table(request, *start.started)
    return RedirectResponse(game_url(start.game_id), status_code=303)


@router.get(BOARD, dependencies=[PageLimit])
def leaderboard(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    templates: TemplatesDep,
    day: date | None = None,
    rules: Annotated[str, Query(max_length=200)] = FIRST_RULES,
) -> Response:
    ranked_or_404(rules)
    deals = DailyDeals(board_day(day, settings.today()), rules)
    state = request.app.state
    work = BoardWork(state.boards, state.fair_play, state.pars, state.facts)
    board = day_board(session, settings, work, deals, player_id(request))
    context = {field.name: getattr(board, field.name) for field in fields(board)}
    return templates.TemplateResponse(request, "leaderboard.html", context)


TAKEN = N_("%(name)s is another player’s nickname (or looks like it).")


@router.post(NICKNAME, dependencies=[NameLimit])
def set_nickname(
    request: Request,
    session: SessionDep,
    templates: TemplatesDep,
    nickname: Annotated[str, Form(max_length=200)] = "",
    back: Annotated[str, Form(max_length=200)] = BOARD,
) -> Response:
    """Remembers the player's nickname (shown on every board they are on)."""
    t = translator(request)
    try:
        name = clean_nickname(nickname)
    except NicknameError as error:
        return _refused(request, templates, t.gettext(error.message) % error.values, 400)
    try:
        name_player(session, player_id(request), name)
    except NameTaken:
        return _refused(request, templates, t.gettext(TAKEN) % {"name": repr(name)}, 409)
    target = back if back.startswith(BOARD) else BOARD
    return RedirectResponse(target, status_code=303)


def _refused(request: Request, templates: Jinja2Blocks, message: str, status: int) -> Response:
    """A nickname the board will not show, and why (`message`, in the player's words)."""
    title = translator(request).gettext("That nickname cannot be used")
    context = {"title": title, "message": message}
    return templates.TemplateResponse(request, "message.html", context, status_code=status)
