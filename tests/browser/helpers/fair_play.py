"""Waiting for a fair-play check and setting today's attempts aside. Shared by several test
modules (moved out of `tests/browser/test_fair_play.py`, so that no test module imports
another)."""

from __future__ import annotations

import time
from datetime import UTC, datetime

from playwright.sync_api import Page
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.storage.models import DailyAttempt, FairPlayCheck, GameRow, Player
from tests.live import LiveServer

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
