"""A click at the table, from the rate limits to the stored step: the service behind the
table's action and deal-on routes. It plays the step, counts it, stores it (committing) and
says what the table is to show; the route only parses the form and renders the outcome."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError
from starlette.concurrency import run_in_threadpool

from app.challenges.attempts import ends_challenge, settle_challenge
from app.daily.attempts import attempt_closed, settle_attempt, settles
from app.daily.fairplay.checks import FairPlayChecks
from app.daily.game_context import closed_message
from app.languages.i18n import N_, Writing
from app.languages.refusals import refusal_text
from app.operations.ratelimit import UPSERTS, ClientLimits, Count, TooManyRequests
from app.play.games import owned_game
from app.storage.db import at_rest, has_idle_connection
from app.storage.models import GameRow
from app.table.service import Table
from app.table.store import (
    Guard,
    HeldBack,
    RowHeld,
    guarded_step,
    in_one_statement,
    write_table,
)
from app.table.table_cache import TableCache

log = logging.getLogger("doko")

STALE = N_("That click was for an earlier moment of the game; here is the table as it is now.")

COUNTED_STEPS = {keys: guarded_step(UPSERTS["postgresql", keys], "counted") for keys in (1, 2)}
"""The step that also counts the click against the rate limits, by the count's number of
keys (an address, and a player): one statement on PostgreSQL instead of two round trips, and
atomic, so a click past a limit stores nothing and a stored click is counted."""


def counted_with_step(count: Count) -> Guard:
    """The click's count as the guard of its step: the step is written only if every key of
    the count was below its limit (and so counted)."""
    keys = len(count.limits)
    return Guard(COUNTED_STEPS[keys], count.parameters(), keys)


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


@dataclass(frozen=True)
class Desk:
    """What a click is played with: the request's session, the tables this process keeps,
    the client's rate limits, the fair-play checks a finished ranked game starts, the time
    and the player's writing (for the words of a refusal)."""

    session: Session
    cache: TableCache
    limits: ClientLimits
    fair_play: FairPlayChecks
    now: datetime
    writing: Writing


@dataclass(frozen=True)
class Outcome:
    """What the table shows after a click: the step stored (`stepped`, shown animated), or
    the table as it is with why not (`error`, in the player's words, and its `status`).
    `kept`: the table is this request's to keep for the game's next request (a table read
    back after a lost race is not)."""

    row: GameRow
    table: Table
    error: str | None = None
    status: int = 200
    stepped: bool = False
    kept: bool = True


async def play_click(desk: Desk, click: Click) -> Outcome:
    """A click is counted against the rate limits and played in one worker thread (counted
    by a dependency, it took a thread of its own, a second hop on every click), or on the
    event loop when it can be answered with one short statement (`_plays_on_loop`). Past the
    rate limits it raises `TooManyRequests`, with nothing stored. A click at a table whose
    bots search takes a thread only in its turn (`SEARCHING_CLICKS` at once)."""
    if desk.cache.searches(click.game_id):
        async with desk.cache.roster.searching_clicks:
            return await run_in_threadpool(_play_step, desk, click)
    if not _plays_on_loop(desk, click):
        return await run_in_threadpool(_play_step, desk, click)
    played = _step_on_kept_table(desk, click)
    if played is not None and not _settles(*played, desk.now):
        try:
            return _finish_step(desk, click, played, hurried=True)
        except RowHeld:
            _forget_the_statement(desk.session, played[0])
    return await run_in_threadpool(_finish_step, desk, click, played)


def _forget_the_statement(session: Session, row: GameRow) -> None:
    """Ends the failed statement's transaction and keeps the row as the click saw it: a
    rollback would expire it, and the retry would read the version stored by then (another
    process's step, say) and store this click on top of a moment it never saw."""
    session.expunge(row)
    session.rollback()
    session.add(row)


def _settles(row: GameRow, table: Table, now: datetime) -> bool:
    """Whether the step ends a game that goes on a board (a daily's or a challenge's): it is
    stored from a worker thread, with the board's row."""
    return settles(row, table, now) or ends_challenge(row, table)


def _plays_on_loop(desk: Desk, click: Click) -> bool:
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
    step on a game another process moved on reads the game back. A row another transaction
    holds is not waited for on the loop: the step is sent again from a worker thread
    (`write_table`'s `hurried`)."""
    return (
        in_one_statement(desk.session, alone=True)
        and desk.cache.decides_quickly(click.game_id)
        and desk.limits.counted_without_purge()
        and has_idle_connection(desk.session)
    )


def _play_step(desk: Desk, click: Click) -> Outcome:
    """One step of the game: a click past the rate limits, a request made on an earlier
    version, or a step the game refuses (answered with the status `refusals` gives its
    error), changes nothing.

    The common click, on the table this process last showed, reads nothing first: the step
    is played on the kept table and its UPDATE checks the version (and, on PostgreSQL, counts
    the click). Anything else (a refusal, a closed attempt, no kept table) is counted first
    and answered from the row as stored."""
    return _finish_step(desk, click, _step_on_kept_table(desk, click))


def _step_on_kept_table(desk: Desk, click: Click) -> tuple[GameRow, Table] | None:
    """The game's row and table with the click's step played, when this process kept the
    table the click was made on; else None, with the table (if any) kept as it was."""
    held = desk.cache.take_held(desk.session, click.game_id, desk.limits.player, click.version)
    if held is None:
        return None
    row, table = held
    if not attempt_closed(row, desk.now) and click.refusal(table) is None:
        return row, table
    desk.cache.keep(row, table)
    desk.session.expire(row)
    return None


def _finish_step(
    desk: Desk, click: Click, played: tuple[GameRow, Table] | None, hurried: bool = False
) -> Outcome:
    """Counts the click and stores the step `played` on the kept table; without one, plays
    it on the row as stored, its read transaction ended first (`at_rest`): the bots
    answering the step may search for seconds. The step's UPDATE still checks the version
    read, so a step stored meanwhile wins and this one is answered as stale."""
    count = desk.limits.action_count()
    if played is not None:
        row, table = played
        alone = not _settles(row, table, desk.now)
        return _store(desk, row, table, alone, count, hurried)
    desk.limits.enforce(count)
    row = owned_game(desk.session, click.game_id, desk.limits.player)
    table = desk.cache.take(row)
    if click.version != row.version:
        return Outcome(row, table, desk.writing.words.gettext(STALE), 409)
    if attempt_closed(row, desk.now):
        return Outcome(row, table, closed_message(row, desk.writing), 409)
    at_rest(desk.session)
    refusal = click.refusal(table)
    if refusal is not None:
        return Outcome(row, table, refusal_text(refusal, desk.writing), click.status(refusal))
    return _store(desk, row, table, alone=False, count=None)


def _store(
    desk: Desk,
    row: GameRow,
    table: Table,
    alone: bool,
    count: Count | None,
    hurried: bool = False,
) -> Outcome:
    """Commits the step before answering; a concurrent step on the same game wins the race
    and this one shows the table as it is. `alone`: the request has read nothing and writes
    nothing but the step (see `write_table`). `count`: the click, still to be counted
    against the rate limits; past them (`TooManyRequests`), nothing is stored (the table
    played on is dropped, and the next request rebuilds it). `hurried`: see `write_table`."""
    session = desk.session
    rides = count is not None and in_one_statement(session, alone)
    if not rides:
        desk.limits.enforce(count)
    try:
        _write_counted(session, row, table, alone, count if rides else None, hurried)
        settled = settle_attempt(session, row, table, desk.now)
        settle_challenge(session, row, table, desk.now)
        session.commit()
    except StaleDataError:
        session.rollback()
        fresh = session.get(GameRow, row.id)
        assert fresh is not None
        stale = desk.writing.words.gettext(STALE)
        return Outcome(fresh, desk.cache.take(fresh), stale, 409, kept=False)
    if settled is not None:
        _start_fair_play(desk, settled.id)
    return Outcome(row, table, stepped=True)


def _start_fair_play(desk: Desk, attempt_id: int) -> None:
    """Claims the check of a ranked game the step has just ended, and stored. A claim the
    database refuses now (busy, or away) must not turn the stored step into an answer that
    says nothing was changed: a later view of the day's board claims the check instead
    (`FairPlayChecks.sweep`)."""
    try:
        desk.fair_play.start(desk.session, attempt_id)
    except SQLAlchemyError:
        desk.session.rollback()
        log.warning("the fair-play check of attempt %s is left to the board's sweep", attempt_id)


def _write_counted(
    session: Session,
    row: GameRow,
    table: Table,
    alone: bool,
    count: Count | None,
    hurried: bool,
) -> None:
    """Writes the step; with a `count`, counts the click in the same statement and raises
    `TooManyRequests` (having taken back the keys it counted) when a key was at its limit
    and the step was held back."""
    if count is None:
        write_table(row, table, alone, hurried=hurried)
        return
    try:
        write_table(row, table, alone, counted_with_step(count), hurried)
    except HeldBack as held:
        count.settle(session.connection(), held.returned)
        raise TooManyRequests from held
