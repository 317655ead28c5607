"""`python -m bots.decide --bot ID --seat S [--seed N] RECORD|-`: one bot decision.

Replays an incomplete hand record and prints, as one JSON line, the action the bot takes for
seat S (in the record's `actions` form). The bot sees only seat S's view. Exit code 2 with an
error object when the record is refused or S has nothing to decide.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from bots.registry import bot_named
from engine import IllegalRecordAction, InvalidRecord, parse_record, view_of
from engine.replay import record_text


def decide(text: str, bot_id: str, seat: int, seed: int) -> tuple[dict[str, Any], int]:
    """The object to print and the exit code."""
    try:
        hand = parse_record(text).replay()
    except InvalidRecord as error:
        return {"error": "invalid", "reason": str(error)}, 2
    except IllegalRecordAction as error:
        return {"error": "illegal", "index": error.index, "reason": error.reason}, 2
    if hand.to_act != seat:
        reason = "the hand is over" if hand.is_over else f"seat {hand.to_act} is to act"
        return {"error": "nothing to decide", "seat": seat, "reason": reason}, 2
    action = bot_named(bot_id).choose(view_of(hand, seat), random.Random(seed))
    return action.to_record(), 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bots.decide", description=__doc__)
    parser.add_argument("--bot", required=True)
    parser.add_argument("--seat", type=int, required=True, choices=range(4))
    parser.add_argument("--seed", type=int, default=0, help="seed of the bot's rng")
    parser.add_argument("record", help="a hand record (JSON), or - for standard input")
    args = parser.parse_args(argv)
    try:
        bot_named(args.bot)
    except ValueError as error:
        parser.error(str(error))
    try:
        text = record_text(args.record)
    except InvalidRecord as error:
        print(json.dumps({"error": "invalid", "reason": str(error)}))
        return 2
    output, code = decide(text, args.bot, args.seat, args.seed)
    print(json.dumps(output))
    return code


if __name__ == "__main__":
    sys.exit(main())
