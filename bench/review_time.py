"""How long a whole hand's review takes with the split measure, against the same-worlds review
it replaced, hand by hand in turn in one process (their ratio holds on a loaded machine).

Usage: python bench/review_time.py [--hands 10] [--seed bench]

Plays `--hands` hands with `heuristic-v1` in every seat and reviews seat 0's decisions twice,
in alternating order: as the app does now (`app.learning.review_jobs.weigh_by_search`: the
best picked on one set of worlds, the loss measured on another, the reason from the second)
and as it did before (every action valued on one set of worlds, the best less the chosen,
the reason from the same worlds). Prints each hand's times, then the medians of the wall and
the CPU time per review and the ratio of the medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from app.learning.review import TIE, Moment, human_moments  # noqa: E402
from app.learning.review_jobs import review_evaluation, weigh_by_search  # noqa: E402
from bots.registry import bot_named  # noqa: E402
from bots.search.contrast import contrast  # noqa: E402
from bots.search.evaluate import Sampled  # noqa: E402
from bots.table import play_out  # noqa: E402
from engine import PAGAT, Hand, HandRecord, deal  # noqa: E402


def same_worlds(moment: Moment, seed: str) -> float:
    """The review before: one evaluation of every action, the reason when something was lost."""
    if len(moment.view.legal) == 1:
        return 0.0
    chosen = moment.chosen
    sampled = Sampled(keep=chosen.card.index if chosen.card is not None else None)
    rng = random.Random(f"{seed}/review/{moment.index}")
    values = review_evaluation(moment.view, rng, chosen, None, sampled)
    best = max(values, key=lambda v: v.value.expected).value
    mine = next(v.value for v in values if v.value.action == chosen)
    loss = best.expected - mine.expected
    if loss >= TIE:
        reason_rng = random.Random(f"{seed}/reason/{moment.index}")
        contrast(moment.view, sampled, chosen, best.action, reason_rng)
    return loss if loss >= TIE else 0.0


def timed(
    review: Callable[[Moment, str], object], moments: list[Moment], seed: str
) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    for moment in moments:
        review(moment, seed)
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    model = bot_named("heuristic-v1")
    times: dict[str, list[tuple[float, float]]] = {"split": [], "same worlds": []}
    for number in range(args.hands):
        dealt = deal(f"{args.seed}/{number}", 0)
        hand = play_out(Hand(PAGAT, dealt.hands, dealt.dealer), [model] * 4, [random.Random(0)] * 4)
        moments = list(human_moments(HandRecord.of_hand(hand)))
        seed = f"bench/{number}"
        order: list[tuple[str, Callable[[Moment, str], object]]] = [
            ("split", weigh_by_search),
            ("same worlds", same_worlds),
        ]
        for name, review in order if number % 2 == 0 else order[::-1]:
            times[name].append(timed(review, moments, seed))
        split, same = times["split"][-1], times["same worlds"][-1]
        print(
            f"hand {number + 1}: {len(moments)} decisions, split {split[0]:.2f} s "
            f"(cpu {split[1]:.2f} s), same worlds {same[0]:.2f} s (cpu {same[1]:.2f} s)",
            flush=True,
        )
    medians = {
        name: (statistics.median(w for w, _ in pairs), statistics.median(c for _, c in pairs))
        for name, pairs in times.items()
    }
    for name, (wall, cpu) in medians.items():
        print(f"{name}: median {wall:.2f} s wall, {cpu:.2f} s cpu per review")
    ratios = [s[1] / o[1] for s, o in zip(times["split"], times["same worlds"], strict=True)]
    print(f"ratio split / same worlds (cpu, median of hands): {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
