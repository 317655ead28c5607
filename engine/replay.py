"""`python -m engine.replay [--trace] [--pretty] FILE|-`: replays a hand record and prints the
result.

Output and exit codes follow docs/record-format.md: the result object (exit 0), an incomplete hand
(exit 0), a redeal (exit 0), or an error object (exit 2). With `--trace`, one line per prefix
of the record, and nothing but the error object when the record is refused.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import Any

from engine.errors import IllegalAction
from engine.hand import Hand
from engine.json_lines import print_json_lines
from engine.phases import Phase
from engine.record import HandRecord, IllegalRecordAction, InvalidRecord, parse_record


def final_object(hand: Hand) -> dict[str, Any]:
    if hand.phase is Phase.REDEAL:
        return {"redeal": True}
    if hand.phase is Phase.DONE:
        return hand.result().to_json()
    return {"incomplete": True, "phase": hand.phase.value, "to_act": hand.to_act}


def trace_line(index: int, hand: Hand) -> dict[str, Any]:
    return {
        "index": index,
        "phase": hand.phase.value,
        "to_act": hand.to_act,
        "legal": {str(seat): hand.legal_notations(seat) for seat in range(4)},
    }


def trace(record: HandRecord) -> Iterator[dict[str, Any]]:
    """The trace lines of a record, checked; raises `IllegalRecordAction`."""
    hand = record.new_hand()
    yield trace_line(0, hand)
    for index, action in enumerate(record.actions):
        try:
            hand.apply(action)
        except IllegalAction as error:
            raise IllegalRecordAction(index, str(error)) from None
        yield trace_line(index + 1, hand)
    if hand.is_over:
        yield final_object(hand)


def run(text: str, with_trace: bool) -> tuple[list[dict[str, Any]], int]:
    """The JSON objects to print and the exit code."""
    try:
        record = parse_record(text)
        lines = list(trace(record)) if with_trace else [final_object(record.replay())]
    except InvalidRecord as error:
        return [{"error": "invalid", "reason": str(error)}], 2
    except IllegalRecordAction as error:
        return [{"error": "illegal", "index": error.index, "reason": error.reason}], 2
    return lines, 0


def record_text(path: str) -> str:
    """A record's text from a file, or from standard input for `-`; `InvalidRecord` saying
    why when it cannot be read (the commands answer that as any other invalid record).
    Standard input is read as bytes and decoded as strict UTF-8, as a file is: its text layer
    would keep bytes that are not UTF-8 under a C locale, so the same record would pass
    piped and fail by name."""
    try:
        if path == "-":
            return _standard_input()
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except (OSError, ValueError) as error:
        raise InvalidRecord(f"cannot read {path}: {error}") from None


def _standard_input() -> str:
    """Standard input's bytes as strict UTF-8; a stream of text without bytes under it (as a
    caller in the same process may put there) as it is."""
    if sys.stdin is None or sys.stdin.closed:
        raise OSError("standard input is closed")
    raw = getattr(sys.stdin, "buffer", None)
    if raw is None:
        return sys.stdin.read()
    return bytes(raw.read()).decode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.replay",
        usage="%(prog)s [-h] [--trace] [--pretty] file",
        description=__doc__,
    )
    parser.add_argument("--trace", action="store_true", help="one line per prefix")
    parser.add_argument("--pretty", action="store_true", help="indented JSON, for reading")
    parser.add_argument(
        "file", nargs="+", help="a hand record (JSON), or - for standard input; one per call"
    )
    args = parser.parse_args(argv)
    if len(args.file) > 1:
        parser.error(
            f"one record per call, not {len(args.file)}: "
            'check several with a loop, e.g. for f in *.json; do python -m engine.replay "$f"; done'
        )
    try:
        text = record_text(args.file[0])
    except InvalidRecord as error:
        print(json.dumps({"error": "invalid", "reason": str(error)}))
        return 2
    lines, code = run(text, args.trace)
    print_json_lines(lines, indent=2 if args.pretty else None)
    return code


if __name__ == "__main__":
    sys.exit(main())
