"""`python bench/strong_starts.py`: games against the strong bots started all at once from
many addresses, and what another player's pages take meanwhile.

A start deals the table and has the bots make their first moves before the player's first
turn: with strong bots, searches that wait their turn at the live worker. An outside check
found starts that held a pooled database connection through that wait (on SQLite with the
new player's row written): 30 at once took every connection, and every other player's pages
answered 503 after the pool's 30 s timeout. Starts `python -m app.operations.serve` as
`bench/herd.py` does (one server process, one live worker, a fresh database, the rate limits
on); --addresses times --per-address players, each from its address, start a strong game
together and then click in it as fast as they are answered, starting again when the game is
over, for --seconds; a bystander from another address plays games against the normal bots,
a click every 0.3 s, first while quiet for --seconds.

Prints the bystander's starts and clicks by status (0: no answer within a minute, or the
connection dropped) with their median, 95th percentile and longest, while quiet and during
the starts; the same of the players' starts and clicks; the server's 5xx lines. Only
127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import httpx

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bystander import BYSTANDER, server_5xx
from bench.web_player import HX, Page, rules_form
from bench.web_server import running_server
from bots.measures import percentile

RULES = rules_form(argparse.Namespace(rules="pagat", hands=24))
ANSWER_SECONDS = 60.0
"""How long a request may take before it counts as unanswered (status 0)."""
BYSTANDER_PAUSE = 0.3
"""Seconds between the bystander's clicks: a quick human."""


@dataclass
class Tally:
    """Answers by status and their times in ms, filled by many threads."""

    answers: Counter[int] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def timed(
        self, ask: httpx.Client, method: str, url: str, **options: object
    ) -> httpx.Response | None:
        """The answer, or None when none came within `ANSWER_SECONDS` or the connection
        failed (counted as 0)."""
        began = time.monotonic()
        answer: httpx.Response | None
        try:
            answer = ask.request(method, url, **options)  # type: ignore[arg-type]
        except httpx.TransportError:
            answer = None
        with self.lock:
            self.answers[answer.status_code if answer is not None else 0] += 1
            self.times.append((time.monotonic() - began) * 1000)
        return answer

    def line(self) -> str:
        if not self.times:
            return "none"
        return (
            f"{dict(sorted(self.answers.items()))}, p50 {statistics.median(self.times):.0f} ms,"
            f" p95 {percentile(self.times, 0.95):.0f} ms, longest {max(self.times):.0f} ms"
        )


def clicks(client: httpx.Client, url: str, stop: float, tally: Tally, pause: float = 0.0) -> None:
    """Clicks in the game at `url` until it is over or `stop`, `pause` seconds apart."""
    text = ""
    while time.monotonic() < stop:
        if not text:
            shown = tally.timed(client, "GET", url)
            text = shown.text if shown is not None and shown.status_code == 200 else ""
            continue
        page = Page.of(text)
        if page.game_over or not (page.actions or page.next_hand):
            return
        data = {"version": page.version}
        if page.next_hand:
            path = f"{url}/next"
        else:
            data["action"], path = page.actions[-1], f"{url}/actions"
        answer = tally.timed(client, "POST", path, data=data, headers=HX)
        if answer is None or answer.status_code != 200:
            time.sleep(1)
            text = ""
            continue
        text = answer.text
        time.sleep(pause)


def plays(
    base: str, address: str, level: str, stop: float, tally: Tally, pause: float = 0.0
) -> None:
    """A player of `address` starts games against the `level` bots and clicks in them,
    `pause` seconds apart, until `stop`."""
    headers = {"X-Forwarded-For": address}
    with httpx.Client(base_url=base, headers=headers, timeout=ANSWER_SECONDS) as client:
        while time.monotonic() < stop:
            started = tally.timed(client, "POST", "/rules", data=RULES | {"level": level})
            if started is None or started.status_code != 303:
                time.sleep(1)
                continue
            clicks(client, started.headers["location"], stop, tally, pause)


def bystander(base: str, seconds: float, tally: Tally) -> None:
    """Another address's player, against the normal bots at a quick human's pace."""
    plays(base, BYSTANDER, "normal", time.monotonic() + seconds, tally, BYSTANDER_PAUSE)


def starts(base: str, addresses: int, per_address: int, seconds: float) -> dict[str, Tally]:
    quiet, during, players = Tally(), Tally(), Tally()
    bystander(base, seconds, quiet)
    stop = time.monotonic() + seconds
    threads = [
        threading.Thread(
            target=plays, args=(base, f"198.51.100.{10 + number}", "strong", stop, players)
        )
        for number in range(addresses)
        for _ in range(per_address)
    ]
    for thread in threads:
        thread.start()
    bystander(base, seconds, during)
    for thread in threads:
        thread.join()
    return {"quiet": quiet, "starts": during, "players": players}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python bench/strong_starts.py",
        description=__doc__,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--addresses", type=int, default=10, help="the players' addresses")
    parser.add_argument("--per-address", type=int, default=3, help="players of each address")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of each phase")
    args = parser.parse_args(argv)
    if args.addresses < 1 or args.per_address < 1 or args.seconds <= 0:
        parser.error("--addresses, --per-address and --seconds must be positive")
    with running_server(workers=1, rate_limits=True) as (base, log):
        tallies = starts(base, args.addresses, args.per_address, args.seconds)
        failures = server_5xx(log)
    print(f"players: {args.addresses} addresses × {args.per_address}, strong, {args.seconds:g} s")
    print(f"bystander quiet: {tallies['quiet'].line()}")
    print(f"bystander during the starts: {tallies['starts'].line()}")
    print(f"the players' starts and clicks: {tallies['players'].line()}")
    print(f"server_5xx_lines: {failures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
