"""`python bench/long_boards.py`: how long one view of a month's board takes when the month
has `--players` players, each ranked on most days of it.

Writes the month's ranked attempts into a fresh SQLite database (players play 8 to 31 days,
so some are placed and some not), then times `GET /leaderboard/month` through the app:
after a change of today's board (what the first view after each new result costs: the month's
older days are kept, the recent ones read again), after a change of an older day (the month
read whole: rare, an operator's decision or a nickname) and unchanged (the board kept by the
process). Prints the medians, and the load average: on a shared machine the wall times
follow it, the CPU time less so.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fastapi.testclient import TestClient
from sqlalchemy import insert, update
from sqlalchemy.orm import Session

from app.operations.migrate import upgrade
from app.operations.settings import Settings
from app.storage.db import make_engine
from app.storage.models import BoardVersion, DailyAttempt, GameRow, Player
from app.web.factory import create_app

MONTH = date(2026, 3, 1)
TODAY = date(2026, 3, 31)
URL = f"/leaderboard/month?day={TODAY.isoformat()}&rules=pagat"


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--players", type=int, default=10_000, help="players in the month")
    parser.add_argument("--views", type=int, default=20, help="views timed of each kind")
    args = parser.parse_args(argv)
    if args.players < 1 or args.views < 1:
        parser.error("--players and --views must be positive")
    return args


def player_id(number: int) -> str:
    return f"{number:032x}"


def days_of(number: int) -> int:
    """Days player `number` played: 8 to 31."""
    return 8 + (number * 7919) % 24


def fill(session: Session, players: int) -> int:
    """The players and their ranked attempts over the month; the attempts written."""
    numbers = range(players)
    session.execute(insert(Player), [{"id": player_id(n), "nickname": f"P{n}"} for n in numbers])
    written = 0
    for day_number in range(31):
        day = MONTH + timedelta(days=day_number)
        playing = [n for n in numbers if day_number < days_of(n)]
        game = [f"{n:024x}{day_number:08x}" for n in playing]
        session.execute(
            insert(GameRow),
            [
                {
                    "id": game[k],
                    "player_id": player_id(n),
                    "rules_key": "pagat",
                    "seed": "s",
                    "bot_id": "heuristic-v1",
                    "log": [[]],
                    "version": 0,
                    "mode": "daily",
                    "day": day,
                }
                for k, n in enumerate(playing)
            ],
        )
        finished = datetime.combine(day, datetime.min.time(), UTC) + timedelta(hours=9)
        session.execute(
            insert(DailyAttempt),
            [
                {
                    "player_id": player_id(n),
                    "day": day,
                    "rules_key": "pagat",
                    "game_id": game[k],
                    "finished_at": finished,
                    "total": (n * 31 + day_number * 17) % 41 - 20,
                    "hands_won": n % 9,
                    "fair_play": "passed",
                    "on_board": True,
                }
                for k, n in enumerate(playing)
            ],
        )
        written += len(playing)
    session.commit()
    return written


def median_ms(view: Callable[[], object], times: int) -> float:
    spent = []
    for _ in range(times):
        began = time.perf_counter()
        view()
        spent.append((time.perf_counter() - began) * 1000)
    return statistics.median(spent)


def timed_after(change: Callable[[], None], view: Callable[[], None]) -> float:
    """Milliseconds of `view` after `change` (not timed)."""
    change()
    began = time.perf_counter()
    view()
    return (time.perf_counter() - began) * 1000


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'month.sqlite3'}"
        upgrade(url)
        engine = make_engine(url)
        with Session(engine) as session:
            attempts = fill(session, args.players)
        engine.dispose()
        settings = Settings(
            database_url=url,
            secret_key="bench-long-boards",
            bot_delay_ms=0,
            limits=None,
            clock=lambda: datetime.combine(TODAY, datetime.min.time(), UTC) + timedelta(hours=12),
        )
        application = create_app(settings)
        sessions = application.state.sessions

        def changed() -> None:
            with sessions() as session:
                session.execute(
                    update(BoardVersion)
                    .where(BoardVersion.day == TODAY)
                    .values(version=BoardVersion.version + 1)
                )
                session.commit()

        def changed_settled() -> None:
            with sessions() as session:
                session.execute(
                    update(BoardVersion)
                    .where(BoardVersion.day == MONTH)
                    .values(version=BoardVersion.version + 1)
                )
                session.commit()

        with TestClient(application) as client:
            page = client.get(URL)
            assert page.status_code == 200, page.text[:500]

            def view() -> None:
                assert client.get(URL).status_code == 200

            spent, cpu = [], []
            for _ in range(args.views):
                changed()
                began, began_cpu = time.perf_counter(), time.process_time()
                view()
                spent.append((time.perf_counter() - began) * 1000)
                cpu.append((time.process_time() - began_cpu) * 1000)
            read_again, read_again_cpu = statistics.median(spent), statistics.median(cpu)
            kept = median_ms(view, args.views)
            past_day_changed = statistics.median(
                timed_after(changed_settled, view) for _ in range(3)
            )
        application.state.engine.dispose()
    print(f"players: {args.players}")
    print(f"attempts: {attempts}")
    print(f"placed: {sum(1 for n in range(args.players) if days_of(n) >= 12)}")
    print(f"month_board_after_a_result_today_ms_p50: {read_again:.1f}")
    print(f"month_board_after_a_result_today_cpu_ms_p50: {read_again_cpu:.1f}")
    print(f"month_board_unchanged_ms_p50: {kept:.1f}")
    print(f"month_board_after_a_change_of_an_older_day_ms_p50: {past_day_changed:.1f}")
    print(f"load_average_1min: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
