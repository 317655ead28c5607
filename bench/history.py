"""Time of the history page for a player with many finished games.

Usage: python bench/history.py [--games 50] [--rounds 5]

Stores `--games` finished games of 8 hands (played by `heuristic-v1` in every seat) for one
player in a throwaway SQLite database, then times `GET /history` in two states: cold (the
process has replayed none of the games yet, as after a restart) and warm (every game's facts
are cached). Prints the median of `--rounds` requests of each, in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from fastapi import FastAPI  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from app.learning.game_facts import FactsCache  # noqa: E402
from app.operations.migrate import upgrade  # noqa: E402
from app.operations.settings import Settings  # noqa: E402
from app.storage.models import GameRow  # noqa: E402
from app.table.service import bot_in_human_seat, new_table  # noqa: E402
from app.web.factory import create_app  # noqa: E402
from bots.registry import bot_named  # noqa: E402
from engine import RuleSet  # noqa: E402

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")


def player_of(app: FastAPI, client: TestClient) -> str:
    """Starts one game through the page, so the client has a player cookie; returns its id."""
    location = client.post("/games", follow_redirects=False).headers["location"]
    with app.state.sessions() as session:
        row: GameRow | None = session.get(GameRow, location.rsplit("/", 1)[1])
        assert row is not None
        return row.player_id


def store_games(app: FastAPI, player: str, games: int) -> None:
    """Finished bot-played games for `player`, each with its own seed."""
    rules = RuleSet.from_key("pagat")
    start = datetime(2024, 1, 1, tzinfo=UTC)
    with app.state.sessions() as session:
        for number in range(games):
            table = new_table(rules, f"history-bench-{number}", bot_named("heuristic-v1"))
            bot_in_human_seat(table)
            session.add(
                GameRow(
                    id=f"bench{number:027d}",
                    player_id=player,
                    rules_key=rules.key,
                    seed=f"history-bench-{number}",
                    bot_id="heuristic-v1",
                    log=table.log,
                    version=sum(len(hand) for hand in table.log) + len(table.log) - 1,
                    mode="new",
                    hands_done=rules.hands_per_game,
                    finished=True,
                    created_at=start + timedelta(hours=number),
                )
            )
        session.commit()


def timed_page(client: TestClient) -> float:
    began = time.perf_counter()
    response = client.get("/history")
    elapsed = (time.perf_counter() - began) * 1000
    assert response.status_code == 200, response.status_code
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="finished games stored (%(default)s)")
    parser.add_argument(
        "--rounds", type=int, default=5, help="requests timed per state (%(default)s)"
    )
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'history.sqlite3'}"
        upgrade(url)
        settings = Settings(
            database_url=url, secret_key="bench", bot_delay_ms=0, limits=None, tune_collector=True
        )
        app = create_app(settings)
        with TestClient(app) as client:
            store_games(app, player_of(app, client), options.games)
            cold = []
            for _ in range(options.rounds):
                app.state.facts = FactsCache()
                cold.append(timed_page(client))
            warm = [timed_page(client) for _ in range(options.rounds)]
        app.state.engine.dispose()
    hands = options.games * RuleSet.from_key("pagat").hands_per_game
    print(f"history of {options.games} games ({hands} hands), median of {options.rounds}:")
    print(f"  cold (no game replayed yet): {statistics.median(cold):7.1f} ms")
    print(f"  warm (every game cached):    {statistics.median(warm):7.1f} ms")


if __name__ == "__main__":
    main()
