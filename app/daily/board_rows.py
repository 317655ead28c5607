"""A day's board as rows: the top `BOARD_SIZE` ranked attempts with their places (equal
totals share one), a player's own row wherever it is, and how many are on the board. Only
those rows are read, in the board's index order."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import ColumnElement, Select, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from app.storage.models import DailyAttempt, Player
from engine.game import place_below, shared_places

BOARD_SIZE = 100
"""Rows a board shows, the day's and the week's and month's (`app.daily.long_boards`): the
best, and the viewer's own row below them wherever it is."""


def ranked_attempts(session: Session, day: date, rules_key: str) -> int:
    """The attempts on the day's board."""
    return int(session.scalar(select(func.count()).where(*_on_board(day, rules_key))) or 0)


@dataclass(frozen=True)
class BoardRow:
    rank: int
    nickname: str | None
    """None for a player who chose none (the board calls them anonymous)."""
    total: int
    hands_won: int
    finished_at: datetime
    own: bool
    player_id: str = ""
    """Whose row it is (never shown): a board kept for every viewer marks each one's own."""


def board(session: Session, day: date, rules_key: str, player_id: str | None) -> list[BoardRow]:
    """The top rows (equal totals share a rank), plus the player's own row wherever it is.
    Only those rows are read: a day's finished attempts are as many as its players, and
    reading them all cost every view of the board a second at 50 000 (SQLite). Only ranked
    attempts are rows: finished, and through their fair-play check (`on_board`)."""
    rows = top_rows(session, day, rules_key, player_id)
    if player_id is None or any(row.own for row in rows):
        return rows
    own = session.execute(_ranked_rows(day, rules_key).where(DailyAttempt.player_id == player_id))
    found = own.first()
    if found is not None:
        rows.append(ranked_row(session, *found, player_id))
    return rows


def top_rows(session: Session, day: date, rules_key: str, player_id: str | None) -> list[BoardRow]:
    """The board's top `BOARD_SIZE` rows, read in the board's index order."""
    top = list(session.execute(_ranked_rows(day, rules_key).limit(BOARD_SIZE)))
    places = shared_places([attempt.total or 0 for attempt, _ in top])
    return [
        _board_row(attempt, nickname, place, player_id)
        for (attempt, nickname), place in zip(top, places, strict=True)
    ]


def ranked_row(
    session: Session, attempt: DailyAttempt, nickname: str | None, player_id: str | None
) -> BoardRow:
    """A ranked attempt's row wherever it is on its board: one more than the attempts with a
    higher total."""
    ahead = select(func.count()).where(
        *_on_board(attempt.day, attempt.rules_key), DailyAttempt.total > attempt.total
    )
    return _board_row(attempt, nickname, place_below(int(session.scalar(ahead) or 0)), player_id)


def _on_board(
    day: date, rules_key: str
) -> tuple[ColumnElement[bool] | InstrumentedAttribute[bool], ...]:
    return (DailyAttempt.day == day, DailyAttempt.rules_key == rules_key, DailyAttempt.on_board)


def _ranked_rows(day: date, rules_key: str) -> Select[DailyAttempt, str | None]:
    return (
        select(DailyAttempt, Player.nickname)
        .join(Player, Player.id == DailyAttempt.player_id)
        .where(*_on_board(day, rules_key))
        .order_by(DailyAttempt.total.desc(), DailyAttempt.finished_at)
    )


def _board_row(
    attempt: DailyAttempt, nickname: str | None, rank: int, player_id: str | None
) -> BoardRow:
    assert attempt.total is not None and attempt.finished_at is not None
    return BoardRow(
        rank,
        nickname,
        attempt.total,
        attempt.hands_won or 0,
        attempt.finished_at,
        attempt.player_id == player_id,
        attempt.player_id,
    )
