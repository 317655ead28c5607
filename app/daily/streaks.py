"""A player's daily streak: consecutive UTC days on which it finished a ranked daily attempt
(either rule set), the one running now and the longest it ever had.

A finished attempt counts whatever its fair-play check says: the streak is about coming back
every day, and a held result is the board's business (an operator may still clear it).
Practice games do not count: a player who has its ranked attempt of the day plays practice
at will, and one capped by its network address has the day's game as practice only, but
either way the ranked attempt is what "played the daily" means on the board.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.daily.secrecy import seed_published
from app.storage.models import DailyAttempt

ONE_DAY = timedelta(days=1)


@dataclass(frozen=True)
class Streak:
    current: int
    """Days in a row up to today, or up to yesterday while today's game is still to play, or
    up to the day before while yesterday's attempt may still be finished (until its seed is
    published, two hours into today): a streak is lost only once a day has passed without a
    finished attempt and none of that day can be finished any more."""
    longest: int
    today_done: bool
    """Whether today already counts (the home page says "come back tomorrow" then)."""

    @property
    def shown(self) -> bool:
        return self.longest > 0


NO_STREAK = Streak(0, 0, False)


def streak_of(days: Iterable[date], today: date, open_day: date | None = None) -> Streak:
    """The streak of a player that finished attempts on `days` (in any order, repeated or
    not), as of `today`; `open_day` is yesterday while the player has an attempt of it that
    may still be finished: it breaks nothing, and counts once finished."""
    played = set(days)
    longest = run = 0
    previous: date | None = None
    for day in sorted(played):
        run = run + 1 if previous is not None and day - previous == ONE_DAY else 1
        longest = max(longest, run)
        previous = day
    current = 0
    day = today if today in played else today - ONE_DAY
    while day in played or day == open_day:
        current += day in played
        day -= ONE_DAY
    return Streak(current, max(longest, current), today in played)


def finished_days(session: Session, player_id: str) -> list[date]:
    """The days on which the player finished a ranked attempt, each once."""
    query = (
        select(DailyAttempt.day)
        .where(DailyAttempt.player_id == player_id, DailyAttempt.finished_at.is_not(None))
        .distinct()
    )
    return list(session.scalars(query))


def open_yesterday(session: Session, player_id: str, now: datetime) -> date | None:
    """Yesterday, while the player has an unfinished attempt of it and its seed is not yet
    published (it may still be played out and count)."""
    yesterday = now.date() - ONE_DAY
    if seed_published(yesterday, now):
        return None
    query = select(DailyAttempt.id).where(
        DailyAttempt.player_id == player_id,
        DailyAttempt.day == yesterday,
        DailyAttempt.finished_at.is_(None),
    )
    return yesterday if session.scalars(query.limit(1)).first() is not None else None


def player_streak(session: Session, player_id: str | None, now: datetime) -> Streak:
    """The player's streak; a visitor without a player id has none."""
    if player_id is None:
        return NO_STREAK
    days = finished_days(session, player_id)
    return streak_of(days, now.date(), open_yesterday(session, player_id, now))
