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

import re
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import httpx

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bystander import (
    Phase,
    bystanders_table,
    flood_arguments,
    print_phases,
    run_phase,
    server_5xx,
)
from bench.web_server import running_server

FLOODER = "198.51.100.77"


def flooder(base: str, target: str, cookies: dict[str, str], phase: Phase) -> None:
    with httpx.Client(base_url=base, headers={"X-Forwarded-For": FLOODER}, timeout=60) as client:
        client.cookies.update(cookies)
        while phase.running():
            phase.answered(client.get(target).status_code)


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


def main(argv: list[str] | None = None) -> int:
    args = flood_arguments(
        "python bench/page_floods.py", __doc__, argv, 8, 20.0, "flooding connections"
    )
    with running_server(workers=1, rate_limits=True) as (base, log):
        seen = bystanders_table(base)
        flooded, cookies = flooders_game(base)
        floods: dict[str, Callable[[Phase], None] | None] = {
            "quiet": None,
            "how-to-play": partial(flooder, base, "/how-to-play", {}),
            "table": partial(flooder, base, flooded, cookies),
            "history": partial(flooder, base, "/history", cookies),
            "static": partial(flooder, base, stylesheet(base), {}),
            "not-found": partial(flooder, base, "/no/such/page", {}),
        }
        phases = {
            name: run_phase(base, seen, args.seconds, args.clients, flood)
            for name, flood in floods.items()
        }
        failures = server_5xx(log)
    print(f"clients: {args.clients} from one address, {args.seconds:g} s a phase")
    print_phases(phases, "the flood's answers", failures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
