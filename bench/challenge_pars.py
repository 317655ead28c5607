"""`python bench/challenge_pars.py`: what a queue of waiting challenge pars costs the
database while one par after the other is played (`app.challenges.par.ChallengePars`).

Makes `--challenges` challenges of fresh deals, a maker each (`--rules`, short games so the
bench is quick), claims every par as a board's first view does, then lets the process's par
thread play them all, the background work run in this process (`BotRoster(0, 0)`). Prints the
UPDATE statements sent meanwhile, per par hand played, and the time it took. Renewing every
waiting claim after every hand made that count grow with the queue's length.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fastapi.testclient import TestClient
from sqlalchemy import event, select

from app.challenges.par import ChallengePars
from app.operations.bot_pool import BotRoster
from app.operations.migrate import upgrade
from app.operations.settings import Settings
from app.storage.models import Challenge
from app.web.factory import create_app
from engine import RuleSet

NOW = datetime(2026, 12, 3, 12, tzinfo=UTC)


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--challenges", type=int, default=200, help="pars waiting at once")
    parser.add_argument("--rules", default="pagat+hands_per_game=2", help="the challenges' rules")
    args = parser.parse_args(argv)
    if args.challenges < 1:
        parser.error("--challenges must be at least 1")
    RuleSet.from_key(args.rules)
    return args


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'pars.sqlite3'}"
        upgrade(url)
        settings = Settings(
            database_url=url,
            secret_key="bench-secret",
            bot_delay_ms=0,
            limits=None,
            background_workers=0,
        )
        app = create_app(settings)
        for _ in range(args.challenges):
            with TestClient(app, cookies={"doko_rules": args.rules}) as maker:
                assert maker.post("/challenges", follow_redirects=False).status_code == 303
        pars = ChallengePars(app.state.sessions, BotRoster(0, 0))
        updates = [0]

        def count(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
            updates[0] += statement.lstrip().upper().startswith("UPDATE")

        engine = app.state.engine
        event.listen(engine, "before_cursor_execute", count)
        started = time.perf_counter()
        with app.state.sessions() as session:
            for challenge in session.scalars(select(Challenge)).all():
                pars.request(session, challenge, NOW)
        for thread in threading.enumerate():
            if thread.name == "challenge-pars":
                thread.join()
        seconds = time.perf_counter() - started
        event.remove(engine, "before_cursor_execute", count)
        hands = args.challenges * RuleSet.from_key(args.rules).hands_per_game
        print(f"{args.challenges} pars of {args.rules}, {hands} par hands in {seconds:.1f} s")
        print(f"UPDATE statements: {updates[0]}, {updates[0] / hands:.1f} per par hand")
        engine.dispose()


if __name__ == "__main__":
    main()
