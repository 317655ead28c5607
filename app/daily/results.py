"""A player's ranked daily attempts, each ranked as the day's board ranks it (the history's
games and calendar), or with its fair-play standing when it is not on the board."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session, aliased

from app.daily.board_days import board_kept
from app.daily.fairplay.standing import Standing, standing
from app.operations.urls import board_url
from app.storage.models import DailyAttempt, FairPlayCheck
from engine.game import place_below


@dataclass(frozen=True)
class Attempt:
    """A ranked daily attempt, ranked as the day's board ranks it (equal totals share)."""

    game_id: str
    day: date
    rules_key: str
    total: int | None
    """None until the attempt is finished (and for ever, if it was closed unfinished)."""
    rank: int | None
    """None unless the attempt is on the board: finished and through its fair-play check."""
    field: int
    """Attempts on that day's board: the rank is out of these."""
    board_kept: bool
    """Whether its day's board may still be looked at (`app.daily.board_days`)."""
    unranked: Standing | None = None
    """A finished attempt kept off the board: being checked, held or disqualified."""

    @property
    def board_url(self) -> str:
        return board_url(self.day, self.rules_key)


def player_attempts(session: Session, player_id: str, today: date) -> dict[str, Attempt]:
    """The player's ranked attempts by game id, each with its rank: one more than the ranked
    attempts of the day with a higher total (`app.daily.board_rows.board`'s ranking)."""
    other = aliased(DailyAttempt)
    same_board = (
        other.day == DailyAttempt.day,
        other.rules_key == DailyAttempt.rules_key,
        other.on_board,
    )
    higher = select(func.count()).where(*same_board, other.total > DailyAttempt.total)
    field = select(func.count()).where(*same_board)
    query = (
        select(
            DailyAttempt,
            higher.correlate(DailyAttempt).scalar_subquery(),
            field.correlate(DailyAttempt).scalar_subquery(),
            FairPlayCheck,
        )
        .outerjoin(FairPlayCheck, FairPlayCheck.attempt_id == DailyAttempt.id)
        .where(DailyAttempt.player_id == player_id)
    )
    return {
        attempt.game_id: _attempt(attempt, int(above), int(entrants), check, today)
        for attempt, above, entrants, check in session.execute(query)
    }


def _attempt(
    attempt: DailyAttempt, above: int, entrants: int, check: FairPlayCheck | None, today: date
) -> Attempt:
    finished = attempt.finished_at is not None and attempt.total is not None
    kept_off = finished and not attempt.on_board
    return Attempt(
        attempt.game_id,
        attempt.day,
        attempt.rules_key,
        attempt.total if finished else None,
        place_below(above) if attempt.on_board else None,
        entrants,
        board_kept(attempt.day, today),
        standing(attempt.fair_play, check) if kept_off else None,
    )
