"""Reading and writing games. These functions never commit: the request's transaction does."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, date, datetime
from threading import Lock

from sqlalchemy import select, update
from sqlalchemy.orm import Session, object_session

from app.bot_pool import BotRoster
from app.db import insert_unless_present
from app.models import GameHand, GameRow, Player
from app.service import Table, game_over, rebuild
from engine import RuleSet


def new_id() -> str:
    return secrets.token_hex(16)


def player_for(session: Session, player_id: str | None) -> Player:
    """The cookie's player; created on first need (with the cookie's id when it has one).
    Two first requests with the same cookie may arrive together: both get the one row."""
    player_id = player_id or new_id()
    player = session.get(Player, player_id)
    if player is None:
        insert_unless_present(session, Player, {"id": player_id})
        player = session.get(Player, player_id)
        assert player is not None
    return player


@dataclass(frozen=True)
class GameKind:
    """`new` (fresh deals), `daily` (the ranked attempt) or `practice` (daily deals again)."""

    mode: str = "new"
    day: date | None = None


NEW_GAME = GameKind()


def add_game(
    session: Session, player: Player, table: Table, bot_id: str, kind: GameKind = NEW_GAME
) -> GameRow:
    game = table.game
    row = GameRow(
        id=new_id(),
        player_id=player.id,
        rules_key=game.rules.key,
        seed=game.seed,
        bot_id=bot_id,
        version=0,
        mode=kind.mode,
        day=kind.day,
    )
    session.add(row)
    write_table(row, table)
    session.flush()
    return row


def find_game(session: Session, game_id: str, player_id: str | None) -> GameRow | None:
    """A game, only for the player who owns it."""
    row = session.get(GameRow, game_id)
    return row if row is not None and row.player_id == player_id else None


def read_table(row: GameRow, roster: BotRoster) -> Table:
    return rebuild(RuleSet.from_key(row.rules_key), row.seed, roster.bot(row.bot_id), row.log)


class TableCache:
    """Rebuilt tables by game, so a request need not replay the whole game. An entry counts
    only for the stored version it was built from, so several processes and restarts stay
    correct; a request takes its table out while it works on it."""

    def __init__(self, roster: BotRoster, size: int = 512) -> None:
        self.roster = roster
        self._size = size
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = Lock()

    def take(self, row: GameRow) -> Table:
        with self._lock:
            table = self._tables.pop(row.id, None)
        if table is None or table.version != row.version:
            table = self._rebuilt(row)
        return table

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

    def keep(self, game_id: str, table: Table) -> None:
        with self._lock:
            self._tables[game_id] = table
            self._tables.move_to_end(game_id)
            while len(self._tables) > self._size:
                self._tables.popitem(last=False)


def write_table(row: GameRow, table: Table) -> None:
    """Stores the step's actions and what is derived from the log for queries. Only the hands
    the step touched are written: the one that was in progress and any dealt since. (A game's
    request never loads the hands' rows, so there is nothing in the session to update.)"""
    session = object_session(row)
    assert session is not None, "the game's row belongs to the request's session"
    last = table.stored_hands - 1
    if last >= 0:
        session.execute(
            update(GameHand)
            .where(GameHand.game_id == row.id, GameHand.number == last)
            .values(actions=list(table.log[last]))
            .execution_options(synchronize_session=False)
        )
    for number in range(table.stored_hands, len(table.log)):
        session.add(GameHand(game_id=row.id, number=number, actions=list(table.log[number])))
    table.stored_hands = len(table.log)
    row.version = table.version
    row.hands_done = len(table.game.results)
    row.finished = game_over(table.game)
    row.updated_at = datetime.now(UTC)


def latest_game(session: Session, player_id: str) -> GameRow | None:
    query = (
        select(GameRow)
        .where(GameRow.player_id == player_id)
        .order_by(GameRow.updated_at.desc())
        .limit(1)
    )
    return session.scalars(query).first()
