"""The day's boards as every viewer sees them, kept by each server process between changes.

A view of a board cost about ten queries and a commit (its top rows, the attempts waiting
for their checks, those set aside, those still being played, its par), and one address read
it 136 times a second (issue 26). Each process keeps what is the same for every viewer, with
the board's version (`app.daily.board_versions`), which the database raises in the transaction of
every change of what the board shows: a view reads that one row, and the board again only
when it moved, whoever made the change (any process or host sharing the database). A
viewer's own rows are read for it: one query for a player outside the kept rows, none for a
visitor; a par that is done is read by its key, without the claim's write.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.daily.attempts import anybody_played, unfinished_attempts
from app.daily.board_rows import BoardRow, ranked_attempts, ranked_row, top_rows
from app.daily.board_versions import board_version
from app.daily.fairplay.standing import Standing, UnrankedRow, set_aside, waiting_for_checks
from app.daily.fairplay.states import PENDING
from app.storage.models import DailyAttempt, Player

KEPT_BOARDS = 64
"""Boards a process keeps (the most recently viewed): today's few rule sets, and the past
days people look at; an older one is read again when asked for."""


@dataclass(frozen=True)
class SharedBoard:
    """What a board shows every viewer alike."""

    rows: tuple[BoardRow, ...]
    waiting: int
    set_aside: tuple[UnrankedRow, ...]
    unfinished: int
    field: int = 0
    """The ranked attempts on the board (all of them, not only the rows kept)."""
    played: bool = False
    """Whether anybody started the day's game with these rules (`app.daily.par.needs_par`);
    a new attempt raises the board's version, so a kept board knows."""


@dataclass(frozen=True)
class ViewersBoard:
    """The board as one viewer sees it: its own rows marked, its attempt wherever it is."""

    rows: list[BoardRow]
    own_pending: UnrankedRow | None
    set_aside: list[UnrankedRow]


class BoardCache:
    """One process's boards by day and rule set, each with its version."""

    def __init__(self) -> None:
        self._boards: OrderedDict[tuple[date, str], tuple[int, SharedBoard]] = OrderedDict()
        self._lock = threading.Lock()

    def shared(self, session: Session, day: date, rules_key: str) -> SharedBoard:
        """The board as of its version now: kept, or read again (and kept) if it moved."""
        key = (day, rules_key)
        version = board_version(session, day, rules_key)
        with self._lock:
            kept = self._boards.get(key)
            if kept is not None and kept[0] == version:
                self._boards.move_to_end(key)
                return kept[1]
        board = read_board(session, day, rules_key)
        self._keep(key, version, board)
        return board

    def _keep(self, key: tuple[date, str], version: int, board: SharedBoard) -> None:
        with self._lock:
            kept = self._boards.get(key)
            if kept is None or kept[0] <= version:
                self._boards[key] = (version, board)
                self._boards.move_to_end(key)
            while len(self._boards) > KEPT_BOARDS:
                self._boards.popitem(last=False)


def read_board(session: Session, day: date, rules_key: str) -> SharedBoard:
    return SharedBoard(
        rows=tuple(top_rows(session, day, rules_key, None)),
        waiting=waiting_for_checks(session, day, rules_key),
        set_aside=tuple(set_aside(session, day, rules_key, None)),
        unfinished=unfinished_attempts(session, day, rules_key),
        field=ranked_attempts(session, day, rules_key),
        played=anybody_played(session, day, rules_key),
    )


def seen_by(
    session: Session, board: SharedBoard, day: date, rules_key: str, viewer: str | None
) -> ViewersBoard:
    """The board with the viewer's own rows marked; a viewer whose finished attempt is in
    none of the kept rows has it read: ranked further down, or waiting for its check."""
    rows = [replace(row, own=row.player_id == viewer) for row in board.rows]
    aside = [replace(row, own=row.player_id == viewer) for row in board.set_aside]
    if viewer is None or any(row.own for row in rows) or any(row.own for row in aside):
        return ViewersBoard(rows, None, aside)
    query = (
        select(DailyAttempt, Player.nickname)
        .join(Player, Player.id == DailyAttempt.player_id)
        .where(
            DailyAttempt.player_id == viewer,
            DailyAttempt.day == day,
            DailyAttempt.rules_key == rules_key,
            DailyAttempt.finished_at.is_not(None),
        )
    )
    found = session.execute(query).first()
    if found is None:
        return ViewersBoard(rows, None, aside)
    attempt, nickname = found
    if attempt.on_board:
        return ViewersBoard([*rows, ranked_row(session, attempt, nickname, viewer)], None, aside)
    if attempt.fair_play == PENDING and attempt.total is not None:
        pending = UnrankedRow(nickname, attempt.total, True, Standing(PENDING, None), viewer)
        return ViewersBoard(rows, pending, aside)
    return ViewersBoard(rows, None, aside)
