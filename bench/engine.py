"""Random legal hands per second on one core: deal, reservations, play, scoring.

Usage: python bench/engine.py [--seconds 10] [--rules pagat]
Prints one line per one-second round, then the median as the last line:
`random_hands_per_s: N`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    # Run as `python bench/engine.py`: this folder would shadow the `engine` package.
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine import Hand, Phase, RuleSet, deal  # noqa: E402
from engine.rollout import random_playout  # noqa: E402


def play_one(rules: RuleSet, seed: str, rng: random.Random) -> None:
    dealt = deal(seed, 0, 0, rules.without_nines)
    hand = random_playout(Hand(rules, dealt.hands, dealt.dealer), rng)
    if hand.phase is Phase.DONE:
        hand.result()


def round_rate(rules: RuleSet, rng: random.Random, start: int, seconds: float) -> tuple[float, int]:
    """Hands per second over one timed round; returns the rate and hands played."""
    played = 0
    began = time.perf_counter()
    while (elapsed := time.perf_counter() - began) < seconds:
        play_one(rules, f"bench-{start + played}", rng)
        played += 1
    return played / elapsed, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--rules", default="pagat", help="a rule-set key")
    args = parser.parse_args()
    rules = RuleSet.from_key(args.rules)
    rng = random.Random(2026)
    rates, total = [], 0
    for number in range(args.seconds):
        rate, played = round_rate(rules, rng, total, 1.0)
        total += played
        rates.append(rate)
        print(f"round {number + 1}: {rate:.0f} hands/s")
    print(f"rules: {rules.key}, hands: {total}")
    print(f"random_hands_per_s: {statistics.median(rates):.0f}")


if __name__ == "__main__":
    main()
