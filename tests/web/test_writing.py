"""Numbers as the pages write them (`app.languages.i18n.Writing`), and the seats' running totals."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta, timezone

import pytest
from fastapi.testclient import TestClient

from app.languages.i18n import LANGUAGES, writing
from tests.web.driver import start_game

MOMENTS = [
    ("en", "2026-12-07 03:01 UTC"),
    ("de", "07.12.2026, 03:01 UTC"),
    ("ru", "7 дек. 2026\u202fг., 03:01 UTC"),
    ("hu", "2026. dec. 7. 3:01 UTC"),
    ("ro", "7 dec. 2026, 03:01 UTC"),
]
AFTER_MIDNIGHT = [
    ("en", "1\u00a0Jan, 00:30"),
    ("de", "1.\u00a0Jan., 00:30"),
    ("ru", "1\u00a0янв., 00:30"),
    ("hu", "jan.\u00a01. 0:30"),
    ("ro", "1\u00a0ian., 00:30"),
]


def test_every_language_has_its_written_moments() -> None:
    """A language added without them here would go untested."""
    for table in (MOMENTS, AFTER_MIDNIGHT):
        assert {language for language, _ in table} == set(LANGUAGES)


@pytest.mark.parametrize(("language", "written"), MOMENTS)
def test_a_moment_writes_its_day_as_the_boards_do(language: str, written: str) -> None:
    """German's short date and time had a two-digit year (07.12.26) beside the boards'
    07.12.2026: a moment's day is written as a day is."""
    moment = datetime(2026, 12, 7, 3, 1, tzinfo=UTC)
    assert writing(language).time(moment) == written
    assert writing(language).day(moment.date()) in written


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_moment_in_another_zone_is_written_in_utc(language: str) -> None:
    """PostgreSQL hands times back in its session's zone: Auckland's 09:19 the next morning
    is 20:19 UTC, and the page says UTC."""
    auckland = timezone(timedelta(hours=13))
    moment = datetime(2026, 12, 7, 20, 19, tzinfo=UTC)
    written = writing(language)
    assert written.time(moment.astimezone(auckland)) == written.time(moment)
    assert written.clock(moment.astimezone(auckland)) == written.clock(moment)
    assert written.clock(moment.replace(tzinfo=None)) == written.clock(moment), "SQLite's"


@pytest.mark.parametrize(("language", "written"), AFTER_MIDNIGHT)
def test_a_board_writes_the_day_of_a_game_finished_after_its_midnight(
    language: str, written: str
) -> None:
    """A narrow column broke "dec. 7. 0:16" over three lines: only day and time part."""
    moment = datetime(2027, 1, 1, 0, 30, tzinfo=UTC)
    assert writing(language).clock_on(moment, date(2026, 12, 31)) == written
    assert writing(language).clock_on(moment, date(2027, 1, 1)) == writing(language).clock(moment)


@pytest.mark.parametrize(
    ("language", "number", "digits", "written"),
    [
        ("en", 2, 0, "+2"),
        ("en", -3, 0, "-3"),
        ("en", 0, 0, "0"),
        ("en", -0.04, 1, "0.0"),
        ("en", -0.06, 1, "-0.1"),
        ("de", -1.5, 1, "-1,5"),
        ("de", -0.01, 2, "-0,01"),
        ("ru", -0.004, 2, "0,00"),
        ("en", -17 / 8, 2, "-2.13"),
        ("en", 2.125, 2, "+2.13"),
        ("en", 0.5, 0, "+1"),
        ("en", -2.5, 0, "-3"),
    ],
)
def test_a_signed_number_never_shows_a_negative_zero(
    language: str, number: float, digits: int, written: str
) -> None:
    """A review's "expected -0.0" read as a loss where there was none, and a score sheet
    writes a zero without a sign (a hand's "+0" read oddly); a half is rounded away from
    zero, as players round (-17/8 was written -2.12)."""
    assert writing(language).signed(number, digits) == written


def test_a_zero_after_a_negative_zero_is_written_without_a_sign() -> None:
    """-0.001 to two places is a zero, kept by the numbers' cache under the key 0: written
    "-0.00", every later zero of the language was written so too."""
    english = writing("en")
    assert english.number(-0.001, 2) == "0.00"
    assert english.number(0, 2) == "0.00"
    assert english.number(float("inf")) == "∞", "a number the page cannot round is written"


COUNTS = re.compile(r'<span class="counts">(.*?)</span></span>', re.S)


def test_each_seat_shows_its_running_total_as_a_signed_game_total(client: TestClient) -> None:
    """ "0 tricks · 7 pts" read as card points; the number is the game's running score."""
    page = client.get(start_game(client)).text
    counts = [re.sub(r"<[^>]+>", "", found) for found in COUNTS.findall(page)]
    assert counts == ["0 tricks · total 0"] * 4
