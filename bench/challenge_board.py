"""`python bench/challenge_board.py`: how long the board of a challenge with 50 finished
attempts takes to render (`GET /challenges/<link>`: the database, the ranking and the page,
through the app in-process), for a player who has finished it (every hand's result and the
deals shown: the largest page) and for a visitor who has not.

Writes the challenge, its par and `--attempts` finished counting games (each with the hands
of one real game played by the normal bot, their totals spread so that some share a place)
into a fresh SQLite database, then asks for the board `--views` times per viewer. Prints the
medians (target: at most 50 ms).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fastapi.testclient import TestClient
from itsdangerous import TimestampSigner
from sqlalchemy import insert
from sqlalchemy.orm import Session

from app.challenges.attempts import ATTEMPTS
from app.challenges.par import play_par
from app.operations.bot_pool import BotRoster
from app.operations.migrate import upgrade
from app.operations.settings import Settings
from app.storage.models import Challenge, ChallengeGame, GameRow, Player
from app.web.factory import create_app

LINK = "b" * 24
SEED = "bench-challenge-seed"
NOW = datetime(2026, 12, 3, 12, tzinfo=UTC)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--attempts", type=int, default=ATTEMPTS, help="finished attempts")
    parser.add_argument("--views", type=int, default=50, help="views timed per viewer")
    args = parser.parse_args(argv)
    if args.attempts < 1 or args.views < 1:
        parser.error("--attempts and --views must be positive")
    return args


def player_id(number: int) -> str:
    return f"{number:032x}"


def fill(session: Session, attempts: int) -> None:
    """The challenge (pagat, normal opponents, its par done) and its finished games."""
    hands = play_par(BotRoster(0, 0), "pagat", SEED, "heuristic-v1")
    assert hands is not None, "nobody else plays this par"
    numbers = range(attempts)
    session.execute(insert(Player), [{"id": player_id(n), "nickname": f"P{n}"} for n in numbers])
    session.add(
        Challenge(
            id=LINK,
            creator_id=player_id(0),
            rules_key="pagat",
            bot_id="heuristic-v1",
            seed=SEED,
            created_at=NOW,
            closes_at=NOW + timedelta(days=30),
            par_status="done",
            par_hands=hands,
        )
    )
    session.flush()
    session.execute(
        insert(GameRow),
        [
            {
                "id": player_id(n),
                "player_id": player_id(n),
                "rules_key": "pagat",
                "seed": SEED,
                "bot_id": "heuristic-v1",
                "version": 1,
                "mode": "challenge",
                "hands_done": 7,
                "finished": True,
            }
            for n in numbers
        ],
    )
    games = []
    for n in numbers:
        shifted = [dict(hand, points=hand["points"] + (n % 7) - 3) for hand in hands]
        games.append(
            {
                "challenge_id": LINK,
                "game_id": player_id(n),
                "player_id": player_id(n),
                "counted_by": player_id(n),
                "started_at": NOW,
                "finished_at": NOW + timedelta(seconds=n),
                "total": sum(hand["points"] for hand in shifted),
                "hands": shifted,
            }
        )
    session.execute(insert(ChallengeGame), games)
    session.commit()


def cookie_of(secret: str, player: str) -> str:
    """The signed session cookie Starlette's middleware would give `player`."""
    import base64
    import json

    data = base64.b64encode(json.dumps({"player": player}).encode())
    return TimestampSigner(secret).sign(data).decode()


def median_ms(client: TestClient, views: int) -> tuple[float, float]:
    """The median wall time of a view, and of the CPU time this process spent on it (the
    test client and the app together): on a shared machine the second shows the view's own
    cost when the first waits for the cores."""
    times, cpu = [], []
    for _ in range(views):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(f"/challenges/{LINK}")
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        assert response.status_code == 200, response.text[:300]
    return statistics.median(times), statistics.median(cpu)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    secret = "bench-challenge-secret"
    with tempfile.TemporaryDirectory() as directory:
        url = f"sqlite:///{Path(directory) / 'doko.sqlite3'}"
        upgrade(url)
        settings = Settings(database_url=url, secret_key=secret, limits=None, clock=lambda: NOW)
        app = create_app(settings)
        with Session(app.state.engine) as session:
            fill(session, args.attempts)
        with TestClient(app) as player, TestClient(app) as visitor:
            player.cookies.set("doko_player", cookie_of(secret, player_id(args.attempts // 2)))
            assert "card mini" in player.get(f"/challenges/{LINK}").text, "the player sees deals"
            assert "card mini" not in visitor.get(f"/challenges/{LINK}").text
            finished = median_ms(player, args.views)
            outside = median_ms(visitor, args.views)
        app.state.engine.dispose()
    print(f"challenge board, {args.attempts} attempts, {args.views} views each (median)")
    print(
        f"  a player who finished it (hands and deals shown): {finished[0]:.1f} ms "
        f"(CPU {finished[1]:.1f} ms)"
    )
    print(
        f"  a visitor who has not played it:                  {outside[0]:.1f} ms "
        f"(CPU {outside[1]:.1f} ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
