"""The daily game and its leaderboard: ranked attempts, par, nicknames.

Everything shown on the board is derived from stored action logs by replay; no request ever
carries a score.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.models import DailyAttempt, DailyPar, GameRow, Player
from app.service import (
    HUMAN,
    Table,
    bot_in_human_seat,
    finished_results,
    game_over,
    new_table,
)
from engine import HandResult, Team
from engine.daily import daily_seed, ranked_rules
from engine.game import totals_of

BOARD_SIZE = 100


class NicknameError(ValueError):
    """A nickname the board will not show, with the reason."""


def attempt_of(session: Session, player_id: str, day: date, rules_key: str) -> DailyAttempt | None:
    query = select(DailyAttempt).where(
        DailyAttempt.player_id == player_id,
        DailyAttempt.day == day,
        DailyAttempt.rules_key == rules_key,
    )
    return session.scalars(query).first()


def add_attempt(session: Session, player: Player, row: GameRow) -> DailyAttempt:
    """The ranked attempt, counted from now; the unique key refuses a second one."""
    assert row.day is not None
    attempt = DailyAttempt(
        player_id=player.id, day=row.day, rules_key=row.rules_key, game_id=row.id
    )
    session.add(attempt)
    session.flush()
    return attempt


def game_total(table: Table) -> tuple[int, int]:
    """Seat 0's total game points and hands won, from the replayed log."""
    results = finished_results(table.game)
    total = totals_of(results)[HUMAN]
    won = sum(1 for result in results if result.winner is _team_of_human(result))
    return total, won


def _team_of_human(result: HandResult) -> Team:
    return Team.RE if HUMAN in result.re else Team.KONTRA


def settle_attempt(session: Session, row: GameRow, table: Table) -> None:
    """When a ranked daily game ends, its total goes on the board."""
    if row.mode != "daily" or not game_over(table.game):
        return
    attempt = session.scalars(select(DailyAttempt).where(DailyAttempt.game_id == row.id)).first()
    if attempt is None or attempt.finished_at is not None:
        return
    attempt.total, attempt.hands_won = game_total(table)
    attempt.finished_at = datetime.now(UTC)


def par(session: Session, secret: str, day: date, rules_key: str, bot_id: str) -> DailyPar:
    """The bot's score in the human's seat on the day's deals, played once and stored."""
    stored = session.get(DailyPar, (day, rules_key))
    if stored is not None:
        return stored
    table = new_table(ranked_rules(rules_key), daily_seed(secret, day, rules_key), bot_id)
    bot_in_human_seat(table)
    total, won = game_total(table)
    stored = DailyPar(day=day, rules_key=rules_key, bot_id=bot_id, total=total, hands_won=won)
    session.add(stored)
    session.flush()
    return stored


@dataclass(frozen=True)
class BoardRow:
    rank: int
    nickname: str
    total: int
    hands_won: int
    finished_at: datetime
    own: bool


def board(session: Session, day: date, rules_key: str, player_id: str | None) -> list[BoardRow]:
    """The top rows (equal totals share a rank), plus the player's own row wherever it is."""
    query = (
        select(DailyAttempt, Player.nickname)
        .join(Player, Player.id == DailyAttempt.player_id)
        .where(
            DailyAttempt.day == day,
            DailyAttempt.rules_key == rules_key,
            DailyAttempt.finished_at.is_not(None),
        )
        .order_by(DailyAttempt.total.desc(), DailyAttempt.finished_at)
    )
    rows: list[BoardRow] = []
    rank = 0
    previous: int | None = None
    for position, (attempt, nickname) in enumerate(session.execute(query), start=1):
        assert attempt.total is not None and attempt.finished_at is not None
        if attempt.total != previous:
            rank, previous = position, attempt.total
        own = attempt.player_id == player_id
        if position <= BOARD_SIZE or own:
            rows.append(
                BoardRow(
                    rank,
                    nickname or "Anonymous",
                    attempt.total,
                    attempt.hands_won or 0,
                    attempt.finished_at,
                    own,
                )
            )
    return rows


_ALLOWED_PUNCTUATION = frozenset(" ._-")


def clean_nickname(text: str) -> str:
    """1–24 characters after trimming: letters and digits of any script, space, `.`, `_`, `-`."""
    name = unicodedata.normalize("NFC", text.strip())
    if not 1 <= len(name) <= 24:
        raise NicknameError("A nickname has 1 to 24 characters.")
    for char in name:
        if char in _ALLOWED_PUNCTUATION:
            continue
        if unicodedata.category(char)[0] not in "LN" and not _is_combining_mark(char):
            raise NicknameError(
                f"{char!r} is not allowed: use letters, digits, spaces, '.', '_' or '-'."
            )
    return name


def _is_combining_mark(char: str) -> bool:
    """Marks that belong to letters in many scripts (Devanagari vowel signs, …)."""
    return unicodedata.category(char) in ("Mn", "Mc")
