"""The daily game, the leaderboard and nicknames."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Query, Request, Response
from fastapi.responses import RedirectResponse
from jinja2_fragments.fastapi import Jinja2Blocks
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.daily.attempts import (
    add_attempt,
    attempt_of,
    attempts_close_at,
    has_finished_attempt,
    practised,
    seed_published,
)
from app.daily.board_cache import BoardCache, ViewersBoard, seen_by
from app.daily.daily_share import DailyResult, OwnPlace, Viewer, board_result
from app.daily.fairplay.checks import FairPlayChecks
from app.daily.networks import CAPPED, PRACTISED, RankedSlot, forget_networks, ranked_slot
from app.daily.nicknames import NicknameError, clean_nickname, nickname_keys
from app.daily.par import ParKeeper
from app.languages.i18n import N_, translator
from app.learning.history import FactsCache
from app.operations.bot_pool import BotRoster
from app.operations.settings import Settings
from app.storage.models import DailyPar, GameRow, Player
from app.table.levels import DAILY_LEVEL, LEVELS
from app.table.store import GameKind
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
)
from app.web.routes.games import current_player, open_game, to_table
from engine.daily import RANKED, commitment, daily_seed, ranked_rules

router = APIRouter(tags=["daily"])

DAILY_BOT = LEVELS[DAILY_LEVEL]
BOARD_HISTORY = timedelta(days=366)
"""How far back boards (and the par of a day somebody played, computed on first view) can be
looked at."""


def _ranked(rules_key: str) -> None:
    try:
        ranked_rules(rules_key)
    except ValueError:
        raise HTTPException(404, N_("There is no daily game with these rules.")) from None


@router.post("/daily/{rules_key}", dependencies=[PlayerId])
def play_daily(
    request: Request, rules_key: str, session: SessionDep, settings: SettingsDep, roster: RosterDep
) -> RedirectResponse:
    """Today's deals: the ranked attempt the first time (resumed while unfinished), practice
    after that, or from the first when the player's network has had its ranked attempts of
    the day. A start that lost a race (the player's own other click, or another player's
    start from the same network taking the last slot) is made again on what won."""
    _ranked(rules_key)
    count_start(request)
    day = settings.today()
    for _ in range(settings.ranked_per_address + START_TRIES):
        try:
            return _start(request, session, settings, roster, DailyDeals(day, rules_key))
        except IntegrityError:
            session.rollback()
            attempt = attempt_of(session, player_id(request) or "", day, rules_key)
            if attempt is not None:
                return RedirectResponse(f"/games/{attempt.game_id}", status_code=303)
    raise HTTPException(409, N_("Your daily game has just been started elsewhere."))


START_TRIES = 3
"""Tries beyond one per ranked slot of a network: a start that lost a race tries again on
what the winner left. It loses a slot only to a start that took it, so after as many losses
as the cap allows slots the cap is reached and the start is practice (nothing to race for);
the few more settle the races that are not for a slot (the player's own other click)."""


@dataclass(frozen=True)
class DailyDeals:
    day: date
    rules_key: str


def _start(
    request: Request, session: Session, settings: Settings, roster: BotRoster, deals: DailyDeals
) -> RedirectResponse:
    """Resumes the player's unfinished ranked attempt, or starts a game at the deals:
    committed, unless the attempt's row is refused (`IntegrityError`)."""
    player = current_player(request, session)
    attempt = attempt_of(session, player.id, deals.day, deals.rules_key)
    if attempt is not None and attempt.finished_at is None:
        return RedirectResponse(f"/games/{attempt.game_id}", status_code=303)
    ranked, reason = (None, None) if attempt else _ranked_slot(request, session, settings, deals)
    kind = GameKind("daily" if ranked else "practice", deals.day, reason)
    seed = daily_seed(settings.secret, deals.day, deals.rules_key)
    rules = ranked_rules(deals.rules_key)
    row, table = open_game(session, player, rules, roster.bot(DAILY_BOT), seed, kind)
    if ranked is not None:
        add_attempt(session, player, row, ranked, settings.now())
    session.commit()
    return to_table(request, row, table)


def _ranked_slot(
    request: Request, session: Session, settings: Settings, deals: DailyDeals
) -> tuple[RankedSlot | None, str | None]:
    """The ranked attempt a player without one may start, or why it plays practice
    (`GameRow.practice_reason`): it has played these deals as practice, or its network's
    ranked attempts of the day are taken. Networks a week past their day are forgotten
    here: ranked starts come every day, and only they add networks."""
    if practised(session, player_id(request) or "", deals.day, deals.rules_key):
        return None, PRACTISED
    forget_networks(session, settings.now())
    address = client_address(request)
    cap = settings.ranked_per_address
    ranked = ranked_slot(session, deals.day, deals.rules_key, address, cap)
    return ranked, None if ranked else CAPPED


@router.get("/leaderboard", dependencies=[PageLimit])
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
    if done is not None and done.status == "done":
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
    back: Annotated[str, Form(max_length=200)] = "/leaderboard",
) -> Response:
    """Remembers the player's nickname (shown on every board they are on)."""
    t = translator(request)
    try:
        name = clean_nickname(nickname)
    except NicknameError as error:
        return _refused(request, templates, t.gettext(error.message) % error.values, 400)
    player = session.get(Player, player_id(request) or "")
    if player is None or not has_finished_attempt(session, player.id):
        raise HTTPException(400, N_("Finish a ranked daily game first; then choose your nickname."))
    player.nickname, player.nickname_set_aside = name, None
    player.nickname_key, player.nickname_shape_key = nickname_keys(name)
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        return _refused(request, templates, t.gettext(TAKEN) % {"name": repr(name)}, 409)
    target = back if back.startswith("/leaderboard") else "/leaderboard"
    return RedirectResponse(target, status_code=303)


def _refused(request: Request, templates: Jinja2Blocks, message: str, status: int) -> Response:
    """A nickname the board will not show, and why (`message`, in the player's words)."""
    title = translator(request).gettext("That nickname cannot be used")
    context = {"title": title, "message": message}
    return templates.TemplateResponse(request, "message.html", context, status_code=status)
