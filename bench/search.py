"""What a search bot costs on one core: its parts and its decisions.

Usage: python bench/search.py [--bot search-v2] [--hands 12] [--rules pagat] [--budget N]
                              [--vs search-v2]

The positions are the tested seat's moments in hands where the bot plays seat 0 against
heuristic-v1. Prints, in this order: a world sampled and rebuilt into a hand (µs), a play-out
by the policy from the first card (µs), an exact solve of the last three tricks (ms), and the
decisions by phase: how many, the mean and p95 in milliseconds, forced ones included (as the
arena counts them), and the last line `decision_ms: mean M, p95 P`. With `--vs`, both bots
decide every position in turn (on a shared machine the load then weighs on both alike) and the
ratios of their mean and p95 times are printed instead of the parts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

if __package__ in (None, ""):
    # Run as `python bench/search.py`: this folder would shadow the `engine` package.
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bots.registry import bot_named  # noqa: E402
from bots.search.constraints import constraints_of  # noqa: E402
from bots.search.policy import policy_card  # noqa: E402
from bots.search.sampling import hidden_of_world, sample_world  # noqa: E402
from bots.search.solver import EndgameSolver  # noqa: E402
from engine import Hand, Phase, RuleSet, SeatView, deal, hand_from_view, play_out, view_of  # noqa: E402


def played(
    bot_id: str, rules: RuleSet, hands: int, budget: int | None
) -> list[tuple[Hand, SeatView]]:
    """Every moment of seat 0 (the bot) in `hands` hands against heuristic-v1."""
    search, model = bot_named(bot_id, budget), bot_named("heuristic-v1")
    moments = []
    for number in range(hands):
        dealt = deal(f"search-bench-{number}", number % 4, 0, rules.without_nines)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = view_of(hand, seat)
            if seat == 0:
                moments.append((hand.copy(), view))
            bot = search if seat == 0 else model
            hand.apply(bot.choose(view, random.Random(number)))
    return moments


def micros(calls: Sequence[Callable[[], object]]) -> float:
    began = time.perf_counter()
    for call in calls:
        call()
    return (time.perf_counter() - began) / len(calls) * 1e6


def parts(moments: list[tuple[Hand, SeatView]]) -> None:
    views = [view for _, view in moments if view.phase is Phase.PLAY]
    rng = random.Random(0)

    def world(view: SeatView) -> Callable[[], object]:
        constraints = constraints_of(view)
        return lambda: hand_from_view(
            view, hidden_of_world(view, sample_world(view, constraints, rng)), checked=False
        )

    print(f"world sampled and rebuilt: {micros([world(view) for view in views]):.0f} us")
    first = [hand for hand, view in moments if view.phase is Phase.PLAY and not hand.tricks]
    playouts = [lambda hand=hand: play_out(hand, policy_card) for hand in first]
    print(f"play-out from the first card: {micros(playouts):.0f} us")
    late = [
        hand
        for hand, _ in moments
        if hand.phase is Phase.PLAY and hand.tricks_per_hand - len(hand.tricks) == 3
    ]
    solves = [lambda hand=hand: EndgameSolver(hand, 0).values() for hand in late]
    print(f"exact solve, three tricks left: {micros(solves) / 1000:.1f} ms")


def decisions(bot_id: str, moments: list[tuple[Hand, SeatView]], budget: int | None) -> None:
    bot = bot_named(bot_id, budget)
    by_phase: dict[str, list[float]] = defaultdict(list)
    for number, (_, view) in enumerate(moments):
        began = time.perf_counter()
        bot.choose(view, random.Random(number))
        by_phase[view.phase.value].append((time.perf_counter() - began) * 1000)
    everything = sorted(t for times in by_phase.values() for t in times)
    for phase, times in sorted(by_phase.items()):
        times.sort()
        print(
            f"{phase}: {len(times)} decisions, mean {statistics.fmean(times):.1f} ms, "
            f"p95 {times[int(0.95 * len(times))]:.1f} ms"
        )
    p95 = everything[int(0.95 * len(everything))]
    print(f"decision_ms: mean {statistics.fmean(everything):.1f}, p95 {p95:.1f}")


def interleaved(bot_id: str, other_id: str, moments: list[tuple[Hand, SeatView]]) -> None:
    """Both bots' decision times on the same positions, one after the other per position."""
    bots = {bot_id: bot_named(bot_id), other_id: bot_named(other_id)}
    times: dict[str, list[float]] = {bot_id: [], other_id: []}
    for number, (_, view) in enumerate(moments):
        order = list(bots) if number % 2 == 0 else list(reversed(bots))
        for name in order:
            began = time.perf_counter()
            bots[name].choose(view, random.Random(number))
            times[name].append((time.perf_counter() - began) * 1000)
    for name, spent in times.items():
        spent.sort()
        print(f"{name}: mean {statistics.fmean(spent):.1f} ms, p95 {_p95(spent):.1f} ms")
    mean = statistics.fmean(times[bot_id]) / statistics.fmean(times[other_id])
    p95 = _p95(times[bot_id]) / _p95(times[other_id])
    print(f"ratio {bot_id}/{other_id}: mean {mean:.2f}, p95 {p95:.2f}")


def _p95(times: list[float]) -> float:
    return times[int(0.95 * len(times))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bot", default="search-v2", help="a search bot's id")
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--rules", default="pagat", help="a rule-set key")
    parser.add_argument("--budget", type=int, help="worlds per decision (default: the bot's)")
    parser.add_argument("--vs", help="another bot timed on the same positions, interleaved")
    args = parser.parse_args()
    rules = RuleSet.from_key(args.rules)
    moments = played(args.bot, rules, args.hands, args.budget)
    print(f"rules: {rules.key}, hands: {args.hands}, decisions of seat 0: {len(moments)}")
    if args.vs:
        interleaved(args.bot, args.vs, moments)
        return
    parts(moments)
    decisions(args.bot, moments, args.budget)


if __name__ == "__main__":
    main()
