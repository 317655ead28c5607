"""A search bot's arena and its variants solving more last tricks exactly, for the price of one.

Usage: python bench/forked_arena.py OUT_DIR [--bot search-v3] [--vs search-v2] [--deals 100]
                                    [--seed final] [--rules pagat] [--solver-tricks 4 ...]
                                    [--solver-worlds N] [--deviation D]

A budget's `solver_tricks` changes nothing before that many tricks are left: until then the
variant decides as the bot does and draws the same numbers from its rng. So each rotation of
the duplicate arena (`bots.arena`, the same seeds and order) is played once by the bot, and
at the first turn with `T` tricks left the hand and every seat's rng are copied and the rest
played again with the variant solving from `T` tricks (`--solver-worlds`: solving that many
worlds, the rest of the budget unchanged). The figures are those of `python -m bots.arena`
run with each variant, the bot's own included, at little more than one arena's cost.
`--deviation` sets `bots.search.evidence.DEVIATION` (how often a seat is believed to play
another card than `heuristic-v1`'s) for the whole run, the bot's own budget included.

Writes OUT_DIR/base.jsonl and OUT_DIR/solverT.jsonl as the arena's `--records` (compare
them deal by deal with `bench/paired_arena.py`) and prints each run's mean game points per
hand with a 95 % CI and the paired difference to the bot's own, deal by deal.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.paired_arena import interval  # noqa: E402
from bots.arena import Match, dealt_hand, rotation_bots, rotation_rngs, timed_turn  # noqa: E402
from bots.protocol import Bot  # noqa: E402
from bots.registry import bot_named  # noqa: E402
from bots.search import evidence  # noqa: E402
from bots.search.bot import SearchBot  # noqa: E402
from engine import Hand, HandRecord, Phase, RuleSet  # noqa: E402

Played = dict[int | None, list[Hand]]
"""Per variant's solver tricks (None: the bot's own budget), a rotation's hands."""


def variant(bot: Bot, tricks: int, worlds: int | None) -> SearchBot:
    if not isinstance(bot, SearchBot):
        raise SystemExit(f"{bot.id} is no search bot")
    budget = dataclasses.replace(
        bot.budget, solver_tricks=tricks, solver_worlds=worlds or bot.budget.solver_worlds
    )
    return dataclasses.replace(bot, budget=budget)


def turn(hand: Hand, bots: list[Bot], rngs: list[random.Random]) -> None:
    seat = hand.to_act
    assert seat is not None
    timed_turn(hand, bots[seat], rngs[seat], None)


def play_on(hand: Hand, bots: list[Bot], rngs: list[random.Random]) -> Hand:
    while not hand.is_over:
        turn(hand, bots, rngs)
    return hand


def rotation(match: Match, variants: dict[int, Bot], number: int, seat: int) -> Played:
    """`bots.arena.play_rotation` with the variants forked off at their tricks."""
    bots = rotation_bots(match, seat)
    rngs = rotation_rngs(match, number, seat)
    played: Played = {None: [], **{tricks: [] for tricks in variants}}
    for redeal in range(100):
        hand = dealt_hand(match, number, redeal)
        forked: set[int] = set()
        while not hand.is_over:
            left = hand.tricks_per_hand - len(hand.tricks)
            for tricks, other in variants.items():
                if hand.phase is Phase.PLAY and left <= tricks and tricks not in forked:
                    forked.add(tricks)
                    copies = [random.Random() for _ in rngs]
                    for copy, rng in zip(copies, rngs, strict=True):
                        copy.setstate(rng.getstate())
                    swapped = [other if s == seat else bots[s] for s in range(4)]
                    played[tricks].append(play_on(hand.copy(), swapped, copies))
            turn(hand, bots, rngs)
        for key, hands in played.items():
            if key is None or key not in forked:
                hands.append(hand)
        if hand.phase is Phase.DONE:
            return played
    raise RuntimeError("no hand after 100 redeals")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder for the records")
    parser.add_argument("--bot", default="search-v3")
    parser.add_argument("--vs", default="search-v2")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="final")
    parser.add_argument("--rules", default="pagat")
    parser.add_argument("--solver-tricks", type=int, nargs="+", default=[4])
    parser.add_argument("--solver-worlds", type=int, help="worlds solved by the variants")
    parser.add_argument("--deviation", type=float, help="the card-play evidence's DEVIATION")
    args = parser.parse_args(argv)
    if args.deviation is not None:
        evidence.DEVIATION = args.deviation
    tested = bot_named(args.bot)
    match = Match(tested, bot_named(args.vs), RuleSet.from_key(args.rules), args.seed)
    variants: dict[int, Bot] = {
        tricks: variant(tested, tricks, args.solver_worlds) for tricks in args.solver_tricks
    }
    names: dict[int | None, str] = {None: "base"}
    names.update({tricks: f"solver{tricks}" for tricks in variants})
    args.out.mkdir(parents=True, exist_ok=True)
    files = {
        key: (args.out / f"{name}.jsonl").open("w", encoding="utf-8") for key, name in names.items()
    }
    means: dict[int | None, list[float]] = {key: [] for key in names}
    for number in range(args.deals):
        scores: dict[int | None, list[float]] = {key: [] for key in names}
        for seat in range(4):
            for key, hands in rotation(match, variants, number, seat).items():
                scores[key].append(float(hands[-1].result().scores[seat]))
                for hand in hands:
                    files[key].write(json.dumps(HandRecord.of_hand(hand).to_json()) + "\n")
        for key, values in scores.items():
            means[key].append(sum(values) / 4)
            files[key].flush()
        shown = ", ".join(f"{names[key]} {means[key][-1]:+.2f}" for key in names)
        print(f"deal {number}: {shown}", flush=True)
    for file in files.values():
        file.close()
    for key, name in names.items():
        print(f"{name}: {interval(means[key])}")
        if key is not None:
            differences = [a - b for a, b in zip(means[key], means[None], strict=True)]
            changed = sum(abs(d) > 1e-9 for d in differences)
            print(f"{name} - base: {interval(differences)}, deals that differ: {changed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
