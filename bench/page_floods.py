"""`python bench/page_floods.py`: pages asked for as fast as the server answers, from one
address, each within the count limits, and what another player sees meanwhile.

Starts `python -m app.operations.serve` as `bench/forms.py` does (a fresh database, the rate
limits on, so each address has its share of the server's time). A bystander from another
address loads its own table and the day's board in turn, every 50 ms, through every phase of
--seconds:

- quiet: nobody else;
- how-to-play: --clients threads ask for How to play, without a cookie;
- table: the same threads ask for the flooder's own table, with its cookie;
- history: the flooder's history page, with its cookie;
- static: a static file (the stylesheet), without a cookie;
- not-found: a page that does not exist (404), without a cookie.

Prints, per phase, the bystander's median and 95th percentile load time, their ratio to the
quiet phase's (the machine's speed cancels out) and the flood's answers by status. Only
127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import threading
from pathlib import Path

import httpx

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.forms import BYSTANDER, Phase, bystander
from bench.web_server import running_server
from bots.measures import percentile

FLOODER = "198.51.100.77"


def flooder(base: str, phase: Phase, target: str, cookies: dict[str, str]) -> None:
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": FLOODER}, timeout=60) as client:
        client.cookies.update(cookies)
        while phase.running():
            status = client.get(target).status_code
            with phase.lock:
                phase.answers[status] += 1


def flooders_game(base: str) -> tuple[str, dict[str, str]]:
    """The flooder's own game and its cookies (started from an address of its own, so the
    flooder's share starts full)."""
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": "198.51.100.78"}) as client:
        return client.post("/games").headers["location"], dict(client.cookies)


def stylesheet(base: str) -> str:
    """The stylesheet's address, as the home page names it (with its hash)."""
    home = httpx.get(base + "/", headers={"X-Forwarded-For": "198.51.100.79"}).text
    found = re.search(r'href="(/static/css/[^"]+)"', home)
    assert found is not None, "the home page names its stylesheet"
    return found.group(1)


def run_phase(
    base: str, table: str, flood: tuple[str, dict[str, str]] | None, args: argparse.Namespace
) -> Phase:
    """A phase of --seconds; `flood`: the page the flooder asks for, and its cookies."""
    phase = Phase(args.seconds)
    threads = (
        []
        if flood is None
        else [
            threading.Thread(target=flooder, args=(base, phase, *flood))
            for _ in range(args.clients)
        ]
    )
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": BYSTANDER}, timeout=120) as client:
        client.cookies.update(args.cookies)
        for thread in threads:
            thread.start()
        bystander(client, table, phase)
    for thread in threads:
        thread.join()
    return phase


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python bench/page_floods.py",
        description=__doc__,
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument("--clients", type=int, default=8, help="flooding connections")
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
        flooded, cookies = flooders_game(base)
        floods: dict[str, tuple[str, dict[str, str]] | None] = {
            "quiet": None,
            "how-to-play": ("/how-to-play", {}),
            "table": (flooded, cookies),
            "history": ("/history", cookies),
            "static": (stylesheet(base), {}),
            "not-found": ("/no/such/page", {}),
        }
        phases = {name: run_phase(base, table, flood, args) for name, flood in floods.items()}
        failures = [line for line in log.read_text().splitlines() if " 50" in line]
    quiet = statistics.median(phases["quiet"].loads)
    print(f"clients: {args.clients} from one address, {args.seconds:g} s a phase")
    print("phase        bystander p50 ms  p95 ms  p50 / quiet  the flood's answers")
    for name, phase in phases.items():
        p50, p95 = statistics.median(phase.loads), percentile(phase.loads, 0.95)
        answers = dict(sorted(phase.answers.items()))
        print(f"{name:<12} {p50:16.1f} {p95:7.1f} {p50 / quiet:12.1f}  {answers}")
    print(f"server_5xx_lines: {len(failures)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
