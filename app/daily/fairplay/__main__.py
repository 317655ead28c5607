"""`python -m app.daily.fairplay`: the operators' command for the fair-play checks.

    python -m app.daily.fairplay list DAY                         every checked attempt of DAY
    python -m app.daily.fairplay show ATTEMPT                     its verdict and every tell
    python -m app.daily.fairplay clear ATTEMPT --reason "…"       a held attempt ranked again
    python -m app.daily.fairplay disqualify ATTEMPT --reason "…"  a held attempt disqualified

It reads the server's settings (`DOKO_DATABASE_URL`). Exit code 2 for what the operator can
put right (an unknown attempt, one not held, no reason, a malformed day), 1 when the
database cannot be used.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from datetime import date

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from app.daily.fairplay.decisions import DecisionRefused, decide
from app.daily.fairplay.report import attempt_lines, day_lines
from app.daily.fairplay.states import DECISIONS
from app.operations.migrate import reason
from app.operations.settings import Settings, SettingsError, utc_now
from app.storage.db import make_engine, sqlite_file
from app.storage.models import DailyAttempt

PROG = "python -m app.daily.fairplay"


LAST_ID = 2**31 - 1
"""The largest id an attempt can have (an INTEGER column on PostgreSQL): a larger number is
no attempt, and asking the database for it would fail rather than find nothing."""


def attempt_id(text: str) -> int:
    number = int(text)
    if not 1 <= number <= LAST_ID:
        raise argparse.ArgumentTypeError(f"there is no ranked attempt {text[:20]}")
    return number


def parser() -> argparse.ArgumentParser:
    found = argparse.ArgumentParser(prog=PROG, description="Fair-play checks of ranked games.")
    commands = found.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="every checked attempt of a day")
    listing.add_argument("day", type=date.fromisoformat, help="the day, e.g. 2026-11-29")
    shown = commands.add_parser("show", help="one attempt, its verdict and every tell")
    shown.add_argument("attempt", type=attempt_id)
    for command, state in DECISIONS.items():
        decided = commands.add_parser(command, help=f"a held attempt becomes {state}")
        decided.add_argument("attempt", type=attempt_id)
        decided.add_argument("--reason", required=True, help="why, kept with the decision")
    return found


def run(arguments: argparse.Namespace, session: Session) -> Iterable[str]:
    """The lines the command prints; `DecisionRefused` for what cannot be done."""
    if arguments.command == "list":
        return day_lines(session, arguments.day)
    if arguments.command == "show":
        attempt = session.get(DailyAttempt, arguments.attempt)
        if attempt is None:
            raise DecisionRefused(f"there is no ranked attempt {arguments.attempt}")
        return list(attempt_lines(session, attempt))
    decision = decide(session, arguments.attempt, arguments.command, arguments.reason, utc_now())
    return [f"attempt {decision.attempt_id} {decision.decision}: {decision.reason}"]


def main(argv: Sequence[str] | None = None) -> int:
    command_line = parser()
    arguments = command_line.parse_args(argv)
    try:
        url = Settings.from_env().database_url
    except SettingsError as error:
        command_line.error(str(error))
    try:
        return _print_lines(url, arguments)
    except DecisionRefused as refused:
        print(f"{PROG}: error: {refused}", file=sys.stderr)
        return 2
    except (SQLAlchemyError, ImportError, OSError) as error:
        # A URL that cannot be read, a driver missing, a database that does not answer.
        print(f"{PROG}: error: the database cannot be used: {reason(error)}", file=sys.stderr)
        return 1


def _print_lines(url: str, arguments: argparse.Namespace) -> int:
    path = sqlite_file(url)
    if path is not None and not path.exists():
        # make_engine would make it, folders and all, as an empty database.
        print(f"{PROG}: error: there is no database at {path}", file=sys.stderr)
        return 1
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            for line in run(arguments, session):
                print(line)
    finally:
        engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
