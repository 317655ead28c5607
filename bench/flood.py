"""`python bench/flood.py`: a flood of hints from one address, within the rate limits, and
what another visitor sees meanwhile.

Starts `python -m app.operations.serve` as `bench/web.py` does (a fresh database, the rate limits
counted, one bot worker process). `--clients` threads, all from one address, each start a new
game and ask for a hint at every decision, then take the first offered action, as fast as
the answers come (a hint costs the worker about a quarter of a second). A bystander from
another address loads the How-to-play page every half second. Prints the bystander's load
times, the hints' answers by status and the errors in the server's log.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bystander import flood_arguments
from bench.web_player import HX, Page
from bench.web_server import running_server
from bots.measures import percentile

ATTACKER = "198.51.100.7"
BYSTANDER = "203.0.113.9"


class Flood:
    """The run's tallies, filled by many threads."""

    def __init__(self, seconds: float) -> None:
        self.stop = time.monotonic() + seconds
        self.hints: Counter[int] = Counter()
        self.starts: Counter[int] = Counter()
        self.bystander: list[tuple[float, int]] = []
        self.lock = threading.Lock()

    def running(self) -> bool:
        return time.monotonic() < self.stop


def attacker(base: str, flood: Flood) -> None:
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": ATTACKER}, timeout=60) as client:
        while flood.running():
            started = client.post("/games")
            with flood.lock:
                flood.starts[started.status_code] += 1
            if started.status_code != 303:
                time.sleep(1)
                continue
            game = started.headers["location"]
            page = Page.of(client.get(game).text)
            while flood.running() and page.version is not None and page.actions:
                asked = client.post(f"{game}/hint", data={"version": page.version}, headers=HX)
                with flood.lock:
                    flood.hints[asked.status_code] += 1
                form = {"version": page.version, "action": page.actions[0]}
                answer = client.post(f"{game}/actions", data=form, headers=HX)
                if answer.status_code != 200:
                    break
                page = Page.of(answer.text)


def bystander(base: str, flood: Flood) -> None:
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": BYSTANDER}, timeout=120) as client:
        while flood.running():
            began = time.monotonic()
            status = client.get("/how-to-play").status_code
            with flood.lock:
                flood.bystander.append((time.monotonic() - began, status))
            time.sleep(0.5)


def main(argv: list[str] | None = None) -> int:
    args = flood_arguments(
        "python bench/flood.py",
        __doc__,
        argv,
        120,
        30.0,
        "threads asking for hints",
        "how long the flood lasts",
    )
    with running_server(workers=1, rate_limits=True) as (base, log):
        flood = Flood(args.seconds)
        threads = [
            threading.Thread(target=attacker, args=(base, flood)) for _ in range(args.clients)
        ]
        threads.append(threading.Thread(target=bystander, args=(base, flood)))
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        errors = [line for line in log.read_text().splitlines() if "rror" in line]
    seconds = [took * 1000 for took, _ in flood.bystander]
    print(f"clients: {args.clients} from one address, {args.seconds:g} s")
    print(f"hints answered: {dict(sorted(flood.hints.items()))}")
    print(f"new games: {dict(sorted(flood.starts.items()))}")
    print(f"bystander_loads: {len(seconds)}")
    print(f"bystander_statuses: {dict(Counter(status for _, status in flood.bystander))}")
    print(f"bystander_p50_ms: {statistics.median(seconds):.1f}")
    print(f"bystander_p95_ms: {percentile(seconds, 0.95):.1f}")
    print(f"bystander_max_ms: {max(seconds):.1f}")
    print(f"server_log_errors: {len(errors)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
