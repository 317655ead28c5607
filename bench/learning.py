"""How long a hint and a hand's review take: the figures issue 10 asks for.

Usage: python bench/learning.py [--hands 10] [--seed bench]

Plays `--hands` hands with `heuristic-v1` in every seat (one core, in this process), then
times, for seat 0: every hint it could have asked for (search-v1's choice plus its values, as
the table's Hint button computes them) and the whole review of each hand (every decision
weighed with the review's budget, and the reason for each better action found, as the
background worker computes them). Prints the details, then the key figures as the last
lines, `name: value`: hint_p50_ms, hint_p95_ms, review_median_s, review_max_s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=10, help="hands to time (default 10)")
    parser.add_argument("--seed", default="bench", help="seeds the deals (default bench)")
    args = parser.parse_args(argv)

    from app.learning.hints import hint_of
    from app.learning.review import human_moments
    from app.learning.review_jobs import weigh_by_search
    from bots.measures import percentile
    from bots.registry import bot_named
    from bots.table import play_out
    from engine import PAGAT, Hand, HandRecord, deal

    model = bot_named("heuristic-v1")
    hints: list[float] = []
    reviews: list[float] = []
    for number in range(args.hands):
        dealt = deal(f"{args.seed}/{number}", 0)
        hand = play_out(Hand(PAGAT, dealt.hands, dealt.dealer), [model] * 4, [random.Random(0)] * 4)
        record = HandRecord.of_hand(hand)
        moments = list(human_moments(record))
        for moment in moments:
            began = time.perf_counter()
            hint_of(moment.view, f"bench/{number}/{moment.index}")
            hints.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        for moment in moments:
            weigh_by_search(moment, f"bench/{number}")
        reviews.append(time.perf_counter() - began)
        print(
            f"hand {number + 1}: {hand.contract}, {len(moments)} decisions, "
            f"review {reviews[-1]:.2f} s",
            flush=True,
        )
    print(f"hint_p50_ms: {percentile(hints, 0.5):.0f}")
    print(f"hint_p95_ms: {percentile(hints, 0.95):.0f}")
    print(f"review_median_s: {statistics.median(reviews):.2f}")
    print(f"review_max_s: {max(reviews):.2f}")
    return 0


if __name__ == "__main__":
    if __package__ in (None, ""):
        sys.path[0] = str(ROOT)
    sys.exit(main())
