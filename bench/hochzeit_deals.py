"""search-v3 against search-v2 on deals where a Hochzeit is declared, duplicate format.

Usage: python bench/hochzeit_deals.py [--bot search-v3] [--vs search-v2] [--deals 16]
                                      [--seed final] [--rules pagat]

The arena's deals (`bots.arena`, the same seed and numbering) are scanned in order and those
where `heuristic-v1` in every seat ends the reservations in a Hochzeit are kept, `--deals` of
them (on the seed `final` in pagat: 16 of the first 100). Each is played four times by
`bots.arena.play_deal`, the tested bot in each seat in turn; the bots decide their own
reservations, so a few rotations may end in another contract. Prints the deal numbers, then
the mean game points per hand of the tested bot with a 95 % confidence interval over the
deals, and the same split by whether the tested seat declared the Hochzeit.

The Hochzeit deals are a sixth of the arena's but held half of search-v3's loss against
search-v2 (issue 27, `bench/RESULTS.md`): this plays only them, four to six times cheaper
than an arena with as many Hochzeits.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.paired_arena import interval  # noqa: E402
from bots.arena import Match, Tally, count_hand, dealt_hand, play_rotation  # noqa: E402
from bots.heuristic.bot import HeuristicBot  # noqa: E402
from bots.registry import bot_named  # noqa: E402
from engine import Contract, Phase, RuleSet, view_of  # noqa: E402

MODEL = HeuristicBot()
HOCHZEITS = (Contract.HOCHZEIT, Contract.HOCHZEIT_SOLO)
SCANNED = 2000
"""Deals looked at, at most, for the Hochzeits asked for."""


def hochzeit_deals(match: Match, count: int) -> list[int]:
    """The numbers of the first `count` deals of the match that end their reservations in a
    Hochzeit under `heuristic-v1` (the first hand of a deal, as the arena deals it)."""
    found = []
    for number in range(SCANNED):
        hand = dealt_hand(match, number, 0)
        while hand.phase not in (Phase.PLAY, Phase.DONE, Phase.REDEAL):
            seat = hand.to_act
            assert seat is not None
            hand.apply(MODEL.choose(view_of(hand, seat), random.Random(number)))
        if hand.contract is Contract.HOCHZEIT:
            found.append(number)
            if len(found) == count:
                break
    return found


def _declarers(match: Match, numbers: list[int]) -> list[float]:
    """The declarer's score in each deal played by the other bot in every seat: what the
    split below is to be read against (the four seats' scores add up to 0)."""
    alone = Match(match.other, match.other, match.rules, match.seed)
    scores = []
    for number in numbers:
        hand = play_rotation(alone, number, 0, Tally())[-1]
        if hand.declarer is not None and hand.contract in HOCHZEITS:
            scores.append(float(hand.result().scores[hand.declarer]))
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="search-v3")
    parser.add_argument("--vs", default="search-v2")
    parser.add_argument("--deals", type=int, default=16)
    parser.add_argument("--seed", default="final")
    parser.add_argument("--rules", default="pagat")
    args = parser.parse_args(argv)
    rules = RuleSet.from_key(args.rules)
    match = Match(bot_named(args.bot), bot_named(args.vs), rules, args.seed)
    numbers = hochzeit_deals(match, args.deals)
    print(f"Hochzeit deals of seed {args.seed!r} ({args.rules}): {numbers}")
    deal_means: list[float] = []
    declaring: list[float] = []
    beside: list[float] = []
    tally = Tally()
    for number in numbers:
        scores = []
        for seat in range(4):
            hand = play_rotation(match, number, seat, tally)[-1]
            score = count_hand(hand, seat, tally)
            scores.append(score)
            if hand.contract in HOCHZEITS:
                (declaring if hand.declarer == seat else beside).append(score)
        deal_means.append(statistics.fmean(scores))
        print(f"deal {number}: {scores}", flush=True)
    print(f"{args.bot} vs {args.vs}, mean per hand: {interval(deal_means)}")
    alone = interval(_declarers(match, numbers))
    print(f"  declarer's score when {args.vs} plays every seat: {alone}")
    print(f"  declaring the Hochzeit, per hand: {interval(declaring)}")
    print(f"  beside or against it, per hand: {interval(beside)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
