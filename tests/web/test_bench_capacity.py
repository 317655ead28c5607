"""bench/capacity.py: rounds of more and more players against one live server, ending at the
first round that misses the target, and the largest round that held as the last line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.capacity import Round

ROOT = Path(__file__).resolve().parents[2]


def ramp(*options: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "bench/capacity.py", "--think-ms", "0", "--hands", "1"]
    command += ["--arrival-s", "0", "--max-seconds", "60", *options]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=180)


@pytest.mark.slow
def test_every_round_that_holds_is_played_and_the_largest_is_reported() -> None:
    done = ramp("--start", "1", "--step", "1", "--most", "2", "--target-p95-ms", "60000")
    assert done.returncode == 0, done.stdout + done.stderr
    rounds = re.findall(r"^players\s+(\d+): .*errors 0: holds$", done.stdout, re.MULTILINE)
    assert rounds == ["1", "2"]
    assert done.stdout.strip().splitlines()[-1] == "players_held: 2"


@pytest.mark.slow
def test_the_ramp_ends_at_the_first_round_that_misses_the_target() -> None:
    done = ramp("--start", "1", "--step", "1", "--most", "3", "--target-p95-ms", "0.001")
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.findall(r"^players\s+(\d+): .*: does not hold$", done.stdout, re.MULTILINE) == ["1"]
    assert done.stdout.strip().splitlines()[-1] == "players_held: 0"


@pytest.mark.slow
def test_a_round_with_an_error_does_not_hold_however_fast() -> None:
    quick = Round(3, 1.0, 2.0, 0.5, 1.0, 10.0, errors=0)
    assert quick.holds(50.0)
    assert not Round(3, 1.0, 2.0, 0.5, 1.0, 10.0, errors=1).holds(50.0)
    assert not quick.holds(1.5)
