"""Reading and writing games. These functions never commit: the request's transaction does
(but for a step that is all its request writes, on PostgreSQL: see `write_table`). The
store knows games and hands, nothing of who plays them or how often: a condition that must
hold for a step to be written (a click's rate limits) comes from the caller as a `Guard`."""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any, NamedTuple, cast

from sqlalchemy import (
    JSON,
    Insert,
    Integer,
    ScalarSelect,
    String,
    bindparam,
    column,
    func,
    inspect,
    select,
    true,
)
from sqlalchemy import Table as SqlTable
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, object_session
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.exc import StaleDataError
from sqlalchemy.sql import Executable

from app.storage.db import insert_unless_present
from app.storage.models import GameHand, GameRow, Player
from app.storage.modes import GameMode
from app.table.action_log import LoggedGame

HANDS = cast(SqlTable, GameHand.__table__)
GAMES = cast(SqlTable, GameRow.__table__)
ROW_COLUMNS = tuple(inspect(GameRow).column_attrs)


def new_id() -> str:
    return secrets.token_hex(16)


GAME_ID = re.compile(r"[0-9a-f]{32}")
"""What `new_id` makes: a game's id in a URL is nothing else."""


def made_by_new_id(text: str) -> bool:
    """Whether `text` is an id `new_id` could have made (a game's or a player's)."""
    return GAME_ID.fullmatch(text) is not None


def player_for(session: Session, player_id: str | None) -> Player:
    """The cookie's player; created on first need (with the cookie's id when it has one).
    Two first requests with the same cookie may arrive together: both get the one row. A
    visitor without a cookie gets a new player, stored with what the request stores (no
    row can have its new id: nothing to read first)."""
    if player_id is None:
        newcomer = Player(id=new_id())
        session.add(newcomer)
        return newcomer
    player = session.get(Player, player_id)
    if player is None:
        insert_unless_present(session, Player, {"id": player_id})
        player = session.get(Player, player_id)
        assert player is not None
    return player


@dataclass(frozen=True)
class GameKind:
    """A game's mode, with the day of a daily game and why it is practice."""

    mode: GameMode = GameMode.NEW
    day: date | None = None
    practice_reason: str | None = None
    """Why a daily game is practice for a player without a ranked attempt (`GameRow`), or
    `SEED_GIVEN` for a new game of deals its player asked for."""


NEW_GAME = GameKind()
SEED_GIVEN = "seed-given"
"""A new game's deals came from a seed its player sent (an earlier game's deals again, or a
seed of their own): the player may know every hand, so the game never counts anywhere, not
even as its maker's game at a challenge made of it."""


def add_game(
    session: Session, player: Player, table: LoggedGame, bot_id: str, kind: GameKind = NEW_GAME
) -> GameRow:
    game = table.game
    row = GameRow(
        id=new_id(),
        player_id=player.id,
        rules_key=game.rules.key,
        seed=game.seed,
        bot_id=bot_id,
        mode=kind.mode,
        day=kind.day,
        practice_reason=kind.practice_reason,
        **_derived(table),
    )
    row.log = table.log
    session.add(row)
    session.flush()
    table.stored_hands = len(table.log)
    return row


def find_game(session: Session, game_id: str, player_id: str | None) -> GameRow | None:
    """A game, only for the player who owns it. An id `new_id` cannot have made is not looked
    up: it names no game, and PostgreSQL refuses some (a NUL) with an error."""
    if not made_by_new_id(game_id):
        return None
    row = session.get(GameRow, game_id)
    return row if row is not None and row.player_id == player_id else None


class _Derived(NamedTuple):
    """The game row's columns that follow from the table."""

    version: int
    hands_done: int
    finished: bool
    updated_at: datetime


def _derived(table: LoggedGame) -> dict[str, Any]:
    now = datetime.now(UTC)
    hands = len(table.game.finished_results)
    return _Derived(table.version, hands, table.game.is_over, now)._asdict()


def in_one_statement(session: Session, alone: bool) -> bool:
    """Whether `write_table` stores the step in one statement, which a `Guard` can ride in:
    on PostgreSQL, for a step `alone` in its request."""
    return alone and session.get_bind().dialect.name == "postgresql"


@dataclass(frozen=True)
class Guard:
    """A condition checked inside the statement that stores a step (`in_one_statement`),
    saving the request the round trip of a statement of its own: the game is written only
    if the condition's statement returns `rows` rows. `step` is the step built around that
    statement once (`guarded_step`), `parameters` the condition's. What the condition means
    is its maker's business (a click's count against the rate limits, `app.play.clicks`):
    the store runs it and, when it holds the step back, says what it returned
    (`HeldBack`)."""

    step: Executable
    parameters: Mapping[str, object]
    rows: int


class HeldBack(Exception):
    """A step that its `Guard` held back: nothing of the game was written. `returned`: the
    first column of the rows the guard's statement returned (fewer than it needed)."""

    def __init__(self, returned: set[Any]) -> None:
        super().__init__(f"the step's guard returned {len(returned)} rows")
        self.returned = returned


HURRIED_LOCK_WAIT = "50ms"
"""How long a `hurried` step waits for a row another transaction holds: a step's own
statement takes about half a millisecond, another process's step on the same game a few."""
LOCK_NOT_AVAILABLE = "55P03"
"""PostgreSQL's error code for a lock timeout."""


class RowHeld(Exception):
    """A hurried step found a row another transaction holds: nothing was written, and the
    step may be sent again from where waiting holds up nobody else."""


def write_table(
    row: GameRow,
    table: LoggedGame,
    alone: bool,
    guard: Guard | None = None,
    hurried: bool = False,
) -> None:
    """Stores a step of a stored game: its actions and what is derived from the log for
    queries. Only the hands the step touched are written: the one that was in progress and
    any dealt since. (A game's request never loads the hands' rows, so there is nothing in
    the session to update.) Plain statements, not the ORM's flush, which cost a click as
    much as they do. The row is written only while it still has the version the step was
    made on, else `StaleDataError` (as the ORM's version check raised): of two concurrent
    steps on a game, one is stored, and nothing of the other.

    On PostgreSQL the step is one statement. When it is `alone` (the session's first
    statement, and nothing else is written with it) it runs without a transaction: a
    statement is atomic on its own, and BEGIN and COMMIT were two of a click's five round
    trips to the database.

    That statement can also carry a `guard` (when `in_one_statement`), checked in the same
    atomic statement: the game is then written only if the guard holds, else `HeldBack`.

    A `hurried` step (one statement, sent from the event loop) waits at most
    `HURRIED_LOCK_WAIT` for a row another transaction holds, then raises `RowHeld` having
    written nothing: every other request of the process waits while the loop does."""
    session = object_session(row)
    assert session is not None, "the game's row belongs to the request's session"
    if guard is not None and not in_one_statement(session, alone):
        raise ValueError("a step carries a guard only when `in_one_statement`")
    values = _derived(table)
    if session.get_bind().dialect.name == "postgresql":
        if alone:
            session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
        _write_in_one_statement(session, row, table, values, guard, hurried)
    else:
        _write_statements(session, row, table, values)
    _stored(row, values)
    table.stored_hands = len(table.log)


def _write_in_one_statement(
    session: Session,
    row: GameRow,
    table: LoggedGame,
    values: dict[str, Any],
    guard: Guard | None,
    hurried: bool,
) -> None:
    last = table.stored_hands - 1
    step = {"game": row.id, "was": row.version, "hand": last, "played": table.log[last]}
    step["added"] = [_hand(table, n) for n in range(table.stored_hands, len(table.log))]
    step |= {f"new_{name}": value for name, value in values.items()}
    step["lock_wait"] = HURRIED_LOCK_WAIT if hurried else None
    connection = session.connection()
    try:
        if guard is None:
            stored = connection.execute(STEP, step).scalar_one()
        else:
            step |= dict(guard.parameters) | {"guard_rows": guard.rows}
            stored, returned = connection.execute(guard.step, step).one()
    except OperationalError as error:
        if hurried and getattr(error.orig, "sqlstate", None) == LOCK_NOT_AVAILABLE:
            raise RowHeld(row.id) from error
        raise
    if guard is not None and len(returned or ()) != guard.rows:
        raise HeldBack(set(returned or ()))
    if stored != 1:
        raise _stale(row)


def _write_statements(
    session: Session, row: GameRow, table: LoggedGame, values: dict[str, Any]
) -> None:
    """The row first, so that a step on a game that moved on fails before its hands clash
    with the stored ones."""
    _update_row(session, row, values)
    last = table.stored_hands - 1
    hand = HANDS.update().where(HANDS.c.game_id == row.id, HANDS.c.number == last)
    session.execute(hand.values(actions=list(table.log[last])))
    added = range(table.stored_hands, len(table.log))
    if added:
        session.execute(HANDS.insert(), [_hand(table, n) | {"game_id": row.id} for n in added])


def _hand(table: LoggedGame, number: int) -> dict[str, Any]:
    return {"number": number, "actions": list(table.log[number])}


def _step(guard: Insert | None = None, name: str = "guard") -> Executable:
    """A step as one PostgreSQL statement: the game's row updated while it has the version
    the step was made on, the hand in progress rewritten and the hands dealt since inserted
    only if it was; counts the rows updated (1, or 0 when the game has moved on). (No
    parameter is named after a column: Core would add it to the SET of each UPDATE.)

    With a `guard` (a statement that returns rows, named `name` in the SQL), the guard runs
    first, the game is updated only if it returned `guard_rows` rows, and the first column
    of its rows comes second."""
    written_if = [
        _lock_wait_set().is_not(None),
        GAMES.c.id == bindparam("game"),
        GAMES.c.version == bindparam("was"),
    ]
    if guard is not None:
        guarded = guard.cte(name)
        written_if.append(
            select(func.count()).select_from(guarded).scalar_subquery() == bindparam("guard_rows")
        )
    game = (
        GAMES.update()
        .where(*written_if)
        .values({name: bindparam(f"new_{name}") for name in _Derived._fields})
        .returning(GAMES.c.id)
        .cte("stored_game")
    )
    hand = (
        HANDS.update()
        .where(
            HANDS.c.game_id == select(game.c.id).scalar_subquery(),
            HANDS.c.number == bindparam("hand"),
        )
        .values(actions=bindparam("played", type_=JSON))
        .cte("stored_hand")
    )
    dealt = (
        func.json_to_recordset(bindparam("added", type_=JSON))
        .table_valued(column("number", Integer), column("actions", JSON))
        .render_derived(with_types=True)
    )
    added = (
        HANDS.insert()
        .from_select(
            ["game_id", "number", "actions"],
            select(game.c.id, dealt.c.number, dealt.c.actions).join_from(game, dealt, true()),
        )
        .cte("added_hands")
    )
    stored = select(func.count()).select_from(game)
    if guard is None:
        return stored.add_cte(hand, added)
    returned = select(func.array_agg(guarded.c[0])).scalar_subquery()
    return select(stored.scalar_subquery(), returned).add_cte(hand, added)


def _lock_wait_set() -> ScalarSelect[Any]:
    """Sets the statement's own lock timeout to the `lock_wait` parameter (the connection's
    own when it is null). It stands first in the game's condition and uses no column, so
    PostgreSQL runs it once, before the statement takes any row."""
    wait = func.coalesce(bindparam("lock_wait", type_=String), func.current_setting("lock_timeout"))
    return select(func.set_config("lock_timeout", wait, true())).scalar_subquery()


STEP = _step()


def guarded_step(guard: Insert, name: str) -> Executable:
    """The step's statement with `guard` inside (for a `Guard`): build it once, when the
    guard's module is imported, so that SQLAlchemy compiles it once."""
    return _step(guard, name)


def _update_row(session: Session, row: GameRow, values: dict[str, Any]) -> None:
    """Updates the row if its stored version is still the one it was read with."""
    changed = session.execute(
        GAMES.update().where(GAMES.c.id == row.id, GAMES.c.version == row.version).values(values)
    )
    if getattr(changed, "rowcount", 0) != 1:
        raise _stale(row)


def _stale(row: GameRow) -> StaleDataError:
    return StaleDataError(f"game {row.id} is no longer at version {row.version}")


def _stored(row: GameRow, values: dict[str, Any]) -> None:
    """The row object holds the values as stored, so the ORM has nothing left to write."""
    for name, value in values.items():
        set_committed_value(row, name, value)


def latest_game(session: Session, player_id: str) -> GameRow | None:
    query = (
        select(GameRow)
        .where(GameRow.player_id == player_id)
        .order_by(GameRow.updated_at.desc())
        .limit(1)
    )
    return session.scalars(query).first()
