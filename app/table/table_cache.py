"""The tables this process keeps by game, rebuilt from the stored hands when none is kept: a
request need not replay the whole game, and a click on the table this process last showed
need not read the row (`take_held`)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from threading import Event, Lock
from typing import Any, NamedTuple

from sqlalchemy import select
from sqlalchemy.orm import Session, make_transient_to_detached, object_session

from app.operations.bot_pool import BotRoster
from app.operations.kept import Kept
from app.storage.models import GameRow
from app.table.service import Table, rebuild
from app.table.store import HANDS, ROW_COLUMNS
from engine import RuleSet

READER_WAIT_SECONDS = 0.2
"""How long a request that reads a game waits for its table while another reader has it
lent, before it rebuilds one of its own. A few page renders; replaying a long game costs
five times a render, and requests for one page sent at once (an outside check: eight
connections, one game of 100 hands) made the whole server about 20 times slower when each
replayed it."""


def read_table(row: GameRow, roster: BotRoster) -> Table:
    """The game's table, replayed from its hands as stored. The hands are read as plain rows,
    not through the row's relationship: the replay needs only their actions, and ORM objects
    for them slowed every request that finds no kept table."""
    session = object_session(row)
    assert session is not None, "the game's row belongs to the request's session"
    hands = select(HANDS.c.actions).where(HANDS.c.game_id == row.id).order_by(HANDS.c.number)
    log = list(session.scalars(hands))
    return rebuild(RuleSet.from_key(row.rules_key), row.seed, roster.bot(row.bot_id), log)


class _Held(NamedTuple):
    """A cache entry: the game's columns as this process last read or wrote them, and the
    table rebuilt at that version."""

    columns: dict[str, Any]
    table: Table


class TableCache:
    """Rebuilt tables by game, so a request need not replay the whole game. An entry counts
    only for the stored version it was built from, so several processes and restarts stay
    correct; a request takes its table out while it works on it.

    An entry also holds the game's row as this process last read or wrote it, so that a
    click can skip reading the row (`take_held`): the step's UPDATE checks the version in
    the database, which has the last word."""

    def __init__(self, roster: BotRoster, size: int = 512) -> None:
        self.roster = roster
        self._tables: Kept[str, _Held] = Kept(size)
        self._readers: dict[str, Event] = {}
        """The games whose table a reader has lent (`lent`), each with the event set when
        it is given back."""
        self._lending = Lock()
        """Held while a table is taken or given back by a reader, so that a table is kept or
        its reader known at every moment another reader looks."""

    def take(self, row: GameRow) -> Table:
        held = self._tables.pop(row.id)
        if held is None or held.table.version != row.version:
            return self._rebuilt(row)
        return held.table

    @contextmanager
    def lent(self, row: GameRow) -> Iterator[Table]:
        """The game's table while a request reads it (a page, a hand's record, a hint), kept
        again only after. A kept table is the next click's to play its step on
        (`take_held`): read meanwhile, a page showed what that click did before it was
        stored, or when it never was (refused past the rate limits), the bots' answering
        cards included. A request that fails drops the table (the next one rebuilds it).
        Readers of one game take its table in turn, each waiting for the one before
        (`READER_WAIT_SECONDS` at most) rather than replaying the game."""
        game_id, given_back = row.id, Event()
        held = self._taken_for_reading(game_id, given_back)
        try:
            table = held if held is not None and held.version == row.version else self._rebuilt(row)
            yield table
        except BaseException:
            self._give_back(game_id, given_back)
            raise
        self._give_back(game_id, given_back, (row, table))

    def _give_back(
        self, game_id: str, given_back: Event, kept: tuple[GameRow, Table] | None = None
    ) -> None:
        """The reader's table `kept` (none after a failure: the row may be unreadable then,
        its session failed), unless a newer one was kept meanwhile (a click stored while the
        page was read), and the next reader woken."""
        with self._lending:
            newer = self._tables.get(game_id)
            if kept is not None and (newer is None or newer.table.version <= kept[1].version):
                self.keep(*kept)
            if self._readers.get(game_id) is given_back:
                del self._readers[game_id]
        given_back.set()

    def _taken_for_reading(self, game_id: str, given_back: Event) -> Table | None:
        """The kept table (of whatever version: `lent` checks it), waited for while another
        reader has it; None when none is kept. The reader is known from here until it gives
        the table back."""
        deadline = time.monotonic() + READER_WAIT_SECONDS
        while True:
            with self._lending:
                held = self._tables.pop(game_id)
                before = self._readers.get(game_id)
                if held is not None or before is None or time.monotonic() >= deadline:
                    self._readers[game_id] = given_back
                    return held.table if held is not None else None
            before.wait(deadline - time.monotonic())

    def take_held(
        self, session: Session, game_id: str, player_id: str | None, version: int
    ) -> tuple[GameRow, Table] | None:
        """The game's row and table as this process left them, the row attached to `session`
        without a query, when the player owns the game and the request was made on that
        version; else None (read the row). Another process may have stored a step since: the
        row is then stale, and only a step whose UPDATE finds its version (`write_table`)
        may rely on it."""
        asked = {"player_id": player_id, "version": version}

        def made_on_it(held: _Held) -> bool:
            return all(held.columns[name] == value for name, value in asked.items())

        held = self._tables.pop_if(game_id, made_on_it)
        if held is None:
            return None
        row = GameRow(**held.columns)
        make_transient_to_detached(row)
        session.add(row)
        return row, held.table

    def searches(self, game_id: str) -> bool:
        """Whether a table is kept for the game and its bots search (think for long)."""
        held = self._tables.get(game_id)
        return held is not None and not self.roster.decides_quickly(held.columns["bot_id"])

    def decides_quickly(self, game_id: str) -> bool:
        """Whether a table is kept for the game and its bots decide in a moment, here (no
        search bot): a step on it takes no more than a few milliseconds of this process."""
        held = self._tables.get(game_id)
        return held is not None and self.roster.decides_quickly(held.columns["bot_id"])

    def _rebuilt(self, row: GameRow) -> Table:
        """The table of the row's version. The hands are read after the row, so a step
        committed in between (another request, another process) shows in them: then the row
        is read again, and the request sees the game as it now is."""
        table = read_table(row, self.roster)
        while table.version != row.version:
            session = object_session(row)
            assert session is not None
            session.expire(row)
            table = read_table(row, self.roster)
        return table

    def keep(self, row: GameRow, table: Table) -> None:
        """Keeps the table of the row's version, with a copy of the row's columns (a fresh
        object is made from them for each request: an ORM object belongs to one session)."""
        columns = {column.key: getattr(row, column.key) for column in ROW_COLUMNS}
        self._tables.put(row.id, _Held(columns, table))
