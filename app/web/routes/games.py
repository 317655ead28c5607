"""Games: start one, show the table, take the human's actions, deal on, export hands."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Annotated

from fastapi import APIRouter, Depends, Form, HTTPException, Request, Response
from fastapi.responses import RedirectResponse
from jinja2_fragments.fastapi import Jinja2Blocks
from sqlalchemy.orm.exc import StaleDataError
from starlette.concurrency import run_in_threadpool

from app.daily.attempts import attempt_closed, settle_attempt, settles
from app.daily.game_context import closed_message, game_context
from app.languages.i18n import N_, Translator, translator, writing_of
from app.languages.refusals import refusal_text
from app.operations.ratelimit import Count, TooManyRequests
from app.operations.settings import Settings
from app.storage.db import has_idle_connection
from app.storage.models import GameRow, Player
from app.table.call_row import call_row
from app.table.levels import LEVELS
from app.table.pace import step_pace, still_pace
from app.table.preferences import level_preference, rules_preference
from app.table.presenter import table_model
from app.table.service import (
    HUMAN,
    Table,
    human_action,
    new_table,
    next_hand,
)
from app.table.store import (
    NEW_GAME,
    GameKind,
    TableCache,
    add_game,
    counts_with_step,
    find_game,
    player_for,
    write_table,
)
from app.web.deps import (
    TOO_MANY_ACTIONS,
    PlayerId,
    RosterDep,
    SessionDep,
    action_count,
    count_start,
    counted_without_purge,
    enforce,
    is_htmx,
    player_id,
    remember_player,
)
from app.web.secrecy import own_hand_only
from bots.protocol import Bot
from engine import (
    Act,
    Action,
    Card,
    EngineError,
    IllegalAction,
    RulesError,
    RuleSet,
)

if TYPE_CHECKING:
    from app.learning.hints import Hint

router = APIRouter(prefix="/games", tags=["games"])

STALE = N_("That click was for an earlier moment of the game; here is the table as it is now.")


def current_player(request: Request, session: SessionDep) -> Player:
    """The cookie's player, created (and remembered in the cookie) on first need."""
    player = player_for(session, player_id(request))
    remember_player(request, player.id)
    return player


def open_game(
    session: SessionDep,
    player: Player,
    rules: RuleSet,
    bot: Bot,
    seed: str | None = None,
    kind: GameKind = NEW_GAME,
) -> tuple[GameRow, Table]:
    """Starts and stores (uncommitted) a game, with fresh deals unless a seed is given."""
    table = new_table(rules, seed or secrets.token_hex(16), bot)
    return add_game(session, player, table, bot.id, kind), table


def to_table(request: Request, row: GameRow, table: Table) -> RedirectResponse:
    """To a game just committed. Its table is kept, so the page the player is sent to need
    not rebuild it."""
    request.app.state.tables.keep(row, table)
    return RedirectResponse(f"/games/{row.id}", status_code=303)


SEED = re.compile(r"[A-Za-z0-9_-]{1,64}")


@router.post("", dependencies=[PlayerId])
def start_game(
    request: Request,
    session: SessionDep,
    roster: RosterDep,
    seed: Annotated[str | None, Form(max_length=64)] = None,
    rules: Annotated[str | None, Form(max_length=200)] = None,
) -> RedirectResponse:
    """A new game with the rules and level remembered on this device. A seed replays the
    deals of an earlier game ("play these cards again"), with that game's `rules`: the same
    cards under other rules (scoring, hands, Armut, the nines) would be another game. New
    games are practice, so that is fair."""
    if seed is not None and not SEED.fullmatch(seed):
        raise HTTPException(400, N_("A seed is 1 to 64 letters, digits, '-' or '_'."))
    chosen = replayed_rules(rules) if rules is not None else rules_preference(request)
    count_start(request)
    bot = roster.bot(LEVELS[level_preference(request)])
    player = current_player(request, session)
    row, table = open_game(session, player, chosen, bot, seed)
    session.commit()
    return to_table(request, row, table)


def replayed_rules(key: str) -> RuleSet:
    """The rule set of a game played again, by its key; refused when no rule set has it."""
    try:
        return RuleSet.from_key(key)
    except RulesError:
        raise HTTPException(400, N_("Those rules do not exist")) from None


def owned_game(session: SessionDep, request: Request, game_id: str) -> GameRow:
    row = find_game(session, game_id, player_id(request))
    if row is None:
        raise HTTPException(404, N_("No such game here."))
    return row


@dataclass(frozen=True)
class Screen:
    """What every table route needs to answer: the request, templates, settings and the
    cache of rebuilt tables."""

    request: Request
    templates: Jinja2Blocks
    settings: Settings
    cache: TableCache

    @property
    def words(self) -> Translator:
        return translator(self.request)

    def show(
        self,
        row: GameRow,
        table: Table,
        error: str | None = None,
        status_code: int = 200,
        animate: bool = False,
        hint: Hint | None = None,
    ) -> Response:
        """The whole page, or only the table region for an htmx request; `error` is already
        in the request's words."""
        settings, writing = self.settings, writing_of(self.request)
        model = table_model(table, row.id, settings.bot_delay_ms, self.words, error, animate)
        game = game_context(row, table, settings.now(), writing, settings.ranked_per_address)
        context = {
            "model": own_hand_only(model) if game.secret_until else model,
            "game": game,
            "hint": hint,
            "pace": step_pace(table, model) if animate else still_pace(model),
            "calls": call_row(model.announce, model.seats[HUMAN].team, self.words),
        }
        block = "table" if is_htmx(self.request) else None
        response: Response = self.templates.TemplateResponse(
            self.request, "table.html", context, status_code=status_code, block_name=block
        )
        response.headers["Vary"] = "HX-Request"
        response.headers["Cache-Control"] = "no-store"
        return response

    def show_kept(
        self,
        row: GameRow,
        table: Table,
        error: str | None = None,
        status_code: int = 200,
        animate: bool = False,
    ) -> Response:
        """`show` a table this request took, then keep it for the game's next request (not
        before: see `TableCache.lent`)."""
        response = self.show(row, table, error, status_code, animate)
        self.cache.keep(row, table)
        return response


async def _screen(request: Request) -> Screen:
    """`async`, and read straight from the app's state rather than through the templates'
    and settings' dependencies: it needs no worker thread, and every click resolves it."""
    state = request.app.state
    return Screen(request, state.templates, state.settings, state.tables)


ScreenDep = Annotated[Screen, Depends(_screen)]


@router.get("/{game_id}")
def show_game(request: Request, game_id: str, session: SessionDep, screen: ScreenDep) -> Response:
    row = owned_game(session, request, game_id)
    with screen.cache.lent(row) as table:
        return screen.show(row, table)


VersionField = Annotated[int, Form(ge=0, le=1_000_000)]
"""The version a request was made on; a game has far fewer steps."""


def parse_action(text: str, cards: list[str]) -> Action:
    """The human's action from the form: a notation, plus picked cards for an Armut pass."""
    action = Action.parse(HUMAN, text.strip())
    if action.act in (Act.ARMUT_GIVE, Act.ARMUT_RETURN) and not action.cards:
        picked = tuple(Card.parse(card) for card in cards)
        action = Action(HUMAN, action.act, cards=picked)
    return action


@router.post("/{game_id}/actions")
async def take_action(
    game_id: str,
    session: SessionDep,
    screen: ScreenDep,
    version: VersionField,
    action: Annotated[str, Form(max_length=40)] = "",
    cards: Annotated[list[str] | None, Form(max_length=3)] = None,
) -> Response:
    """Applies one human action and the bots' answers; nothing changes unless all succeed."""

    def act(table: Table) -> None:
        human_action(table, parse_action(action, cards or []))

    refusals: dict[type[Exception], int] = {IllegalAction: 422, EngineError: 400}
    return await _counted(session, screen, Click(game_id, version, act, refusals))


@router.post("/{game_id}/next")
async def deal_next(
    game_id: str,
    session: SessionDep,
    screen: ScreenDep,
    version: VersionField,
) -> Response:
    return await _counted(session, screen, Click(game_id, version, next_hand, {ValueError: 409}))


@dataclass(frozen=True)
class Click:
    """A step the player asked for: on which game and version, what it does to the table,
    and the status each error it may raise is answered with."""

    game_id: str
    version: int
    step: Callable[[Table], None]
    refusals: dict[type[Exception], int]

    def refusal(self, table: Table) -> Exception | None:
        """Plays the step; the error when the game refuses it (the table is then unchanged)."""
        try:
            self.step(table)
        except tuple(self.refusals) as error:
            return error
        return None

    def status(self, refusal: Exception) -> int:
        return next(code for kind, code in self.refusals.items() if isinstance(refusal, kind))


async def _counted(session: SessionDep, screen: Screen, click: Click) -> Response:
    """A click is counted against the rate limits and played in one worker thread (counted
    by a dependency, it took a thread of its own, a second hop on every click), or on the
    event loop when it can be answered with one short statement (`_plays_on_loop`)."""
    now = screen.settings.now()
    if not _plays_on_loop(session, screen, click):
        return await run_in_threadpool(_play_step, session, screen, click, now)
    played = _step_on_kept_table(session, screen, click, now)
    if played is not None and not settles(*played, now):
        return _finish_step(session, screen, click, now, played)
    return await run_in_threadpool(_finish_step, session, screen, click, now, played)


def _plays_on_loop(session: SessionDep, screen: Screen, click: Click) -> bool:
    """Whether the click may be played on the event loop, not in a worker thread: when this
    process keeps its table and its bots decide in a moment (no search bot), on PostgreSQL
    (where the step is one statement that also counts the click), when counting it does not
    first purge the rate limits' old windows, and when a pooled connection is idle
    (`has_idle_connection`). Such a click holds the interpreter for a few milliseconds
    wherever it runs, and the loop for its statement's round trip (about 0.5 ms); in a
    worker thread it also waited for the interpreter while other clicks rendered. At 300
    players on two processes the players' p95 went from 46-71 ms to 31-42 ms
    (`bench/RESULTS.md`). A step the game refuses, or one that ends a ranked daily game, is
    still stored from a worker thread (`_finish_step`). A rarer wait stays on the loop: a
    step on a game another process moved on reads the game back."""
    return (
        counts_with_step(session, alone=True)
        and screen.cache.decides_quickly(click.game_id)
        and counted_without_purge(screen.request)
        and has_idle_connection(session)
    )


def _play_step(session: SessionDep, screen: Screen, click: Click, now: datetime) -> Response:
    """One step of the game: a click past the rate limits, a request made on an earlier
    version, or a step the game refuses (answered with the status `refusals` gives its
    error), changes nothing.

    The common click, on the table this process last showed, reads nothing first: the step
    is played on the kept table and its UPDATE checks the version (and, on PostgreSQL, counts
    the click). Anything else (a refusal, a closed attempt, no kept table) is counted first
    and answered from the row as stored."""
    played = _step_on_kept_table(session, screen, click, now)
    return _finish_step(session, screen, click, now, played)


def _step_on_kept_table(
    session: SessionDep, screen: Screen, click: Click, now: datetime
) -> tuple[GameRow, Table] | None:
    """The game's row and table with the click's step played, when this process kept the
    table the click was made on; else None, with the table (if any) kept as it was."""
    held = screen.cache.take_held(session, click.game_id, player_id(screen.request), click.version)
    if held is None:
        return None
    row, table = held
    if not attempt_closed(row, now) and click.refusal(table) is None:
        return row, table
    screen.cache.keep(row, table)
    session.expire(row)
    return None


def _finish_step(
    session: SessionDep,
    screen: Screen,
    click: Click,
    now: datetime,
    played: tuple[GameRow, Table] | None,
) -> Response:
    """Counts the click and stores the step `played` on the kept table; without one, plays
    it on the row as stored."""
    count = action_count(screen.request)
    if played is not None:
        row, table = played
        alone = not settles(row, table, now)
        return _store_and_show(session, screen, row, table, now, alone, count)
    enforce(screen.request, count)
    row = owned_game(session, screen.request, click.game_id)
    table = screen.cache.take(row)
    if click.version != row.version:
        return screen.show_kept(row, table, screen.words.gettext(STALE), 409)
    if attempt_closed(row, now):
        closed = closed_message(row, writing_of(screen.request))
        return screen.show_kept(row, table, closed, 409)
    refusal = click.refusal(table)
    if refusal is not None:
        text = refusal_text(refusal, writing_of(screen.request))
        return screen.show_kept(row, table, text, click.status(refusal))
    return _store_and_show(session, screen, row, table, now, alone=False, count=None)


def _store_and_show(
    session: SessionDep,
    screen: Screen,
    row: GameRow,
    table: Table,
    now: datetime,
    alone: bool,
    count: Count | None,
) -> Response:
    """Commits the step before answering; a concurrent step on the same game wins the race
    and this one shows the table as it is. `alone`: the request has read nothing and writes
    nothing but the step (see `write_table`). `count`: the click, still to be counted
    against the rate limits; past them, nothing is stored (the table played on is dropped,
    and the next request rebuilds it)."""
    counted_with_step = count if counts_with_step(session, alone) else None
    if counted_with_step is None:
        enforce(screen.request, count)
    try:
        write_table(row, table, alone, counted_with_step)
        settled = settle_attempt(session, row, table, now)
        session.commit()
    except TooManyRequests as refused:
        raise HTTPException(429, TOO_MANY_ACTIONS) from refused
    except StaleDataError:
        session.rollback()
        fresh = session.get(GameRow, row.id)
        assert fresh is not None
        return screen.show(fresh, screen.cache.take(fresh), screen.words.gettext(STALE), 409)
    if settled is not None:
        screen.request.app.state.fair_play.start(session, settled.id)
    if not is_htmx(screen.request):
        screen.cache.keep(row, table)
        return RedirectResponse(f"/games/{row.id}", status_code=303)
    return screen.show_kept(row, table, animate=True)
