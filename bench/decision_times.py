"""How long a bot thinks over every decision it made in arena records: the longest decision in
thousands of hands, without playing the other seats again.

Usage: python bench/decision_times.py RECORDS.jsonl [...] [--bot search-v3] [--workers 2]

Each file is the `--records` of a duplicate arena (`python -m bots.arena --bot B --vs O
--records FILE`, not self-play): per deal four rotations, the tested bot in seat 0, 1, 2, 3 in
turn. Every moment at which the tested seat had a choice is decided again by `--bot` from that
seat's view, its rng seeded by the moment (so a figure does not depend on the order or the
workers), and timed on the wall clock, as the arena times its decisions, and in CPU time, which
a busy machine inflates less. Forced moves are only counted: the arena's mean includes them at
no cost. Files are shared out among `--workers` processes: on a quiet machine with two cores,
two workers measure one core each.

Prints the decisions, the hands and the forced moves left out, the decisions' mean, p95 and
longest time (wall and CPU), and the slowest moments as `file deal seat step`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.paired_arena import deals_of  # noqa: E402
from bots.measures import percentile  # noqa: E402
from bots.registry import bot_named  # noqa: E402
from engine import view_of  # noqa: E402

SLOWEST = 5


@dataclass(frozen=True)
class Timed:
    wall_ms: float
    cpu_ms: float
    where: str
    """`file deal seat step`, to find the moment again."""


@dataclass(frozen=True)
class FileTimes:
    hands: int
    forced: int
    timings: list[Timed]


def timed_file(path: str, bot_id: str) -> FileTimes:
    """The hands in `path`, the tested seat's forced moves and its every other decision,
    timed."""
    bot = bot_named(bot_id)
    deals = deals_of(path)
    timings, forced = [], 0
    for number, deal in enumerate(deals):
        for seat, record in deal:
            hand = record.new_hand()
            for step, action in enumerate(record.actions):
                choices = len(hand.legal_actions(seat)) if action.seat == seat else 0
                forced += choices == 1
                if choices > 1:
                    view = view_of(hand, seat)
                    rng = random.Random(f"{number}/{seat}/{step}")
                    wall, cpu = time.perf_counter(), time.process_time()
                    bot.choose(view, rng)
                    timings.append(
                        Timed(
                            (time.perf_counter() - wall) * 1000,
                            (time.process_time() - cpu) * 1000,
                            f"{Path(path).name} {number} {seat} {step}",
                        )
                    )
                hand.apply(action)
    return FileTimes(4 * len(deals), forced, timings)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", nargs="+")
    parser.add_argument("--bot", default="search-v3")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(timed_file, args.records, [args.bot] * len(args.records)))
    timings = [timed for result in results for timed in result.timings]
    if not timings:
        raise SystemExit("no decisions of the tested seat in these records")
    hands, forced = sum(r.hands for r in results), sum(r.forced for r in results)
    print(f"{args.bot}: {len(timings)} decisions in {hands} hands ({forced} forced moves left out)")
    for label, values in (
        ("wall", [t.wall_ms for t in timings]),
        ("cpu", [t.cpu_ms for t in timings]),
    ):
        print(
            f"{label}: mean {statistics.fmean(values):.1f} ms, "
            f"p95 {percentile(values, 0.95):.1f} ms, longest {max(values):.1f} ms"
        )
    print("slowest (wall ms, cpu ms, file deal seat step):")
    for timed in sorted(timings, key=lambda t: t.wall_ms)[-SLOWEST:]:
        print(f"  {timed.wall_ms:.1f} {timed.cpu_ms:.1f} {timed.where}")


if __name__ == "__main__":
    main()
