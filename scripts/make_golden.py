"""Regenerates tests/golden/: whole hands as records, with their replay and --trace output.

    python scripts/make_golden.py           # (re)writes tests/golden/
    python scripts/make_golden.py --check   # exits 1 if any file would change

Each golden hand is dealt by `engine.deal` and played by seeded random play
(`random.Random`), so the same engine always produces the same files. A case names what the
hand must show (a normal game with announcements of both teams, a solo, a Hochzeit with a
partner, an Armut, a `ddv` hand, a Schweinchen without nines); attempt 0, 1, 2, … of a case
uses the deal seed and play seed `<case>-<attempt>` until a hand shows it. The test
tests/test_golden.py replays the stored records and diffs the outputs, and checks that this
script still produces the stored records, so any change of the engine's behaviour shows up as
a diff to review: if it is intended, run this script and commit the new files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import (
    DDV,
    PAGAT,
    Action,
    Call,
    Card,
    Contract,
    Hand,
    HandRecord,
    Phase,
    RuleSet,
    deal,
    with_toggles,
)
from engine.replay import run

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"
ATTEMPTS = 400
ANNOUNCE_CHANCE = 0.12
DULLE = Card.parse("10H")
SUFFIXES = (".record.json", ".replay.json", ".trace.jsonl")
"""Per hand: the record, what the replay command prints, and what it prints with --trace."""

Declare = Callable[[Hand, int, list[str]], str]
Shows = Callable[[Hand], bool]


def declare_healthy(hand: Hand, seat: int, options: list[str]) -> str:
    return "healthy"


def declare_first(reservation: str) -> Declare:
    """The first seat that may declare `reservation` does; everyone else is healthy."""

    def declare(hand: Hand, seat: int, options: list[str]) -> str:
        already = any(act.value == reservation for _, act in hand.declarations)
        return reservation if reservation in options and not already else "healthy"

    return declare


def declare_by_dealer(reservation: str) -> Declare:
    """The dealer, who declares last, declares `reservation`: with `soloist_leads` a solo
    then shows the soloist leading instead of forehand."""

    def declare(hand: Hand, seat: int, options: list[str]) -> str:
        return reservation if seat == hand.dealer else "healthy"

    return declare


@dataclass(frozen=True)
class Case:
    name: str
    rules: RuleSet
    declare: Declare
    shows: Shows
    """What the finished hand must show for the case to take it."""


def announced_by_both_teams(hand: Hand) -> bool:
    calls = {a.call for a in hand.announcements}
    return Call.RE in calls and Call.KONTRA in calls


def contract_is(contract: Contract, more: Shows | None = None) -> Shows:
    return lambda hand: hand.contract is contract and (more is None or more(hand))


def declined_then_announced(hand: Hand) -> bool:
    """An Armut declined by one seat before another took it, with announcements after."""
    declined = any(action.act.value == "armut-decline" for action in hand.actions)
    return declined and bool(hand.announcements)


def both_dullen_in_one_trick(hand: Hand) -> bool:
    """A trick before the last with both 10♥ (the second wins it), and an announcement."""
    dullen = any(trick.cards.count(DULLE) == 2 for trick in hand.tricks[:-1])
    return dullen and bool(hand.announcements)


def has_schweinchen(hand: Hand) -> bool:
    return hand.schweinchen is not None and hand.contract is Contract.NORMAL


CASES = (
    Case(
        "normal-announced",
        PAGAT,
        declare_healthy,
        contract_is(Contract.NORMAL, announced_by_both_teams),
    ),
    Case(
        "solo-queens",
        with_toggles(PAGAT, {"soloist_leads": True}),
        declare_by_dealer("solo-queens"),
        contract_is(Contract.SOLO_QUEENS, lambda hand: bool(hand.announcements)),
    ),
    Case(
        "hochzeit",
        PAGAT,
        declare_first("hochzeit"),
        contract_is(Contract.HOCHZEIT, lambda hand: bool(hand.announcements)),
    ),
    Case(
        "armut", PAGAT, declare_first("armut"), contract_is(Contract.ARMUT, declined_then_announced)
    ),
    Case(
        "ddv-second-dulle",
        with_toggles(DDV, {"second_dulle_beats_first": True}),
        declare_healthy,
        contract_is(Contract.NORMAL, both_dullen_in_one_trick),
    ),
    Case(
        "without-nines-schweinchen",
        with_toggles(PAGAT, {"without_nines": True, "schweinchen": True}),
        declare_healthy,
        has_schweinchen,
    ),
)


def call_step(notation: str) -> int:
    return int(Call(notation.split(" ")[1]).step)


def random_announcement(hand: Hand, rng: random.Random) -> Action | None:
    """Now and then a random seat announces, the lowest step it may most often."""
    if hand.phase is not Phase.PLAY or rng.random() >= ANNOUNCE_CHANCE:
        return None
    seat = rng.randrange(4)
    calls = sorted(
        (n for n in hand.legal_notations(seat) if n.startswith("announce ")), key=call_step
    )
    if not calls:
        return None
    return Action.parse(seat, rng.choices(calls, [0.5**i for i in range(len(calls))])[0])


def own_action(hand: Hand, rng: random.Random, declare: Declare) -> Action:
    seat = hand.to_act
    assert seat is not None
    options = [n for n in hand.legal_notations(seat) if not n.startswith("announce ")]
    if hand.phase is Phase.RESERVATIONS:
        return Action.parse(seat, declare(hand, seat, options))
    return Action.parse(seat, rng.choice(options))


def play(case: Case, seed: str) -> Hand:
    """The hand of one attempt: deal 0 of `seed`, played by `random.Random(seed)`."""
    dealt = deal(seed, 0, 0, case.rules.without_nines)
    hand = Hand(case.rules, dealt.hands, dealt.dealer)
    rng = random.Random(seed)
    while not hand.is_over:
        hand.apply(random_announcement(hand, rng) or own_action(hand, rng, case.declare))
    return hand


def golden_hand(case: Case) -> Hand:
    for attempt in range(ATTEMPTS):
        hand = play(case, f"{case.name}-{attempt}")
        if hand.phase is Phase.DONE and case.shows(hand):
            return hand
    raise SystemExit(f"no hand for {case.name} in {ATTEMPTS} attempts")


def format_record(record: dict[str, Any]) -> str:
    """Pretty JSON with one hand and one action per line, so that diffs read well."""
    head = [f'  "{key}": {json.dumps(record[key])},' for key in ("format", "rules", "dealer")]
    hands = ",\n".join(f"    {json.dumps(hand)}" for hand in record["hands"])
    actions = ",\n".join(f"    {json.dumps(action)}" for action in record["actions"])
    body = [*head, f'  "hands": [\n{hands}\n  ],', f'  "actions": [\n{actions}\n  ]']
    return "{\n" + "\n".join(body) + "\n}\n"


def record_text(case: Case) -> str:
    return format_record(HandRecord.of_hand(golden_hand(case)).to_json())


def outputs(record: str) -> dict[str, str]:
    """What `python -m engine.replay` prints for the record, without and with --trace."""
    texts = {}
    for suffix, trace in zip(SUFFIXES[1:], (False, True), strict=True):
        lines, _ = run(record, trace)
        texts[suffix] = "".join(json.dumps(line) + "\n" for line in lines)
    return texts


def golden_files() -> dict[str, str]:
    """Every file of tests/golden/ by name."""
    files = {}
    for case in CASES:
        record = record_text(case)
        files[case.name + SUFFIXES[0]] = record
        for suffix, text in outputs(record).items():
            files[case.name + suffix] = text
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report differences")
    args = parser.parse_args(argv)
    files = golden_files()
    changed = [
        name
        for name, text in files.items()
        if not (GOLDEN / name).is_file() or (GOLDEN / name).read_text(encoding="utf-8") != text
    ]
    stale = sorted(p.name for p in GOLDEN.glob("*") if p.is_file() and p.name not in files)
    if args.check:
        for name in changed + stale:
            print(f"differs: {name}")
        return 1 if changed or stale else 0
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in changed:
        (GOLDEN / name).write_text(files[name], encoding="utf-8")
    for name in stale:
        (GOLDEN / name).unlink()
    print(f"{len(files)} files, {len(changed)} written, {len(stale)} removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
