"""Fair play in a real browser: a board with a held and a disqualified result, and the Fair
play page reached from it, at phone and desktop size; screenshots under test-artifacts/
(board-held-*.png, fair-play-*.png) that must fit the screen. axe audits both pages in every
language (test_accessibility.py)."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from playwright.sync_api import BrowserContext, Page
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.storage.models import DailyAttempt, FairPlayCheck, GameRow, Player
from tests.live import LiveServer

from .conftest import DESKTOP, PHONE
from .test_table import snapshot

CHECK_SECONDS = 180
"""A fair-play check takes a worker a few seconds; the live server may be busy with others."""
HELD = (("Ada", "held", 14, 17), ("Brigitta", "disqualified", -6, 12))
"""Nickname, state, total and key decisions of the results set aside on today's board."""


def reload_until_checked(page: Page, shown: str) -> None:
    """Reloads the page until `shown` (a selector) is on it: a finished ranked game is on
    the board, and ranked in the history, once its fair-play check is done in the
    background."""
    deadline = time.monotonic() + CHECK_SECONDS
    while page.locator(shown).count() == 0:
        assert time.monotonic() < deadline, f"no {shown} after {CHECK_SECONDS} s"
        page.wait_for_timeout(1000)
        page.reload()


def set_aside_today(server: LiveServer) -> None:
    """A held and a disqualified result on today's pagat board, written once per server."""
    engine = create_engine(server.database_url)
    today = datetime.now(UTC).date()
    with Session(engine) as session:
        for number, (nickname, state, total, tells) in enumerate(HELD):
            player = f"set-aside-{number}"
            if session.get(Player, player) is not None:
                continue
            session.add(Player(id=player, nickname=nickname))
            session.add(
                GameRow(
                    id=player,
                    player_id=player,
                    rules_key="pagat",
                    seed="s",
                    bot_id="heuristic-v1",
                    version=0,
                    mode="daily",
                    day=today,
                )
            )
            session.flush()
            attempt = DailyAttempt(
                player_id=player,
                day=today,
                rules_key="pagat",
                game_id=player,
                finished_at=datetime.now(UTC),
                total=total,
                hands_won=3,
                fair_play=state,
                on_board=False,
            )
            session.add(attempt)
            session.flush()
            session.add(
                FairPlayCheck(
                    attempt_id=attempt.id,
                    status="done",
                    evaluator="test",
                    decisions=90,
                    honest_chance=2e-8,
                    matched=tells,
                    expected=4.0,
                    held=True,
                    tells=[{"matched": True}] * tells,
                    finished_at=datetime.now(UTC),
                )
            )
        session.commit()
    engine.dispose()


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_a_board_with_held_results_and_the_fair_play_page_fit_the_screen(
    new_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    size: str,
    viewport: dict[str, int],
) -> None:
    set_aside_today(live_server)
    page = new_context(viewport).new_page()
    page.goto("/leaderboard")
    words = {
        "held": "held for fair-play review",
        "disqualified": "disqualified after fair-play review",
    }
    for nickname, state, total, tells in HELD:
        text = page.locator(f'section.set-aside li[data-state="{state}"]').inner_text()
        assert text.startswith(f"{nickname} · {total:+d} · {words[state]}"), text
        assert f"At {tells} of {tells} key decisions" in text
    complaints = [snapshot(page, f"board-held-{size}")]
    with page.expect_navigation(url="**/fair-play"):
        page.get_by_role("link", name="How results are checked for fair play").click()
    assert page.locator("h1").inner_text() == "Fair play on the daily board"
    assert "Nothing is deleted" in page.locator("main").inner_text()
    complaints.append(snapshot(page, f"fair-play-{size}"))
    too_wide = [complaint for complaint in complaints if complaint]
    assert not too_wide, "\n".join(too_wide)
