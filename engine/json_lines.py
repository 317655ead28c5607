"""JSON lines on standard output for the engine's two commands (`engine.replay`,
`engine.daily`) and the bots' arena, stopping quietly when the reader does (`… | head`): a
closed pipe is not an error of the record, the day or the match."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable
from typing import Any


def print_json_lines(lines: Iterable[Any], indent: int | None = None) -> None:
    try:
        for line in lines:
            print(json.dumps(line, indent=indent), flush=True)
    except BrokenPipeError:
        reader_gone()


def reader_gone() -> None:
    """Standard output's reader stopped early: it is pointed at nothing, so that Python's own
    flush at exit does not complain again."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
