"""`python bench/herd.py`: clicks against the strong bots sent all at once from one address,
each in a game of its own, and what another player's pages take meanwhile.

An address's share of the server's time (`app.operations.pacing`) is charged as each answer
starts, so requests sent together all pass before the first is charged; each click then holds
one of the server's threads while it waits for the live search worker. Starts `python -m
app.operations.serve` as `bench/forms.py` does (one server process, one live worker, a fresh
database, the rate limits on); the flooding address starts --clients games against the strong
bots, then, --rounds times, waits --refill seconds for its share to fill again and clicks once
in each game, all at the same moment, while a bystander from another address loads the day's
board every 50 ms.

Prints the bystander's median, 95th percentile and longest load while quiet and during the
herds, and the herds' answers by status with their median and longest time. Only 127.0.0.1
is contacted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bystander import BYSTANDER, PAUSE, server_5xx
from bench.web_player import HX, Page, rules_form
from bench.web_server import running_server
from bots.measures import percentile

FLOODER = "198.51.100.50"
BOARD = "/leaderboard"


class Game:
    """One of the flooder's games against the strong bots, and its page as last answered."""

    def __init__(self, base: str) -> None:
        self.client = httpx.Client(base_url=base, headers={"X-Forwarded-For": FLOODER}, timeout=60)
        rules = rules_form(argparse.Namespace(rules="pagat", hands=24)) | {"level": "strong"}
        started = self.client.post("/rules", data=rules)
        self.url = started.headers["location"]
        self.text = self.client.get(self.url).text

    def click(self, answers: Counter[int], times: list[float], lock: threading.Lock) -> None:
        page = Page.of(self.text)
        if not page.actions and not page.next_hand:
            return
        began = time.monotonic()
        if page.next_hand:
            answer = self.client.post(
                f"{self.url}/next", data={"version": page.version}, headers=HX
            )
        else:
            data = {"version": page.version, "action": page.actions[-1]}
            answer = self.client.post(f"{self.url}/actions", data=data, headers=HX)
        with lock:
            answers[answer.status_code] += 1
            times.append((time.monotonic() - began) * 1000)
        if answer.status_code == 200:
            self.text = answer.text


def loads(base: str, stop: threading.Event, taken: list[float]) -> None:
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": BYSTANDER}, timeout=120) as client:
        while not stop.is_set():
            began = time.monotonic()
            client.get(BOARD).raise_for_status()
            taken.append((time.monotonic() - began) * 1000)
            time.sleep(PAUSE)


@contextmanager
def watching(base: str, taken: list[float]) -> Iterator[None]:
    """The bystander loads the board into `taken` while the block runs."""
    stop = threading.Event()
    watcher = threading.Thread(target=loads, args=(base, stop, taken))
    watcher.start()
    try:
        yield
    finally:
        stop.set()
        watcher.join()


def herds(
    base: str, clients: int, rounds: int, refill: float
) -> tuple[list[float], list[float], Counter[int], list[float]]:
    """The bystander's loads while quiet and during the herds; the herds' answers and times."""
    games = [Game(base) for _ in range(clients)]
    quiet: list[float] = []
    herded: list[float] = []
    answers: Counter[int] = Counter()
    times: list[float] = []
    lock = threading.Lock()
    for _ in range(rounds):
        with watching(base, quiet):
            time.sleep(refill)
        with watching(base, herded):
            clicks = [
                threading.Thread(target=game.click, args=(answers, times, lock)) for game in games
            ]
            for click in clicks:
                click.start()
            for click in clicks:
                click.join()
    return quiet, herded, answers, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python bench/herd.py",
        description=__doc__,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--clients", type=int, default=40, help="the flooder's games")
    parser.add_argument("--rounds", type=int, default=3, help="herds, each after a quiet spell")
    parser.add_argument(
        "--refill",
        type=float,
        default=12.0,
        help="seconds of each quiet spell: 12 fill an address's used share again (5 s at half"
        " a second a second)",
    )
    args = parser.parse_args(argv)
    if args.clients < 1 or args.rounds < 1 or args.refill <= 0:
        parser.error("--clients, --rounds and --refill must be positive")
    with running_server(workers=1, rate_limits=True) as (base, log):
        quiet, herded, answers, times = herds(base, args.clients, args.rounds, args.refill)
        failures = server_5xx(log)
    print(f"clients: {args.clients} games of one address clicked at once, {args.rounds} times")
    print("phase  bystander loads  p50 ms  p95 ms  longest ms")
    for name, taken in (("quiet", quiet), ("herds", herded)):
        print(
            f"{name:<6} {len(taken):15d} {statistics.median(taken):7.1f}"
            f" {percentile(taken, 0.95):7.1f} {max(taken):11.1f}"
        )
    print(
        f"the herds' answers: {dict(sorted(answers.items()))},"
        f" median {statistics.median(times):.0f} ms, longest {max(times):.0f} ms"
    )
    print(f"server_5xx_lines: {failures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
