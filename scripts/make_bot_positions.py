"""Regenerates the bots' regression positions: fixed positions with the decision a bot takes.

    python scripts/make_bot_positions.py                   # tests/bots/positions.json
    python scripts/make_bot_positions.py --bot search-v1   # tests/bots/search-v1.json
    python scripts/make_bot_positions.py --bot search-v2   # tests/bots/search-v2.json
    python scripts/make_bot_positions.py --bot search-v3   # tests/bots/search-v3.json
    python scripts/make_bot_positions.py --check           # exits 1 if the file would change

A position is an incomplete hand record, the seat to act and the bot's decision there (in the
record's action form, asked with `random.Random(0)` like `python -m bots.decide`). The hands are
dealt by `engine.deal` from the seeds `positions/<rules>/<n>`, n = 0, 1, 2, …, and played by
heuristic-v1 in every seat (for every bot, so the positions are the same and a slow bot does not
have to play thousands of hands); each decision falls into one kind (a reservation, a step of
the Armut, a moment where the seat may announce, a card in a solo or a Hochzeit, a card early,
in the middle or late in a normal game) and the first hands that show a kind fill its quota,
one position per hand and kind. The stored decision is the named bot's at that position.
tests/test_bot_regression.py asks the bots again at every position: a change of behaviour needs
a new bot version id (bots/registry.py) and a rerun of this script.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bots.registry import bot_named
from engine import (
    DDV,
    PAGAT,
    Act,
    Action,
    Contract,
    Hand,
    HandRecord,
    Phase,
    RuleSet,
    deal,
    view_of,
)

PLAYER = "heuristic-v1"
"""The bot that plays the hands the positions come from."""
FOLDER = Path(__file__).resolve().parent.parent / "tests" / "bots"
TARGETS = {
    "heuristic-v1": FOLDER / "positions.json",
    "search-v1": FOLDER / "search-v1.json",
    "search-v2": FOLDER / "search-v2.json",
    "search-v3": FOLDER / "search-v3.json",
}
MAX_SEEDS = 3000
"""Seeds tried per rule set before giving up on a quota (the file then has fewer positions)."""

QUOTAS: dict[str, dict[str, int]] = {
    "pagat": {
        "reservation-healthy": 2,
        "reservation-declared": 3,
        "armut-give": 3,
        "armut-accept": 2,
        "armut-decline": 2,
        "armut-return": 3,
        "announce-made": 3,
        "announce-held": 3,
        "solo": 2,
        "hochzeit": 2,
        "play-early": 4,
        "play-middle": 4,
        "play-late": 3,
    },
    "ddv": {
        "reservation-healthy": 2,
        "reservation-declared": 2,
        "announce-made": 3,
        "announce-held": 3,
        "solo": 2,
        "hochzeit": 2,
        "play-early": 3,
        "play-middle": 4,
        "play-late": 3,
    },
}
RULES: dict[str, RuleSet] = {"pagat": PAGAT, "ddv": DDV}


@dataclass(frozen=True)
class Decision:
    hand: Hand
    """The hand after all its actions; the position is the prefix before `index`."""
    index: int
    seat: int
    action: Action
    kind: str


def kind_of(hand: Hand, seat: int, action: Action) -> str:
    """The one kind a decision counts for (see the module docstring)."""
    if hand.phase is Phase.RESERVATIONS:
        return "reservation-healthy" if action.act is Act.HEALTHY else "reservation-declared"
    if hand.phase is Phase.ARMUT_GIVE:
        return "armut-give"
    if hand.phase is Phase.ARMUT_RESPONSE:
        return "armut-accept" if action.act is Act.ARMUT_ACCEPT else "armut-decline"
    if hand.phase is Phase.ARMUT_RETURN:
        return "armut-return"
    if hand.announce_steps(seat):
        return "announce-made" if action.act is Act.ANNOUNCE else "announce-held"
    if hand.contract is not None and hand.contract.is_solo:
        return "solo"
    if hand.contract is Contract.HOCHZEIT:
        return "hochzeit"
    trick = len(hand.tricks) + 1
    return "play-early" if trick <= 4 else "play-middle" if trick <= 8 else "play-late"


def played_hands(rules: RuleSet, seed: str) -> Iterator[list[Decision]]:
    """The decisions of each hand dealt from `seed` (redeals included), the bot in every seat."""
    bot = bot_named(PLAYER)
    for redeal in range(100):
        dealt = deal(seed, 0, redeal, rules.without_nines)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        decisions = []
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = bot.choose(view_of(hand, seat), random.Random(0))
            kind = kind_of(hand, seat, action)
            decisions.append((len(hand.actions), seat, action, kind))
            hand.apply(action)
        yield [Decision(hand, *decision) for decision in decisions]
        if hand.phase is Phase.DONE:
            return


def position(decision: Decision, name: str, seed: str, bot_id: str) -> dict[str, Any]:
    hand = decision.hand
    a, b, c, d = hand.dealt
    actions = tuple(hand.actions[: decision.index])
    record = HandRecord(hand.rules, hand.dealer, (a, b, c, d), actions)
    action = decision.action
    if bot_id != PLAYER:
        view = view_of(record.replay(), decision.seat)
        action = bot_named(bot_id).choose(view, random.Random(0))
    return {
        "name": name,
        "seed": seed,
        "seat": decision.seat,
        "decision": action.to_record(),
        "record": record.to_json(),
    }


def positions_for(key: str, bot_id: str) -> list[dict[str, Any]]:
    """The positions of one rule set, in the order of QUOTAS[key]."""
    quota = QUOTAS[key]
    found: dict[str, list[dict[str, Any]]] = {kind: [] for kind in quota}
    for number in range(MAX_SEEDS):
        if all(len(found[kind]) >= n for kind, n in quota.items()):
            break
        seed = f"positions/{key}/{number}"
        for decisions in played_hands(RULES[key], seed):
            by_kind: dict[str, list[Decision]] = {}
            for decision in decisions:
                by_kind.setdefault(decision.kind, []).append(decision)
            for kind, candidates in by_kind.items():
                if kind in found and len(found[kind]) < quota[kind]:
                    chosen = candidates[number % len(candidates)]
                    name = f"{key}-{kind}-{len(found[kind]) + 1}"
                    found[kind].append(position(chosen, name, seed, bot_id))
    short = {kind: n - len(found[kind]) for kind, n in quota.items() if len(found[kind]) < n}
    if short:
        print(f"{key}: quotas not filled after {MAX_SEEDS} seeds: {short}", file=sys.stderr)
    return [entry for kind in quota for entry in found[kind]]


def file_text(bot_id: str) -> str:
    """The whole file: a header, then one compact position per line."""
    entries = [entry for key in QUOTAS for entry in positions_for(key, bot_id)]
    lines = ",\n".join(json.dumps(entry, separators=(",", ":")) for entry in entries)
    command = "python scripts/make_bot_positions.py"
    if bot_id != PLAYER:
        command += f" --bot {bot_id}"
    head = json.dumps({"bot": bot_id, "regenerate": command})
    return head[:-1] + ',\n"positions":[\n' + lines + "\n]}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report whether it differs")
    parser.add_argument("--bot", default=PLAYER, choices=sorted(TARGETS), help="whose decisions")
    args = parser.parse_args(argv)
    target = TARGETS[args.bot]
    text = file_text(args.bot)
    current = target.read_text(encoding="utf-8") if target.is_file() else None
    if args.check:
        print("up to date" if text == current else f"differs: {target}")
        return 0 if text == current else 1
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    kinds = Counter(entry["name"].rsplit("-", 1)[0] for entry in json.loads(text)["positions"])
    print(f"{sum(kinds.values())} positions written to {target}")
    for kind, count in sorted(kinds.items()):
        print(f"  {kind}: {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
