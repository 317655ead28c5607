"""`python -m app.operations.serve`: serves the game with uvicorn, set up to stand behind a
reverse proxy on the open internet (which closes slow and idle connections and caps each
address's: uvicorn does neither; README, *Running it in public*).

uvicorn's own proxy-header handling is off: the app believes forwarded headers only from the
proxies named in `DOKO_TRUSTED_PROXIES` (see `app.operations.settings`), and it sends no
`server` header.
"""

from __future__ import annotations

import argparse
import os
import resource

import uvicorn
from sqlalchemy.exc import SQLAlchemyError

from app.operations.http_head import BoundedHead
from app.operations.migrate import behind, head, reason
from app.operations.settings import MOST_SEARCH_WORKERS, Settings, SettingsError

KEEP_ALIVE_S = 75
"""How long an idle connection is kept open. A player often thinks longer than uvicorn's
default of 5 s between cards, and each new connection may reach another worker process,
which has not kept the game's table and must replay the game (`bench/web.py --reconnect`
measures that). It is also longer than the idle timeout of common proxies' connection pools
(nginx: 60 s), so a proxy never reuses a connection this server has just closed."""

OPEN_FILES = 65_536
"""Open files a server process may hold, each kept-alive connection one of them. Many
systems start a process with a soft limit of 1,024; a busy process holding its players'
connections for `KEEP_ALIVE_S` would reach it, and then stop accepting new ones."""


def allow_open_files(wanted: int = OPEN_FILES) -> int:
    """Raises this process's soft limit on open files to `wanted`, or to the hard limit if
    that is lower (the worker processes inherit it); never lowers it. Returns the limit now
    in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    return soft


def port_number(text: str) -> int:
    """A TCP port. The range is checked here: given 70000, the socket layer would listen on
    70000 modulo 65536 while the log named 70000."""
    number = int(text) if text.isascii() and text.isdigit() else -1
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return number


def check_database(parser: argparse.ArgumentParser, url: str) -> None:
    """Stops with one line unless the database answers and has every migration: each worker
    would otherwise print a traceback, or, on a database an update left behind, pass the
    health check while every new game failed on a missing table."""
    try:
        lacking = behind(url)
    except (SQLAlchemyError, ImportError, OSError) as error:
        parser.exit(1, f"{parser.prog}: error: the database does not answer: {reason(error)}\n")
    if lacking is not None:
        needed = f"the database is at migration {lacking}, this server needs {head()}"
        first = "run python -m app.operations.migrate first"
        parser.exit(1, f"{parser.prog}: error: {needed}: {first}\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m app.operations.serve",
        description=__doc__,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument(
        "--port", type=port_number, default=os.environ.get("PORT", "8000"), help="port (or $PORT)"
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="server processes sharing the port and database"
    )
    parser.add_argument(
        "--quiet", action="store_true", help="no access log, warnings only (load tests)"
    )
    args = parser.parse_args(argv)
    if not args.host.strip():
        # An empty host (`--host "$HOST"`, HOST unset) would listen on every interface.
        parser.error("--host must name an address (127.0.0.1, 0.0.0.0 for every interface)")
    if not 1 <= args.workers <= MOST_SEARCH_WORKERS:
        parser.error(f"--workers must be from 1 to {MOST_SEARCH_WORKERS}")
    try:
        # Each server process reads the settings as it starts; a bad one is named here once,
        # not in a traceback from every process.
        settings = Settings.from_env()
    except SettingsError as error:
        parser.error(str(error))
    check_database(parser, settings.database_url)
    allow_open_files()
    uvicorn.run(
        "app.web.main:app",
        host=args.host,
        port=args.port,
        workers=args.workers,
        access_log=not args.quiet,
        log_level="warning" if args.quiet else "info",
        proxy_headers=False,
        server_header=False,
        timeout_keep_alive=KEEP_ALIVE_S,
        http=BoundedHead,
    )


if __name__ == "__main__":
    main()
