"""What the tests of the flood benches read of their output (`bench/bystander.py`): a row per
phase, and the quiet phase's."""

from __future__ import annotations

import re

ROW = re.compile(r"^([\w-]+) +([\d.]+) +([\d.]+) +([\d.]+)  (\{.*\})$", re.MULTILINE)


def phase_rows(printed: str) -> dict[str, tuple[str, ...]]:
    """By phase: the bystander's p50 and p95, the p50's ratio to the quiet phase's, and the
    flood's answers by status (as printed); the quiet phase checked to be quiet."""
    rows = {match[0]: match[1:] for match in ROW.findall(printed)}
    assert rows["quiet"][3] == "{}" and rows["quiet"][2] == "1.0", printed
    return rows
