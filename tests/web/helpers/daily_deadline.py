"""A clock that can be moved past a day's deadline. Shared by several test modules (moved out of
`tests/web/test_daily_deadline.py`, so that no test module imports another)."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

from tests.web.helpers.daily import (
    DAY,
)

NEXT_DAY = DAY + timedelta(days=1)

CLOSING = datetime.combine(NEXT_DAY, time(2), UTC)


class Clock:
    """The server's clock, moved by the test."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment
