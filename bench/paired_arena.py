"""Arena runs on the same deals compared deal by deal, and how often seats play the model's card.

Usage: python bench/paired_arena.py BASE.jsonl [VARIANT.jsonl ...] [--model-share]

Each file is the `--records` of one duplicate arena (`python -m bots.arena --bot B --vs O
--records FILE`, not self-play): per deal four rotations, the tested bot in seat 0, 1, 2, 3 in
turn, each rotation's Armut redeals before its played hand. Prints per file the deals and the
tested bot's mean game points per hand with a 95 % CI over the deals (the arena's own figure),
then per variant the paired difference variant − base, deal by deal, with its 95 % CI and the
deals whose mean differs: two variants of one bot on the same seed share every deal and the
other bot's rng, so the pair is far less noisy than each against the other bot.

With `--model-share`, also the share of the other bot's cards (chosen from two or more) in the
first file that are `heuristic-v1`'s card from that seat's view, by contract: what
`bots.search.evidence.DEVIATION` models (the model's card with `1 - DEVIATION`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bots.heuristic.play import choose_card  # noqa: E402
from bots.knowledge import Knowledge  # noqa: E402
from bots.measures import interval95  # noqa: E402
from engine import Act, Contract, HandRecord, Team, record_from_json, view_of  # noqa: E402

Rotation = tuple[int, HandRecord]
"""The tested seat and the hand it played (the redeals before it left out)."""


def deals_of(path: str) -> list[list[Rotation]]:
    """The file's deals, each its four rotations in seat order."""
    with open(path, encoding="utf-8") as lines:
        records = [record_from_json(json.loads(line)) for line in lines if line.strip()]
    played = [record for record in records if not record.is_redeal]
    if len(played) % 4:
        raise SystemExit(f"{path}: {len(played)} played hands, not four per deal")
    return [
        [(seat, played[start + seat]) for seat in range(4)] for start in range(0, len(played), 4)
    ]


def deal_means(deals: list[list[Rotation]]) -> list[float]:
    return [
        statistics.fmean(record.replay().result().scores[seat] for seat, record in deal)
        for deal in deals
    ]


def interval(values: list[float]) -> str:
    if not values:
        return "no hands"
    mean, low, high = interval95(values)
    return f"{mean:+.3f} (95% CI {low:+.3f} .. {high:+.3f}, n={len(values)})"


def model_share(deals: list[list[Rotation]]) -> dict[str, tuple[int, int]]:
    """Per kind of seat, (cards that are the model's, cards chosen from two or more) of the
    seats other than the tested one."""
    counts: Counter[str] = Counter()
    matches: Counter[str] = Counter()
    for deal in deals:
        for tested, record in deal:
            hand = record.new_hand()
            for action in record.actions:
                seat = action.seat
                chosen = action.act is Act.PLAY and hand.playable_mask(seat).bit_count() > 1
                if chosen and seat != tested:
                    view = view_of(hand, seat)
                    cards = [a.card for a in view.legal if a.act is Act.PLAY and a.card]
                    kind = _kind(hand.contract, seat == hand.declarer, hand.team_of)
                    same = choose_card(Knowledge(view), cards) == action.card
                    for key in (kind, "all"):
                        counts[key] += 1
                        matches[key] += same
                hand.apply(action)
    return {key: (matches[key], counts[key]) for key in sorted(counts)}


def _kind(contract: Contract | None, declarer: bool, teams: list[Team | None]) -> str:
    name = contract.value if contract is not None else "?"
    if contract is Contract.HOCHZEIT:
        settled = "clarified" if None not in teams else "unclarified"
        return f"{name} {'declarer' if declarer else 'other'} {settled}"
    if contract is not None and contract.is_solo:
        return f"solo {'declarer' if declarer else 'other'}"
    return name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", help="arena --records files, the base first")
    parser.add_argument("--model-share", action="store_true")
    args = parser.parse_args(argv)
    runs = {path: deals_of(path) for path in args.records}
    means = {path: deal_means(deals) for path, deals in runs.items()}
    base, *variants = args.records
    for path, values in means.items():
        print(f"{path}: {interval(values)}")
    for path in variants:
        pairs = list(zip(means[path], means[base], strict=False))
        differences = [variant - original for variant, original in pairs]
        changed = sum(abs(d) > 1e-9 for d in differences)
        print(f"{path} - {base}: {interval(differences)}, deals that differ: {changed}")
    if args.model_share:
        for kind, (same, total) in model_share(runs[base]).items():
            print(f"model's card, {kind}: {same}/{total} = {same / total:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
