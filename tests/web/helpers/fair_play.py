"""Ranked attempts added and held, for the fair-play pages. Shared by several test modules
(moved out of `tests/web/test_fair_play.py`, so that no test module imports another)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from fastapi import FastAPI
from sqlalchemy import update

from app.storage.models import DailyAttempt, FairPlayCheck
from tests.helpers.daily_rows import add_daily_game
from tests.web.helpers.daily import (
    DAY,
    game_id,
)


def add_attempts(
    application: FastAPI, states: list[str], totals: list[int], first: int = 0
) -> None:
    """Finished attempts of the day in the given fair-play states, by players P`first`,
    P`first + 1`…; a pending one's check is being computed (claimed just now)."""
    start = datetime(2024, 3, 14, 8, 0, tzinfo=UTC)
    with application.state.sessions() as session:
        for number, (state, total) in enumerate(zip(states, totals, strict=True), first):
            player = f"{number:032x}"
            add_daily_game(session, player, f"g{number:031x}", DAY, f"P{number}")
            attempt = DailyAttempt(
                player_id=player,
                day=DAY,
                rules_key="pagat",
                game_id=f"g{number:031x}",
                finished_at=start + timedelta(minutes=number),
                total=total,
                hands_won=2,
                fair_play=state,
                on_board=state in ("passed", "cleared", "unchecked"),
            )
            session.add(attempt)
            session.flush()
            if state == "pending":
                session.add(
                    FairPlayCheck(attempt_id=attempt.id, status="pending", evaluator="test")
                )
            elif state != "unchecked":
                session.add(held_check(attempt.id, state != "passed"))
        session.commit()


def hold(application: FastAPI, url: str) -> None:
    """The attempt played at `url`, checked, taken for held (the verdict as stored)."""
    with application.state.sessions() as session:
        session.execute(
            update(DailyAttempt)
            .where(DailyAttempt.game_id == game_id(url))
            .values(fair_play="held", on_board=False)
        )
        session.commit()


def held_check(attempt_id: int, held: bool) -> FairPlayCheck:
    return FairPlayCheck(
        attempt_id=attempt_id,
        status="done",
        evaluator="test",
        decisions=80,
        honest_chance=1e-7 if held else 0.4,
        matched=12 if held else 3,
        expected=3.5,
        held=held,
        tells=[{"hand": 0, "index": 5, "matched": True}] * 14,
        finished_at=datetime.now(UTC),
    )
