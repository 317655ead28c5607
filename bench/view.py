"""Time of `view_of`, the view a bot decides from, on one core.

Usage: python bench/view.py [--deals 200] [--rounds 5] [--rules pagat]

The positions are every moment of random legal hands (mostly healthy reservations, now and
then an announcement), viewed from all four seats. Prints the mean, median and p95 of one
`view_of` call in microseconds, the best of `--rounds` rounds. Engine only, so it also runs
against an older engine (to compare before and after a change).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as `python bench/view.py`: this folder would shadow the `engine` package.
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine import Act, Hand, Phase, RuleSet, deal, view_of  # noqa: E402
from engine.rollout import random_card  # noqa: E402


def positions(rules: RuleSet, deals: int) -> list[tuple[Hand, int]]:
    """Copies of random hands at every moment, with each seat."""
    rng = random.Random(2026)
    found = []
    for number in range(deals):
        dealt = deal(f"view-bench-{number}", 0, 0, rules.without_nines)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        while not hand.is_over:
            found += [(hand.copy(), seat) for seat in range(4)]
            seat = hand.to_act
            assert seat is not None
            actions = hand.legal_actions(seat)
            if hand.phase is Phase.PLAY:
                calls = [a for a in actions if a.act is Act.ANNOUNCE]
                if calls and rng.random() < 0.05:
                    hand.apply(rng.choice(calls))
                else:
                    hand.play(seat, random_card(hand, rng))
            else:
                healthy = [a for a in actions if a.act is Act.HEALTHY]
                hand.apply(healthy[0] if healthy else rng.choice(actions))
    return found


def timed(found: list[tuple[Hand, int]]) -> list[float]:
    """Microseconds per call, one per position."""
    times = []
    for hand, seat in found:
        began = time.perf_counter()
        view_of(hand, seat)
        times.append((time.perf_counter() - began) * 1e6)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--rules", default="pagat", help="a rule-set key")
    args = parser.parse_args()
    rules = RuleSet.from_key(args.rules)
    found = positions(rules, args.deals)
    rounds = [sorted(timed(found)) for _ in range(args.rounds)]
    best = min(rounds, key=statistics.fmean)
    p95 = best[int(0.95 * len(best))]
    print(f"rules: {rules.key}, positions: {len(found)}, rounds: {args.rounds}")
    print(
        f"view_of_us: mean {statistics.fmean(best):.1f}, "
        f"median {statistics.median(best):.1f}, p95 {p95:.1f}"
    )


if __name__ == "__main__":
    main()
