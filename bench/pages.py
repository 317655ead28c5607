"""`python bench/pages.py`: one address reading the pages that cost a query as fast as they
come, and what another player's normal-level game feels like meanwhile.

Starts `python -m app.operations.serve` as `bench/web.py` does (a fresh SQLite database, the rate
limits counted, one bot worker process). First the player plays alone for `--seconds`: a game at the
normal level, loading its table page (GET) and clicking a random control every `--think-ms`.
Then, for as long again, `--clients` threads from one other address (one player's cookie,
with a game of its own, as a script would keep it) read `/leaderboard`, `/history` and `/` in
turn as fast as the answers come. The readers run in a process of their own: threads beside
the player's would hold its interpreter lock, and the faster the server refused them, the
longer the player's own timing would wait for it. Prints the player's table loads and clicks
in each phase (p50 / p95) and the reader's answers by page and status.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import threading
import time
from collections import Counter
from multiprocessing.queues import Queue
from pathlib import Path

import httpx

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.web import arguments as web_arguments
from bench.web_player import Player, Sample, human_actions
from bench.web_server import running_server
from bots.measures import percentile

READER = "198.51.100.7"
PAGES = ("/leaderboard", "/history", "/")


class Reading:
    """The readers' tallies, filled by many threads."""

    def __init__(self, seconds: float) -> None:
        self.stop = time.monotonic() + seconds
        self.answers: Counter[tuple[str, int]] = Counter()
        self.lock = threading.Lock()

    def running(self) -> bool:
        return time.monotonic() < self.stop


def reader(base: str, cookies: httpx.Cookies, reading: Reading) -> None:
    headers = {"X-Forwarded-For": READER}
    with httpx.Client(base_url=base, headers=headers, cookies=cookies, timeout=60) as client:
        while reading.running():
            for page in PAGES:
                status = client.get(page).status_code
                with reading.lock:
                    reading.answers[page, status] += 1


def read_pages(
    base: str, cookies: dict[str, str], seconds: float, clients: int, answers: Queue[Answers]
) -> None:
    """The readers' process: `clients` threads for `seconds`, their tallies put in `answers`."""
    reading = Reading(seconds)
    jar = httpx.Cookies(cookies)
    threads = [threading.Thread(target=reader, args=(base, jar, reading)) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    answers.put(dict(reading.answers))


Answers = dict[tuple[str, int], int]


def reader_cookies(base: str) -> httpx.Cookies:
    """A player with a game of its own: its history lists it, and the home page looks it up."""
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": READER}) as client:
        client.post("/games")
        return client.cookies


class TablePlayer(Player):
    """A `bench/web.py` player who also loads its table page before each click (kind
    `table`), as a browser does after a reload or a new hand."""

    game_url = ""

    def play_until_over(self, game_url: str, text: str) -> None:
        self.game_url = game_url
        super().play_until_over(game_url, text)

    def think(self) -> None:
        self.request("table", "GET", self.game_url)
        super().think()


def play_alone(base: str, seconds: float, think_ms: int, number: int) -> list[Sample]:
    args = web_arguments(["--games", "1000", "--hands", "8", "--think-ms", str(think_ms)])
    player = TablePlayer(base, args, number, time.monotonic() + seconds)
    player.run(threading.Barrier(1))
    if player.tally.errors:
        print(f"player errors: {player.tally.errors[:3]}")
    return player.tally.samples


def figures(samples: list[Sample]) -> str:
    tables = [s.client_ms for s in samples if s.kind == "table"]
    clicks = [s.client_ms for s in human_actions(samples) if s.kind != "table"]
    return (
        f"table GET p50 {statistics.median(tables):.1f} / p95 {percentile(tables, 0.95):.1f} ms"
        f" ({len(tables)}), clicks p50 {statistics.median(clicks):.1f}"
        f" / p95 {percentile(clicks, 0.95):.1f} ms ({len(clicks)})"
    )


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python bench/pages.py",
        description=__doc__,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--clients", type=int, default=4, help="threads reading pages")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    parser.add_argument("--think-ms", type=int, default=300, help="the player's pause")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.seconds <= 0 or args.think_ms < 0:
        parser.error("--clients and --seconds must be positive, --think-ms not negative")
    return args


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    with running_server(workers=1, rate_limits=True) as (base, log):
        quiet = play_alone(base, args.seconds, args.think_ms, 1)
        cookies = dict(reader_cookies(base).items())
        context = multiprocessing.get_context("spawn")
        queue: Queue[Answers] = context.Queue()
        readers = context.Process(
            target=read_pages, args=(base, cookies, args.seconds, args.clients, queue)
        )
        readers.start()
        read = play_alone(base, args.seconds, args.think_ms, 2)
        answers: Answers = queue.get(timeout=args.seconds + 120)
        readers.join()
        errors = [line for line in log.read_text().splitlines() if "rror" in line]
    print(f"quiet: {figures(quiet)}")
    print(f"read by {args.clients} clients: {figures(read)}")
    for page in PAGES:
        statuses = {s: n for (p, s), n in sorted(answers.items()) if p == page}
        per_second = sum(statuses.values()) / args.seconds
        print(f"reader {page}: {per_second:.0f}/s, {statuses}")
    print(f"server_log_errors: {len(errors)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
