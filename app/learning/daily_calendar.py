"""A player's ranked daily results as a calendar, month by month."""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from app.daily.results import Attempt
from app.languages.i18n import Writing


@dataclass(frozen=True)
class CalendarDay:
    day: date
    attempts: tuple[Attempt, ...]


@dataclass(frozen=True)
class CalendarMonth:
    title: str
    weeks: tuple[tuple[CalendarDay | None, ...], ...]
    """Monday to Sunday; None outside the month."""


def calendar_months(attempts: Iterable[Attempt], writing: Writing) -> tuple[CalendarMonth, ...]:
    """A month grid for every month with a ranked attempt, newest month first."""
    by_day: dict[date, list[Attempt]] = {}
    for attempt in sorted(attempts, key=lambda a: (a.day, a.rules_key)):
        by_day.setdefault(attempt.day, []).append(attempt)
    months = sorted({(day.year, day.month) for day in by_day}, reverse=True)
    return tuple(_month(year, month, by_day, writing) for year, month in months)


def _month(
    year: int, month: int, by_day: dict[date, list[Attempt]], writing: Writing
) -> CalendarMonth:
    weeks = tuple(
        tuple(
            CalendarDay(day, tuple(by_day.get(day, ()))) if day.month == month else None
            for day in week
        )
        for week in calendar.Calendar(firstweekday=0).monthdatescalendar(year, month)
    )
    return CalendarMonth(writing.month(date(year, month, 1)), weeks)
