"""Solos and announcements of every seat in hand records (e.g. an arena's `--records`).

Usage: python bench/records.py HANDS.jsonl

When one bot plays all four seats (`python -m bots.arena --bot B --vs B`), every seat's solos
and announcements are that bot's: counting all four gives four times the sample the arena's
own summary (the tested seat only) gives. Prints the solos declared (silent ones included)
and the share won, and the announcements made and the share whose team won, as a JSON line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

if __package__ in (None, ""):
    # Run as `python bench/records.py`: this folder would shadow the `engine` package.
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from engine import Act, Contract, Hand, Phase, record_from_json  # noqa: E402


def tally(hands: list[Hand]) -> dict[str, object]:
    solos = solos_won = calls = calls_won = 0
    for hand in hands:
        result = hand.result()
        if result.soloist is not None and hand.contract is not None:
            chosen = hand.contract.is_declared_solo or hand.contract is Contract.SILENT_SOLO
            solos += chosen
            solos_won += chosen and result.winner is hand.team_of[result.soloist]
        for action in hand.actions:
            if action.act is Act.ANNOUNCE:
                calls += 1
                calls_won += result.winner is hand.team_of[action.seat]
    return {
        "hands": len(hands),
        "solos": solos,
        "solos_won": round(solos_won / solos, 3) if solos else None,
        "announcements": calls,
        "announcements_won": round(calls_won / calls, 3) if calls else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("records", help="a file of JSON-lines hand records")
    args = parser.parse_args()
    hands = []
    with open(args.records, encoding="utf-8") as lines:
        for line in lines:
            hand = record_from_json(json.loads(line)).replay()
            if hand.phase is Phase.DONE:
                hands.append(hand)
    print(json.dumps(tally(hands)))


if __name__ == "__main__":
    main()
