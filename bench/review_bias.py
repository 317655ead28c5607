"""Does a review charge a strong player for noise? Seat 0 is played by a search bot, its
decisions are reviewed both ways, and the mean loss per hand is printed with its standard
error.

Usage: python bench/review_bias.py [--bot search-v3] [--hands 20] [--worlds 40] [--seed review]

- same worlds (the old way): every action valued on one set of worlds, the best one's value
  less the chosen one's (never below 0);
- verdict (`bots.search.verdict`): the best chosen on one set, its advantage over the chosen
  action measured on another.

The other seats are `heuristic-v1` (the review does not depend on them). Forced decisions
cost nothing either way and are skipped.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bots.registry import bot_named  # noqa: E402
from bots.search.bot import SearchBot  # noqa: E402
from bots.search.evaluate import evaluate  # noqa: E402
from bots.search.verdict import verdict  # noqa: E402
from engine import PAGAT, Action, Hand, SeatView, deal, view_of  # noqa: E402


def decisions(bot_id: str, hands: int, seed: str) -> list[list[tuple[SeatView, Action]]]:
    """Per hand, seat 0's unforced decisions with the action it took."""
    tested, model = bot_named(bot_id), bot_named("heuristic-v1")
    played = []
    for number in range(hands):
        dealt = deal(f"{seed}-{number}", number % 4, 0)
        hand = Hand(PAGAT, dealt.hands, dealt.dealer)
        moments = []
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = view_of(hand, seat)
            action = (tested if seat == 0 else model).choose(view, random.Random(number))
            if seat == 0 and len(view.legal) > 1:
                moments.append((view, action))
            hand.apply(action)
        played.append(moments)
    return played


def same_worlds_loss(view: SeatView, chosen: Action, rng: random.Random, bot: SearchBot) -> float:
    values = evaluate(view, rng, bot.budget)
    mine = next(v.expected for v in values if v.action == chosen)
    return max(0.0, values[0].expected - mine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="search-v3")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--worlds", type=int, default=40)
    parser.add_argument("--seed", default="review")
    args = parser.parse_args()
    bot = bot_named(args.bot, args.worlds)
    assert isinstance(bot, SearchBot)
    old, new, mistakes, counted = [], [], 0, 0
    for number, moments in enumerate(decisions(args.bot, args.hands, args.seed)):
        rng = random.Random(f"{args.seed}/{number}")
        old.append(sum(same_worlds_loss(v, a, rng, bot) for v, a in moments))
        verdicts = [verdict(v, a, rng, bot.budget) for v, a in moments]
        new.append(sum(v.loss for v in verdicts))
        mistakes += sum(v.mistake for v in verdicts)
        counted += len(verdicts)
    for name, losses in (("same worlds", old), ("verdict", new)):
        error = statistics.stdev(losses) / math.sqrt(len(losses))
        print(f"{name}: mean loss per hand {statistics.fmean(losses):+.3f} ± {error:.3f} (SE)")
    print(f"decisions: {counted}, called mistakes by the verdict: {mistakes}")


if __name__ == "__main__":
    main()
