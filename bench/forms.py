"""`python bench/forms.py`: forms the server refuses, sent as fast as it answers from one
address, and what another player sees meanwhile.

Starts `python -m app.operations.serve` as `bench/web.py` does (a fresh database, the rate
limits counted). A bystander from another address loads its own table and the day's board in
turn, every 50 ms, through every phase of --seconds:

- quiet: nobody else;
- multipart: --clients threads post the Rules form as `multipart/form-data`, about 1,200 parts
  in 63 KiB (under the old 64 KiB cap on bodies);
- fields: the same as a URL-encoded form of 4,000 fields in 63 KiB;
- small: a short click no table sends (its version is no number).

Prints, per phase, the bystander's median and 95th percentile load time, their ratio to the
quiet phase's (the machine's speed cancels out), the attackers' requests answered by status
and the server's 5xx. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

import httpx

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.web_server import running_server
from bots.measures import percentile

ATTACKERS = "198.51.100.{}"
"""An address per phase: no phase inherits the refusals counted in another."""
BYSTANDER = "203.0.113.9"
BODY_BYTES = 63 * 1024
BOUNDARY = "x"


def multipart_body() -> bytes:
    part = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="preset"\r\n\r\npagat\r\n'
    return (part * (BODY_BYTES // len(part))).encode() + f"--{BOUNDARY}--\r\n".encode()


def many_fields_body() -> bytes:
    field = "f=1&"
    return (field * (BODY_BYTES // len(field))).encode()


CLICKS = "/games/0123456789abcdef0123456789abcdef/actions"
FLOODS: dict[str, tuple[str, bytes, str] | None] = {
    "quiet": None,
    "multipart": ("/rules", multipart_body(), f"multipart/form-data; boundary={BOUNDARY}"),
    "fields": ("/rules", many_fields_body(), "application/x-www-form-urlencoded"),
    "small": (CLICKS, b"version=x&action=healthy", "application/x-www-form-urlencoded"),
}


class Phase:
    """One phase's tallies, filled by many threads."""

    def __init__(self, seconds: float) -> None:
        self.stop = time.monotonic() + seconds
        self.loads: list[float] = []
        self.answers: Counter[int] = Counter()
        self.lock = threading.Lock()

    def running(self) -> bool:
        return time.monotonic() < self.stop


def attacker(base: str, phase: Phase, address: str, target: str, body: bytes, kind: str) -> None:
    headers = {"X-Forwarded-For": address, "Content-Type": kind}
    with httpx.Client(base_url=base, headers=headers, timeout=60) as client:
        while phase.running():
            status = client.post(target, content=body).status_code
            with phase.lock:
                phase.answers[status] += 1


def bystander(client: httpx.Client, table: str, phase: Phase) -> None:
    pages = (table, "/leaderboard")
    turn = 0
    while phase.running():
        began = time.monotonic()
        client.get(pages[turn % 2]).raise_for_status()
        with phase.lock:
            phase.loads.append((time.monotonic() - began) * 1000)
        turn += 1
        time.sleep(0.05)


def run_phase(base: str, table: str, name: str, args: argparse.Namespace) -> Phase:
    phase = Phase(args.seconds)
    flood = FLOODS[name]
    address = ATTACKERS.format(list(FLOODS).index(name) + 1)
    threads = []
    if flood is not None:
        threads = [
            threading.Thread(target=attacker, args=(base, phase, address, *flood))
            for _ in range(args.clients)
        ]
    headers = {"X-Forwarded-For": BYSTANDER}
    with httpx.Client(base_url=base, headers=headers, timeout=120) as client:
        client.cookies.update(args.cookies)
        for thread in threads:
            thread.start()
        bystander(client, table, phase)
    for thread in threads:
        thread.join()
    return phase


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python bench/forms.py",
        description=__doc__,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--clients", type=int, default=16, help="attacking connections")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each phase")
    args = parser.parse_args(argv)
    if args.clients < 1 or args.seconds <= 0:
        parser.error("--clients and --seconds must be positive")
    return args


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    with running_server(workers=1, rate_limits=True) as (base, log):
        with httpx.Client(base_url=base, headers={"X-Forwarded-For": BYSTANDER}) as client:
            table = client.post("/games").headers["location"]
            args.cookies = dict(client.cookies)
        phases = {name: run_phase(base, table, name, args) for name in FLOODS}
        failures = [line for line in log.read_text().splitlines() if " 50" in line]
    quiet = statistics.median(phases["quiet"].loads)
    print(f"clients: {args.clients} from one address a phase, {args.seconds:g} s a phase")
    print("phase      bystander p50 ms  p95 ms  p50 / quiet  attackers' answers")
    for name, phase in phases.items():
        p50, p95 = statistics.median(phase.loads), percentile(phase.loads, 0.95)
        answers = dict(sorted(phase.answers.items()))
        print(f"{name:<10} {p50:16.1f} {p95:7.1f} {p50 / quiet:12.1f}  {answers}")
    print(f"server_5xx_lines: {len(failures)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
