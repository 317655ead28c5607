"""The day's board read as rows, nicknames set and finished attempts added. Shared by several
test modules (moved out of `tests/web/test_leaderboard.py`, so that no test module imports
another)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.storage.models import DailyAttempt
from tests.helpers.daily_rows import add_daily_game
from tests.web.helpers.daily import (
    DAY,
)

BOARD = f"/leaderboard?day={DAY.isoformat()}&rules=pagat"

BOARD_ROW = re.compile(
    r'<tr(?P<own> class="own"[^>]*)?>\s*<td>(?P<rank>\d+)</td><td>(?P<name>.*?)</td>\s*'
    r"<td>(?P<total>[+-]\d+)</td><td>(?P<won>\d+)</td><td>\d\d:\d\d</td>",
    re.DOTALL,
)

YOU = ' <span class="you">(you)</span>'


@dataclass(frozen=True)
class Row:
    rank: int
    name: str
    """As it appears in the page's markup (escaped), without the "(you)" mark."""
    total: int
    won: int
    own: bool


def board_rows(page: str) -> list[Row]:
    found = []
    for match in BOARD_ROW.finditer(page):
        own = match.group("own") is not None
        name = match.group("name")
        assert name.endswith(YOU) == own, "the own row, and only it, says (you)"
        found.append(
            Row(
                int(match.group("rank")),
                name.removesuffix(YOU),
                int(match.group("total")),
                int(match.group("won")),
                own,
            )
        )
    return found


def set_nickname(client: TestClient, name: str, back: str = BOARD, **extra: str) -> httpx.Response:
    return client.post(
        "/players/nickname", data={"nickname": name, "back": back, **extra}, follow_redirects=False
    )


def add_finished_attempts(application: FastAPI, totals: list[int], day: date = DAY) -> None:
    """Players who finished `day`'s pagat game with the given totals, each through its
    fair-play check (rows written directly, for board logic that needs more players than are
    worth playing through)."""
    start = datetime(2024, 3, 14, 8, 0, tzinfo=UTC)
    with application.state.sessions() as session:
        for number, total in enumerate(totals):
            player = f"{number:032x}"
            add_daily_game(session, player, f"g{number:031x}", day, f"P{number}")
            session.add(
                DailyAttempt(
                    player_id=player,
                    day=day,
                    rules_key="pagat",
                    game_id=f"g{number:031x}",
                    finished_at=start + timedelta(minutes=number),
                    total=total,
                    hands_won=number % 9,
                    fair_play="passed",
                    on_board=True,
                )
            )
        session.commit()


def expected_ranks(totals: list[int]) -> list[int]:
    """Equal totals share a rank; the next rank skips the tied places (1, 1, 3)."""
    return [1 + sum(1 for other in totals if other > total) for total in totals]
