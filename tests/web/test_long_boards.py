"""The week's and month's boards from seeded attempts: sums of ranked results over Monday to
Sunday (UTC) and the calendar month, the days played, the days needed to be placed, held and
pending results left out, equal sums sharing a place as on the day's board, the viewer's own
row, and a new result shown at the next view (the process keeps the board between changes)."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update

from app.daily.long_boards import period_of
from app.storage.models import DailyAttempt
from engine.game import place_among, shared_places
from tests.web.helpers.daily import browsers, daily_settings, running
from tests.web.helpers.leaderboard import expected_ranks
from tests.web.seeded_attempts import Seeded, days, player_of, seed_attempts

ROW = re.compile(
    r'<tr data-place="(?P<place>\d+)" data-total="(?P<total>-?\d+)" data-days="(?P<days>\d+)"'
    r'(?P<own> class="own")?[^>]*>\s*<td>\d+</td><td>(?P<name>[^<]*)'
)
TODAY = date(2026, 3, 12)
"""A Thursday: its week began on Monday 9 March."""
MONDAY = date(2026, 3, 9)


@dataclass(frozen=True)
class Row:
    place: int
    name: str
    total: int
    days: int
    own: bool


def board_rows(page: str) -> list[Row]:
    return [
        Row(int(m["place"]), m["name"].strip(), int(m["total"]), int(m["days"]), bool(m["own"]))
        for m in ROW.finditer(page)
    ]


def player(number: int) -> str:
    return f"{number:032x}"


def week(client: TestClient, day: date = TODAY, rules: str = "pagat") -> str:
    response = client.get(f"/leaderboard/week?day={day.isoformat()}&rules={rules}")
    assert response.status_code == 200, response.text[:2000]
    return response.text


def month(client: TestClient, day: date = TODAY, rules: str = "pagat") -> str:
    response = client.get(f"/leaderboard/month?day={day.isoformat()}&rules={rules}")
    assert response.status_code == 200, response.text[:2000]
    return response.text


def seed(application: FastAPI, attempts: list[Seeded]) -> None:
    with application.state.sessions() as session:
        seed_attempts(session, attempts)


def test_periods_run_monday_to_sunday_and_over_the_calendar_month() -> None:
    assert period_of("week", date(2026, 3, 1)).first == date(2026, 2, 23), "a Sunday"
    assert period_of("week", date(2026, 3, 1)).last == date(2026, 3, 1)
    assert period_of("week", MONDAY).first == MONDAY
    leap = period_of("month", date(2024, 2, 10))
    assert (leap.first, leap.last) == (date(2024, 2, 1), date(2024, 2, 29))


def test_the_week_board_sums_ranked_days_and_places_from_four(tmp_path: Path) -> None:
    this_week = days(MONDAY, 4)
    seeded = [
        *(Seeded(player(1), day, 5) for day in this_week),  # 20 over 4 days
        *(Seeded(player(2), day, 10) for day in this_week[:2]),  # 2 days: not placed
        *(Seeded(player(3), day, t) for day, t in zip(this_week, (9, 9, 1, 1), strict=True)),
        *(Seeded(player(4), day, -3) for day in this_week),  # -12
        # player 5: four days only with the Sunday before and the Monday after
        Seeded(player(5), date(2026, 3, 8), 50),
        *(Seeded(player(5), day, 1) for day in this_week[:3]),
        # player 6: a held result and one still being checked add nothing
        *(Seeded(player(6), day, 7) for day in this_week[:3]),
        Seeded(player(6), this_week[3], 40, fair_play="held"),
        Seeded(player(6), date(2026, 3, 13), 40, fair_play="pending"),
        # player 7: a disqualified one, then cleared results count
        *(Seeded(player(7), day, 2) for day in this_week[:3]),
        Seeded(player(7), this_week[3], 14, fair_play="cleared"),
        Seeded(player(7), date(2026, 3, 13), 40, fair_play="disqualified"),
        # another rule set has its own board
        *(Seeded(player(8), day, 30, "ddv") for day in this_week),
    ]
    with (
        running(daily_settings(tmp_path, day=date(2026, 3, 13))) as application,
        browsers(application, 1) as (client,),
    ):
        seed(application, seeded)
        seed(application, [Seeded(player(5), date(2026, 3, 16), 50)])
        shown = board_rows(week(client))
        ddv = board_rows(week(client, rules="ddv"))
        page = week(client)
    names = {row.name: row for row in shown}
    assert [(row.name, row.total, row.days) for row in shown] == [
        ("N000001", 20, 4),
        ("N000003", 20, 4),
        ("N000007", 20, 4),
        ("N000004", -12, 4),
    ]
    assert [row.place for row in shown] == expected_ranks([20, 20, 20, -12]) == [1, 1, 1, 4]
    assert "N000002" not in names and "N000005" not in names and "N000006" not in names
    assert [(row.name, row.total) for row in ddv] == [("N000008", 120)]
    assert "3 more players have too few days to be placed." in page
    assert not any(row.own for row in shown)


def test_the_month_board_places_from_twelve_days_across_its_weeks(tmp_path: Path) -> None:
    march = days(date(2026, 3, 1), 12)
    with (
        running(daily_settings(tmp_path, day=TODAY)) as application,
        browsers(application, 1) as (client,),
    ):
        me = player_of(application, client)
        seed(
            application,
            [
                *(Seeded(player(1), day, 3) for day in march),
                *(Seeded(player(2), day, 3) for day in march[:11]),
                Seeded(player(2), date(2026, 2, 28), 3),  # February's
                *(Seeded(player(3), day, t) for day, t in zip(march, range(12), strict=True)),
                *(Seeded(me, day, 1) for day in march[:5]),
            ],
        )
        shown = board_rows(month(client))
        page = month(client)
        assert board_rows(month(client, date(2026, 3, 1))) == shown, "any day of the month"
    assert [(row.place, row.name, row.total, row.days) for row in shown] == [
        (1, "N000003", 66, 12),
        (2, "N000001", 36, 12),
    ]
    assert "You have 5 ranked days here so far: 12 are needed to be placed." in page
    assert "1 more player has too few days to be placed." in page, "the viewer counted once"


def test_the_viewers_own_row_is_marked_wherever_it_is(tmp_path: Path) -> None:
    week_days = days(MONDAY, 4)
    with (
        running(daily_settings(tmp_path, day=TODAY)) as application,
        browsers(application, 1) as (client,),
    ):
        me = player_of(application, client)
        seeded = [Seeded(player(n), day, 100 - n) for n in range(1, 106) for day in week_days]
        seeded += [Seeded(me, day, -30) for day in week_days]
        seed(application, seeded)
        shown = board_rows(week(client))
    assert len(shown) == 101
    assert [row.own for row in shown] == [False] * 100 + [True]
    assert (shown[-1].place, shown[-1].total, shown[-1].name) == (106, -120, "Anonymous")
    assert shown[99].place == 100


def test_a_new_result_and_a_decision_on_an_older_day_show_at_the_next_view(
    tmp_path: Path,
) -> None:
    week_days = days(MONDAY, 4)
    with (
        running(daily_settings(tmp_path, day=TODAY)) as application,
        browsers(application, 1) as (client,),
    ):
        seed(application, [Seeded(player(1), day, 2) for day in week_days[:3]])
        seed(application, [Seeded(player(1), week_days[0].replace(day=8), 0)])
        assert board_rows(week(client)) == []
        seed(application, [Seeded(player(1), TODAY, 5, fair_play="held")])
        assert board_rows(week(client)) == [], "held: not counted"
        with application.state.sessions() as session:
            session.execute(
                update(DailyAttempt)
                .where(DailyAttempt.day == TODAY)
                .values(fair_play="cleared", on_board=True)
            )
            session.commit()
        assert [row.total for row in board_rows(week(client))] == [11]
        with application.state.sessions() as session:
            session.execute(
                update(DailyAttempt)
                .where(DailyAttempt.day == MONDAY)
                .values(fair_play="disqualified", on_board=False)
            )
            session.commit()
        assert board_rows(week(client)) == [], "an older day changed: three days left"


@pytest.mark.parametrize(
    "path",
    [
        "/leaderboard/year",
        "/leaderboard/week?rules=skat",
        "/leaderboard/week?day=2026-03-16",
        "/leaderboard/month?day=2025-01-31",
        "/leaderboard/month?day=not-a-day",
        "/leaderboard/week?day=9999-12-31",
        "/leaderboard/month?day=9999-12-31",
    ],
)
def test_other_boards_are_refused_without_an_error(tmp_path: Path, path: str) -> None:
    with (
        running(daily_settings(tmp_path, day=TODAY)) as application,
        browsers(application, 1) as (client,),
    ):
        response = client.get(path)
    assert response.status_code in (400, 404, 422), response.status_code
    assert response.status_code < 500


def test_a_place_among_sorted_totals_is_the_place_the_top_rows_give() -> None:
    """The viewer below the top rows is placed by bisection (`place_among`), the top rows by
    `shared_places`: both give the day board's places (equal totals share, next skips)."""
    rng = random.Random(29)
    for _ in range(200):
        totals = sorted((rng.randint(-20, 20) for _ in range(rng.randint(1, 40))), reverse=True)
        places = list(shared_places(totals))
        assert places == expected_ranks(totals)
        ascending = sorted(totals)
        assert [place_among(ascending, total) for total in totals] == places
