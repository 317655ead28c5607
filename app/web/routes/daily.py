"""The daily game, the leaderboard and nicknames."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Query, Request, Response
from fastapi.responses import RedirectResponse
from jinja2_fragments.fastapi import Jinja2Blocks
from sqlalchemy.orm import Session

from app.daily.attempts import attempts_close_at, seed_published
from app.daily.board_cache import BoardCache, ViewersBoard, seen_by
from app.daily.daily_share import DailyResult, OwnPlace, Viewer, board_result
from app.daily.fairplay.checks import FairPlayChecks
from app.daily.nicknames import NicknameError, clean_nickname
from app.daily.par import ParKeeper
from app.languages.i18n import N_, translator
from app.learning.game_facts import FactsCache
from app.operations.settings import Settings
from app.operations.urls import BOARD, DAILY, game_url
from app.play.daily import DAILY_BOT, DailyDeals, NameTaken, Starter, name_player, start_daily
from app.storage.models import DailyPar, GameRow
from app.storage.work import WorkStatus
from app.table.levels import DAILY_LEVEL
from app.web.deps import (
    PageLimit,
    PlayerId,
    RosterDep,
    SessionDep,
    SettingsDep,
    TemplatesDep,
    client_address,
    count_start,
    player_id,
    remember_player,
)
from app.web.tables import to_table
from engine.daily import RANKED, commitment, daily_seed, ranked_rules

router = APIRouter(tags=["daily"])

BOARD_HISTORY = timedelta(days=366)
"""How far back boards (and the par of a day somebody played, computed on first view) can be
looked at."""


def _ranked(rules_key: str) -> None:
    try:
        ranked_rules(rules_key)
    except ValueError:
        raise HTTPException(404, N_("There is no daily game with these rules.")) from None


@router.post(DAILY, dependencies=[PlayerId])
def play_daily(
    request: Request, rules_key: str, session: SessionDep, settings: SettingsDep, roster: RosterDep
) -> RedirectResponse:
    """Today's deals (`app.play.daily.start_daily`): the ranked attempt, resumed, or
    practice."""
    _ranked(rules_key)
    count_start(request)
    starter = Starter(player_id(request), client_address(request))
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
    rules: Annotated[str, Query(max_length=200)] = "pagat",
) -> Response:
    _ranked(rules)
    today = settings.today()
    shown = day or today
    if shown > today:
        raise HTTPException(404, N_("That day has not come yet."))
    if shown < today - BOARD_HISTORY:
        raise HTTPException(404, N_("Boards are kept for a year."))
    seed = daily_seed(settings.secret, shown, rules)
    published = seed_published(shown, settings.now())
    boards: BoardCache = request.app.state.boards
    shared = boards.shared(session, shown, rules, today)
    if shared.waiting:
        checks: FairPlayChecks = request.app.state.fair_play
        checks.sweep(session, shown, rules)
    seen = seen_by(session, shared, shown, rules, player_id(request))
    context = {
        "day": shown,
        "today": today,
        "rules_key": rules,
        "ranked": RANKED,
        "rows": seen.rows,
        "own_pending": seen.own_pending,
        "waiting": shared.waiting,
        "set_aside": seen.set_aside,
        "par": _bot_par(request, session, settings, shown, rules) if shared.par_wanted else None,
        "commitment": commitment(seed),
        "seed": seed if published else None,
        "closes_at": attempts_close_at(shown),
        "unfinished": shared.unfinished,
        "closed": published,
        "level": DAILY_LEVEL,
        "share": _share(request, session, settings, seen, shared.field, DailyDeals(shown, rules)),
    }
    return templates.TemplateResponse(request, "leaderboard.html", context)


def _share(
    request: Request,
    session: Session,
    settings: Settings,
    seen: ViewersBoard,
    field: int,
    deals: DailyDeals,
) -> DailyResult | None:
    """The viewer's result to share, when the board shows its finished attempt: ranked,
    being checked or set aside (none is read for anybody else)."""
    viewer = player_id(request)
    ranked = next((row.rank for row in seen.rows if row.own), None)
    shown = ranked is not None or seen.own_pending or any(row.own for row in seen.set_aside)
    if viewer is None or not shown:
        return None
    facts: FactsCache = request.app.state.facts

    def hands_won_in(row: GameRow) -> tuple[bool, ...]:
        (game,) = facts.of_games(session, [row])
        return tuple(hand.won for hand in game.played)

    at = Viewer(viewer, deals.day, deals.rules_key, settings.now())
    return board_result(session, hands_won_in, at, OwnPlace(ranked, field))


def _bot_par(
    request: Request, session: Session, settings: Settings, day: date, rules_key: str
) -> DailyPar:
    """The board's par (of a board that has one, `SharedBoard.par_wanted`), started by its
    first view. Once done it is only read: claiming it costs a write and a commit."""
    done = session.get(DailyPar, (day, rules_key))
    if done is not None and done.status == WorkStatus.DONE:
        return done
    pars: ParKeeper = request.app.state.pars
    return pars.request(session, day, rules_key, DAILY_BOT, settings.now())


TAKEN = N_("%(name)s is another player’s nickname (or looks like it).")


@router.post("/players/nickname")
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
