"""`python bench/leaderboard.py`: how long one view of a day's leaderboard takes to read from
the database when that day has many finished attempts (as many as it has players).

Writes `--attempts` finished ranked attempts of one day into a fresh SQLite database, then
times `app.daily.board_rows.board` (what `GET /leaderboard` reads) for a visitor without a game and
for a player ranked in the middle of the day, `--views` times each. Prints the medians.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import insert
from sqlalchemy.orm import Session

from app.daily.board_rows import board
from app.operations.migrate import upgrade
from app.storage.db import make_engine
from app.storage.models import DailyAttempt, GameRow, Player

DAY = date(2026, 3, 14)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--attempts", type=int, default=50_000, help="finished attempts")
    parser.add_argument("--views", type=int, default=20, help="views timed per viewer")
    args = parser.parse_args(argv)
    if args.attempts < 1 or args.views < 1:
        parser.error("--attempts and --views must be positive")
    return args


def player_id(number: int) -> str:
    return f"{number:032x}"


def total_of(number: int) -> int:
    """The game total of player `number`: spread over -40..40, many sharing each."""
    return (number * 7919) % 81 - 40


def fill(session: Session, attempts: int) -> None:
    """Players with totals spread over -40..40, finishing a second apart, each through its
    fair-play check."""
    start = datetime(2026, 3, 14, 8, 0, tzinfo=UTC)
    numbers = range(attempts)
    session.execute(insert(Player), [{"id": player_id(n), "nickname": f"P{n}"} for n in numbers])
    games = [
        {
            "id": player_id(n),
            "player_id": player_id(n),
            "rules_key": "pagat",
            "seed": "s",
            "bot_id": "heuristic-v1",
            "log": [[]],
            "version": 0,
            "mode": "daily",
            "day": DAY,
        }
        for n in numbers
    ]
    session.execute(insert(GameRow), games)
    finished = [
        {
            "player_id": player_id(n),
            "day": DAY,
            "rules_key": "pagat",
            "game_id": player_id(n),
            "finished_at": start + timedelta(seconds=n),
            "total": total_of(n),
            "hands_won": n % 9,
            "fair_play": "passed",
            "on_board": True,
        }
        for n in numbers
    ]
    session.execute(insert(DailyAttempt), finished)
    session.commit()


def median_ms(view: Callable[[], object], times: int) -> float:
    spent = []
    for _ in range(times):
        began = time.perf_counter()
        view()
        spent.append((time.perf_counter() - began) * 1000)
    return statistics.median(spent)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'board.sqlite3'}"
        upgrade(url)
        engine = make_engine(url)
        with Session(engine) as session:
            fill(session, args.attempts)
        middle = player_id(args.attempts // 2)
        with Session(engine) as session:
            visitor = median_ms(lambda: board(session, DAY, "pagat", None), args.views)
            ranked = median_ms(lambda: board(session, DAY, "pagat", middle), args.views)
            rows = board(session, DAY, "pagat", middle)
        engine.dispose()
    print(f"attempts: {args.attempts}")
    print(f"visitor_view_ms_p50: {visitor:.1f}")
    print(f"ranked_player_view_ms_p50: {ranked:.1f}")
    print(f"rows_shown: {len(rows)}")
    print(f"ranked_player_rank: {next(row.rank for row in rows if row.own)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
