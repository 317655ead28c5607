"""Simulated players against a live server: response times per human action under load.

Usage: python bench/web.py [--players 50] [--games 1] [--hands 2] [--workers 1]
                           [--max-seconds 120] [--rules pagat] [--think-ms 0] [--seed 2026]
                           [--strong 0] [--database sqlite|postgres] [--arrival-s 0]
                           [--rate-limits off|on] [--reconnect]

Starts `python -m app.operations.serve` on a free loopback port (a fresh migrated database: an
SQLite file in a temporary folder, or with --database postgres a throwaway PostgreSQL server; bot
delay 0, a fixed secret, rate limits off unless --rate-limits on), then lets N players play
whole games at once, each in its own thread with its own httpx client and cookies, as fast as the
server answers (or after a think time per click, with --think-ms).
A player sets the rules (POST /rules with the hands per game and the level: `strong` for the
first --strong players, `normal` for the others), loads the table page and its
assets like a browser, then clicks random controls among the page's `data-action` ones with
`HX-Request: true` until the game is over (Armut picks: three random `data-card` cards; when
refused with 422, the trumps first). With --reconnect each request asks the server to close
its connection, so the next may reach another worker process, which has not kept the game's
table and must rebuild it. Only 127.0.0.1 is contacted.

Prints the times per action kind, then the key figures as the last lines, `name: value`:
p50_ms, p95_ms (client-observed, per human action: POST .../actions and .../next),
actions_per_s, errors (5xx, connection errors, unexpected 4xx), players, first_load_bytes
(the table page plus its CSS, JS and the files the CSS points to, as transferred). When the
server sends `Server-Timing`, server_p50_ms and server_p95_ms come just before them. A 4xx the
bench provoked itself (a refused Armut pick) is counted as bench_refused, not as an error.
With --strong, the figures of each level's players follow as `normal_p95_ms` and
`strong_p95_ms` (does one player's searching make the others wait?).
The exit status is 1 when there were errors or the time ran out.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __package__ in (None, ""):
    # Run as `python bench/web.py`: this folder would shadow the `engine` package.
    sys.path[0] = str(ROOT)

from bench.web_player import REQUEST_TIMEOUT_S, Player, Sample, Tally, human_actions  # noqa: E402
from bench.web_server import running_server  # noqa: E402
from bots.measures import percentile  # noqa: E402

# ---------------------------------------------------------------------------------------------
# The run


@dataclass
class Outcome:
    tallies: list[Tally]
    seconds: float
    timed_out: bool


def run_players(base: str, args: argparse.Namespace) -> Outcome:
    deadline = time.monotonic() + args.max_seconds
    players = [Player(base, args, number, deadline) for number in range(args.players)]
    start = threading.Barrier(args.players + 1)
    threads = [
        threading.Thread(target=player.run, args=(start,), daemon=True) for player in players
    ]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    hard_stop = deadline + REQUEST_TIMEOUT_S
    for thread in threads:
        thread.join(timeout=max(0.0, hard_stop - time.monotonic()))
    seconds = time.perf_counter() - began
    timed_out = time.monotonic() >= deadline or any(thread.is_alive() for thread in threads)
    return Outcome([player.tally for player in players], seconds, timed_out)


def report(outcome: Outcome, args: argparse.Namespace, log: Path) -> int:
    """Prints the details, then the key figures as the last lines; returns the exit status."""
    samples = [sample for tally in outcome.tallies for sample in tally.samples]
    errors = [error for tally in outcome.tallies for error in tally.errors]
    actions = human_actions(samples)
    print(
        f"workers: {args.workers}, database: {args.database}, rules: {args.rules}, "
        f"hands per game: {args.hands}"
    )
    stopped = " (stopped by --max-seconds)" if outcome.timed_out else ""
    print(f"seconds: {outcome.seconds:.1f}{stopped}, think time: {args.think_ms} ms")
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(
        f"bench client CPU: {usage.ru_utime + usage.ru_stime:.1f} s "
        f"(it shares the machine's {os.cpu_count()} CPUs with the server)"
    )
    games = sum(tally.games_done for tally in outcome.tallies)
    print(f"games_finished: {games} of {args.players * args.games}")
    print(f"requests: {len(samples)}, human actions: {len(actions)}")
    for kind in sorted({sample.kind for sample in samples}):
        print(kind_line(kind, [sample for sample in samples if sample.kind == kind]))
    print(f"bench_refused: {sum(tally.refused for tally in outcome.tallies)}")
    outside = sorted({url for tally in outcome.tallies for url in tally.outside_urls})
    if outside:
        print(f"assets on other hosts (not fetched): {', '.join(outside)}")
    loads = [tally for tally in outcome.tallies if tally.first_load_bytes is not None]
    if loads:
        print(f"first_load_uncompressed_bytes: {loads[0].first_load_raw_bytes}")
    for error in errors[:10]:
        print(f"error: {error}")
    if errors:
        print("server log (last lines):")
        print("\n".join(log.read_text(errors="replace").splitlines()[-30:]))
    client = [sample.client_ms for sample in actions]
    server = [sample.server_ms for sample in actions if sample.server_ms is not None]
    if server and len(server) == len(actions):
        print(f"server_p50_ms: {percentile(server, 0.50):.1f}")
        print(f"server_p95_ms: {percentile(server, 0.95):.1f}")
    print(f"p50_ms: {percentile(client, 0.50):.1f}" if client else "p50_ms: nan")
    print(f"p95_ms: {percentile(client, 0.95):.1f}" if client else "p95_ms: nan")
    if args.strong:
        for level in ("normal", "strong"):
            own = [s.client_ms for s in actions if s.level == level]
            print(f"{level}_p95_ms: {percentile(own, 0.95):.1f}" if own else f"{level}_p95_ms: nan")
    print(f"actions_per_s: {len(actions) / outcome.seconds:.1f}")
    print(f"errors: {len(errors)}")
    print(f"players: {args.players}")
    print(f"first_load_bytes: {loads[0].first_load_bytes if loads else 'nan'}")
    return 1 if errors or outcome.timed_out else 0


def kind_line(kind: str, samples: list[Sample]) -> str:
    client = [sample.client_ms for sample in samples]
    line = (
        f"  {kind:<16} n={len(samples):<6} p50 {percentile(client, 0.5):7.1f} ms"
        f"  p95 {percentile(client, 0.95):7.1f} ms  max {max(client):7.1f} ms"
    )
    server = [sample.server_ms for sample in samples if sample.server_ms is not None]
    if server:
        line += f"  (server p50 {percentile(server, 0.5):.1f}, p95 {percentile(server, 0.95):.1f})"
    return line


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--games", type=int, default=1, help="games per player")
    parser.add_argument("--hands", type=int, default=2, help="hands per game")
    parser.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    parser.add_argument("--max-seconds", type=float, default=120.0)
    parser.add_argument("--rules", default="pagat", help="a preset: pagat or ddv")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="mean pause before each click (default 0)"
    )
    parser.add_argument("--seed", default="2026", help="seeds the players' random choices")
    parser.add_argument(
        "--arrival-s",
        type=float,
        default=0.0,
        help="players arrive at random within this many seconds (default 0: all at once)",
    )
    parser.add_argument(
        "--strong", type=int, default=0, help="players who pick strong opponents (default 0)"
    )
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgres"),
        default="sqlite",
        help="an SQLite file, or a throwaway PostgreSQL from Debian's binaries (default sqlite)",
    )
    parser.add_argument(
        "--reconnect",
        action="store_true",
        help="each request on a new connection, so it may reach any worker process (as behind "
        "a proxy that spreads requests, or after a pause longer than the keep-alive)",
    )
    parser.add_argument(
        "--rate-limits",
        choices=("on", "off"),
        default="off",
        help="count the rate limits as in production (default off: players that do not "
        "pause click faster than a person may)",
    )
    args = parser.parse_args(argv)
    if min(args.players, args.games, args.hands, args.workers) < 1:
        parser.error("players, games, hands and workers must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    with running_server(args.workers, args.database, args.rate_limits == "on") as (base, log):
        print(f"server: {base}, players: {args.players} x {args.games} game(s)", flush=True)
        outcome = run_players(base, args)
        status = report(outcome, args, log)
    return status


if __name__ == "__main__":
    sys.exit(main())
