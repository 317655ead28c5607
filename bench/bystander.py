"""What the benches of a flood in phases share (`bench/forms.py`, `bench/page_floods.py`): a
bystander from an address of its own loads its table and the day's board in turn while
flooders from one address ask as fast as they are answered; each phase's figures, and the
table they are printed in, as ratios to the quiet phase's (the machine's speed cancels out)."""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import httpx

from bots.measures import percentile

BYSTANDER = "203.0.113.9"
PAUSE = 0.05
"""Seconds between the bystander's loads."""


class Phase:
    """One phase's tallies, filled by many threads."""

    def __init__(self, seconds: float) -> None:
        self.stop = time.monotonic() + seconds
        self.loads: list[float] = []
        self.answers: Counter[int] = Counter()
        self.lock = threading.Lock()

    def running(self) -> bool:
        return time.monotonic() < self.stop

    def answered(self, status: int) -> None:
        with self.lock:
            self.answers[status] += 1


def bystander(client: httpx.Client, table: str, phase: Phase) -> None:
    pages = (table, "/leaderboard")
    turn = 0
    while phase.running():
        began = time.monotonic()
        client.get(pages[turn % 2]).raise_for_status()
        with phase.lock:
            phase.loads.append((time.monotonic() - began) * 1000)
        turn += 1
        time.sleep(PAUSE)


def bystanders_table(base: str) -> tuple[str, dict[str, str]]:
    """The bystander's own game and its cookies."""
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": BYSTANDER}) as client:
        return client.post("/games").headers["location"], dict(client.cookies)


def run_phase(
    base: str,
    seen: tuple[str, dict[str, str]],
    seconds: float,
    flooders: int,
    flood: Callable[[Phase], None] | None,
) -> Phase:
    """A phase of `seconds`: `flooders` threads running `flood` (none in a quiet phase) while
    the bystander loads its table (`seen`: its address and cookies)."""
    phase = Phase(seconds)
    threads = (
        []
        if flood is None
        else [threading.Thread(target=flood, args=(phase,)) for _ in range(flooders)]
    )
    table, cookies = seen
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": BYSTANDER}, timeout=120) as client:
        client.cookies.update(cookies)
        for thread in threads:
            thread.start()
        bystander(client, table, phase)
    for thread in threads:
        thread.join()
    return phase


def flood_arguments(
    prog: str,
    description: str | None,
    argv: list[str] | None,
    clients: int,
    seconds: float,
    clients_help: str,
    seconds_help: str = "length of each phase",
) -> argparse.Namespace:
    """`--clients` and `--seconds`, both positive."""
    parser = argparse.ArgumentParser(
        prog=prog, description=description, formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--clients", type=int, default=clients, help=clients_help)
    parser.add_argument("--seconds", type=float, default=seconds, help=seconds_help)
    args = parser.parse_args(argv)
    if args.clients < 1 or args.seconds <= 0:
        parser.error("--clients and --seconds must be positive")
    return args


def server_5xx(log: Path) -> int:
    """The server's log lines of a 5xx answer (read while the server's folder exists)."""
    return sum(" 50" in line for line in log.read_text().splitlines())


def print_phases(phases: dict[str, Phase], answers: str, failures: int) -> None:
    """A line per phase: the bystander's median and 95th percentile, the median's ratio to
    the quiet phase's, the flood's answers by status; then the server's 5xx lines."""
    quiet = statistics.median(phases["quiet"].loads)
    width = max(map(len, phases)) + 1
    print(f"{'phase':<{width}} bystander p50 ms  p95 ms  p50 / quiet  {answers}")
    for name, phase in phases.items():
        p50, p95 = statistics.median(phase.loads), percentile(phase.loads, 0.95)
        counted = dict(sorted(phase.answers.items()))
        print(f"{name:<{width}} {p50:16.1f} {p95:7.1f} {p50 / quiet:12.1f}  {counted}")
    print(f"server_5xx_lines: {failures}")
