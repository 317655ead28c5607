"""Ranked daily attempts written straight into the database, for the streak and the week and
month boards, whose logic needs more days and players than are worth playing through."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from app.storage.models import DailyAttempt, GameRow, Player
from tests.web.driver import start_game
from tests.web.helpers.daily import rows


@dataclass(frozen=True)
class Seeded:
    """One attempt: `total` None for an unfinished one."""

    player: str
    day: date
    total: int | None
    rules_key: str = "pagat"
    fair_play: str = "passed"


def seed_attempts(session: Session, attempts: list[Seeded]) -> None:
    """The attempts, their games and (once each) their players; committed."""
    players = {attempt.player for attempt in attempts}
    known = {row.id for row in session.query(Player).filter(Player.id.in_(players))}
    for player in sorted(players - known):
        session.add(Player(id=player, nickname=f"N{player[-6:]}"))
    session.flush()
    for attempt in attempts:
        game = f"{attempt.player[-16:]}{attempt.day:%Y%m%d}{attempt.rules_key[:4]}"
        finished = attempt.total is not None
        session.add(
            GameRow(
                id=game,
                player_id=attempt.player,
                rules_key=attempt.rules_key,
                seed="s",
                bot_id="heuristic-v1",
                log=[[]],
                version=0,
                mode="daily",
                day=attempt.day,
                finished=finished,
            )
        )
        session.flush()
        session.add(
            DailyAttempt(
                player_id=attempt.player,
                day=attempt.day,
                rules_key=attempt.rules_key,
                game_id=game,
                started_at=datetime.combine(attempt.day, time(8), UTC),
                finished_at=datetime.combine(attempt.day, time(9), UTC) if finished else None,
                total=attempt.total,
                hands_won=3 if finished else None,
                fair_play=attempt.fair_play,
                on_board=finished and attempt.fair_play in ("passed", "cleared", "unchecked"),
            )
        )
    session.commit()


def player_of(application: FastAPI, client: TestClient) -> str:
    """The id of the client's player (it gets one by starting a new game)."""
    url = start_game(client)
    (game,) = rows(application, GameRow, id=url.rsplit("/", 1)[-1])
    return str(game.player_id)


def on_the_board(application: FastAPI, clients: tuple[TestClient, ...], day: date) -> None:
    """Gives each client a player ranked on `day`'s pagat board (a finished attempt that
    passed its check: +5, +10, …): what a nickname is checked against, without the
    minutes of playing the games."""
    attempts = [
        Seeded(player_of(application, client), day, 5 * (place + 1))
        for place, client in enumerate(clients)
    ]
    with application.state.sessions() as session:
        seed_attempts(session, attempts)


def days(first: date, count: int, step: int = 1) -> list[date]:
    return [first + timedelta(days=step * k) for k in range(count)]
