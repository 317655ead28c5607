"""`python bench/strong_clicks.py`: many cookies of one address clicking in games against the
strong bots as fast as they are answered, and what another player's own strong game sees.

Starts `python -m app.operations.serve` as `bench/forms.py` does (one server process, one
live search worker, a fresh database, the rate limits on). A bystander from an address of its
own plays the strong bots at a human pace (--think-ms between clicks) through two phases of
--seconds each:

- quiet: nobody else;
- strong-clicks: --clients players from one other address, each with a cookie of its own,
  play the strong bots with no pause between clicks.

Prints, per phase, the bystander's clicks: their median and 95th percentile, the median's
ratio to the quiet phase's (the machine's speed cancels out), and the flood's clicks by
status. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import math
import re
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bystander import BYSTANDER, flood_arguments, server_5xx
from bench.web_player import Player, human_actions
from bench.web_server import running_server
from bots.measures import percentile

FLOODER = "198.51.100.77"
REFUSED = re.compile(r": 429\b")
"""How a player's error reads when the answer was 429 (a click's, or a new game's)."""
PHASES = ("quiet", "strong-clicks")
THINK_MS = 500.0
"""The bystander's pause before each click, a player's pace."""


def players_arguments(think_ms: float) -> argparse.Namespace:
    """What `bench.web_player.Player` reads: strong bots, pagat, long games, no late arrival."""
    return argparse.Namespace(
        seed="strong-clicks",
        strong=1_000_000,
        reconnect=False,
        games=1_000,
        arrival_s=0.0,
        think_ms=think_ms,
        rules="pagat",
        hands=24,
    )


def player(base: str, number: int, address: str, think_ms: float, deadline: float) -> Player:
    played = Player(base, players_arguments(think_ms), number, deadline)
    played.client.headers["X-Forwarded-For"] = address
    return played


def run_phase(base: str, seconds: float, flooders: int) -> tuple[Player, Counter[str]]:
    """The bystander (its clicks timed) and `flooders` players of one address, who never give
    up, for `seconds`; the flood's clicks, those refused (429) and its other errors."""
    deadline = time.monotonic() + seconds
    watched = player(base, 0, BYSTANDER, THINK_MS, deadline)
    crowd = [player(base, 1 + number, FLOODER, 0.0, deadline) for number in range(flooders)]
    for one in crowd:
        one.patience = sys.maxsize
    start = threading.Barrier(1 + flooders)
    threads = [threading.Thread(target=one.run, args=(start,)) for one in [watched, *crowd]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    flood: Counter[str] = Counter()
    for one in crowd:
        flood["clicks"] += len(human_actions(one.tally.samples))
        refused = sum(REFUSED.search(error) is not None for error in one.tally.errors)
        flood["429"] += refused
        flood["other errors"] += len(one.tally.errors) - refused
    return watched, flood


def main(argv: list[str] | None = None) -> int:
    args = flood_arguments(
        "python bench/strong_clicks.py", __doc__, argv, 10, 30.0, "players of the flooding address"
    )
    with running_server(workers=1, rate_limits=True) as (base, log):
        phases = {
            name: run_phase(base, args.seconds, args.clients if name != "quiet" else 0)
            for name in PHASES
        }
        failures = server_5xx(log)
    print(f"clients: {args.clients} cookies of one address, {args.seconds:g} s a phase")
    quiet = statistics.median(clicks_ms(phases["quiet"][0]) or [math.nan])
    print("phase          bystander clicks  p50 ms  p95 ms  p50 / quiet  errors  the flood")
    for name, (watched, flood) in phases.items():
        clicks = clicks_ms(watched)
        p50 = statistics.median(clicks or [math.nan])
        p95 = percentile(clicks or [math.nan], 0.95)
        print(
            f"{name:<14} {len(clicks):16d} {p50:7.1f} {p95:7.1f} {p50 / quiet:12.1f}"
            f"  {len(watched.tally.errors):6d}  {dict(flood)}"
        )
    print(f"server_5xx_lines: {failures}")
    return 0


def clicks_ms(watched: Player) -> list[float]:
    return [sample.client_ms for sample in human_actions(watched.tally.samples)]


if __name__ == "__main__":
    sys.exit(main())
