"""The largest number of paced players one server holds.

Usage: python bench/capacity.py [--database sqlite|postgres] [--workers 1] [--think-ms 2000]
                                [--start 50] [--step 50] [--most 600] [--target-p95-ms 50]
                                [--hands 2] [--arrival-s 10] [--rate-limits on|off]

Starts the game once as `bench/web.py` does (`python -m app.operations.serve` on a fresh database,
bot delay 0), with the rate limits counted as in production (each player clicks from an address
of its own, behind a trusted proxy; `--rate-limits off` leaves them out), then plays rounds
of players against it, more players each round (`--start`, then `--step` more, up to
`--most`). In a round every player arrives at a random moment within `--arrival-s` seconds,
plays `--hands` hands with a think time of about `--think-ms` before each click (uniform
between half and one and a half times it), and stops. A round holds when the players' p95
per action (POST .../actions and .../next, as the client sees it) is within
`--target-p95-ms` and nothing failed (no 5xx, no connection error, no unexpected 4xx). The
ramp ends at the first round that does not hold.

Prints one line per round, then `players_held: N` (the largest round that held, 0 if none).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Round:
    players: int
    p50_ms: float
    p95_ms: float
    server_p50_ms: float
    server_p95_ms: float
    actions_per_s: float
    errors: int

    def holds(self, target_p95_ms: float) -> bool:
        return self.errors == 0 and self.p95_ms <= target_p95_ms

    def line(self, target_p95_ms: float) -> str:
        verdict = "holds" if self.holds(target_p95_ms) else "does not hold"
        return (
            f"players {self.players:>4}: p50 {self.p50_ms:6.1f} ms, p95 {self.p95_ms:6.1f} ms, "
            f"server p50 {self.server_p50_ms:5.1f} ms, p95 {self.server_p95_ms:6.1f} ms, "
            f"{self.actions_per_s:6.1f} actions/s, errors {self.errors}: {verdict}"
        )


def play_round(base: str, args: argparse.Namespace, players: int) -> Round:
    from bench import web
    from bench.web_player import human_actions
    from bots.measures import percentile

    options = web.arguments(
        [
            *("--players", str(players), "--hands", str(args.hands)),
            *("--think-ms", str(args.think_ms), "--arrival-s", str(args.arrival_s)),
            *("--seed", f"capacity-{players}", "--max-seconds", str(args.max_seconds)),
        ]
    )
    outcome = web.run_players(base, options)
    samples = [sample for tally in outcome.tallies for sample in tally.samples]
    actions = human_actions(samples)
    client = [sample.client_ms for sample in actions]
    server = [sample.server_ms for sample in actions if sample.server_ms is not None]
    errors = sum(len(tally.errors) for tally in outcome.tallies) + outcome.timed_out
    return Round(
        players=players,
        p50_ms=percentile(client, 0.50),
        p95_ms=percentile(client, 0.95),
        server_p50_ms=percentile(server, 0.50) if server else float("nan"),
        server_p95_ms=percentile(server, 0.95) if server else float("nan"),
        actions_per_s=len(actions) / outcome.seconds,
        errors=errors,
    )


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument("--think-ms", type=float, default=2000.0)
    parser.add_argument("--start", type=int, default=50, help="players in the first round")
    parser.add_argument("--step", type=int, default=50, help="players added each round")
    parser.add_argument("--most", type=int, default=600, help="players in the last round")
    parser.add_argument("--target-p95-ms", type=float, default=50.0)
    parser.add_argument("--hands", type=int, default=2, help="hands each player plays")
    parser.add_argument("--arrival-s", type=float, default=10.0)
    parser.add_argument("--max-seconds", type=float, default=300.0, help="per round")
    parser.add_argument("--rate-limits", choices=("on", "off"), default="on")
    args = parser.parse_args(argv)
    if min(args.workers, args.start, args.step, args.most, args.hands) < 1:
        parser.error("workers, start, step, most and hands must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    from bench.web_server import running_server

    held = 0
    rate_limits = args.rate_limits == "on"
    with running_server(args.workers, args.database, rate_limits) as (base, _):
        print(
            f"server: {base}, database: {args.database}, workers: {args.workers}, "
            f"think time: {args.think_ms:.0f} ms, target p95: {args.target_p95_ms:.0f} ms, "
            f"rate limits: {args.rate_limits}",
            flush=True,
        )
        for players in range(args.start, args.most + 1, args.step):
            result = play_round(base, args, players)
            print(result.line(args.target_p95_ms), flush=True)
            if not result.holds(args.target_p95_ms):
                break
            held = players
    print(f"players_held: {held}")
    return 0


if __name__ == "__main__":
    if __package__ in (None, ""):
        # Run as `python bench/capacity.py`: this folder would shadow the `engine` package.
        sys.path[0] = str(ROOT)
    sys.exit(main())
