"""The daily streak: consecutive UTC days with a finished ranked attempt (either rule set),
across month and year boundaries, broken by a missed day, kept while today is still to play;
shown on the home page and the history."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from pathlib import Path

from app.daily.streaks import Streak, streak_of
from tests.web.helpers.daily import browsers, daily_settings, running
from tests.web.seeded_attempts import Seeded, days, player_of, seed_attempts

STREAK = re.compile(r'<p class="streak" data-current="(\d+)" data-longest="(\d+)">')


def test_a_streak_runs_across_the_end_of_a_month_and_a_year() -> None:
    played = list(reversed(days(date(2025, 12, 30), 35)))
    assert played[0] == date(2026, 2, 2)
    assert streak_of(played, date(2026, 2, 2)) == Streak(35, 35, True)
    assert streak_of(days(date(2024, 2, 27), 4), date(2024, 3, 1)) == Streak(4, 4, True), (
        "29 February of a leap year is a day like any other"
    )


def test_a_missed_day_ends_the_streak_and_the_longest_is_kept() -> None:
    played = days(date(2026, 3, 25), 10) + days(date(2026, 4, 5), 3)
    assert streak_of(played, date(2026, 4, 7)) == Streak(3, 10, True), "4 April was missed"
    assert streak_of(played, date(2026, 4, 9)) == Streak(0, 10, False), "8 April was missed"


def test_the_streak_lives_until_a_whole_day_is_missed() -> None:
    played = days(date(2026, 5, 30), 3)
    assert streak_of(played, date(2026, 6, 2)) == Streak(3, 3, False), "today still to play"
    assert streak_of(played, date(2026, 6, 3)) == Streak(0, 3, False)


def test_yesterday_still_to_finish_keeps_the_streak() -> None:
    played = days(date(2026, 12, 28), 3)
    new_year = date(2027, 1, 1)
    assert streak_of(played, new_year, open_day=date(2026, 12, 31)) == Streak(3, 3, False)
    assert streak_of(played, new_year) == Streak(0, 3, False)
    assert streak_of([*played, date(2026, 12, 31)], new_year, date(2026, 12, 31)) == Streak(
        4, 4, False
    ), "an open ranked attempt of the other rule set takes nothing from a finished one"
    assert streak_of([*played, new_year], new_year, date(2026, 12, 31)) == Streak(4, 4, True), (
        "today's game played, yesterday's still to finish: the days before it still count"
    )
    assert streak_of([*played, new_year], new_year) == Streak(1, 3, True)


def test_the_streak_waits_for_yesterdays_game_until_its_seed_is_published(
    tmp_path: Path,
) -> None:
    """A game begun at 23:50 may be finished until 02:00: until then the player is told the
    streak it keeps by finishing, not that it is lost."""
    seeded = days(date(2026, 12, 28), 3)
    shown = {}
    for moment in (datetime(2027, 1, 1, 0, 30, tzinfo=UTC), datetime(2027, 1, 1, 2, tzinfo=UTC)):
        settings = daily_settings(tmp_path, day=moment.date(), at=moment, database=f"{moment:%H}")
        with running(settings) as application, browsers(application, 1) as (client,):
            player = player_of(application, client)
            attempts = [Seeded(player, day, 5) for day in seeded]
            attempts.append(Seeded(player, date(2026, 12, 31), None))
            with application.state.sessions() as session:
                seed_attempts(session, attempts)
            shown[moment.hour] = [
                STREAK.findall(client.get(page).text) for page in ("/", "/history")
            ]
    assert shown[0] == [[("3", "3")]] * 2, "yesterday's attempt may still be finished"
    assert shown[2] == [[("0", "3")]] * 2, "its seed is published: it can no longer count"


def test_both_rule_sets_on_one_day_count_once() -> None:
    played = [date(2026, 7, 1), date(2026, 7, 1), date(2026, 7, 2)]
    assert streak_of(played, date(2026, 7, 2)) == Streak(2, 2, True)
    assert streak_of([], date(2026, 7, 2)) == Streak(0, 0, False)


def test_home_and_history_show_the_streak_of_finished_attempts(tmp_path: Path) -> None:
    """Month boundary, both rule sets, one attempt left unfinished (it does not count) and a
    held one (it does: the streak is about playing, the board about ranking)."""
    today = date(2024, 3, 2)
    with (
        running(daily_settings(tmp_path, day=today)) as application,
        browsers(application, 2) as (client, newcomer),
    ):
        player = player_of(application, client)
        seeded = [Seeded(player, day, 5) for day in days(date(2024, 2, 20), 5)]
        seeded += [
            Seeded(player, date(2024, 2, 26), None),
            Seeded(player, date(2024, 2, 27), 3, "ddv"),
            Seeded(player, date(2024, 2, 28), -4, fair_play="held"),
            Seeded(player, date(2024, 2, 29), 1),
            Seeded(player, date(2024, 2, 29), 2, "ddv"),
            Seeded(player, date(2024, 3, 1), 0),
        ]
        with application.state.sessions() as session:
            seed_attempts(session, seeded)
        for page in ("/", "/history"):
            body = client.get(page).text
            assert STREAK.findall(body) == [("4", "5")], page
            assert "play today’s daily game to keep it" in body
            assert STREAK.search(newcomer.get(page).text) is None, "no streak, no line"
        with application.state.sessions() as session:
            seed_attempts(session, [Seeded(player, today, 9, "ddv")])
        body = client.get("/").text
        assert STREAK.findall(body) == [("5", "5")]
        assert "come back tomorrow" in body
