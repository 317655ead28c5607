"""bench/herd.py: a short run against a live server prints the bystander's loads while quiet
and during the herds, every click of the herds answered, no 5xx; bad options are refused."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.web.helpers.benches import run_bench

ROW = re.compile(r"^(quiet|herds) +(\d+) +([\d.]+) +([\d.]+) +([\d.]+)$", re.MULTILINE)


def herd(*options: str) -> subprocess.CompletedProcess[str]:
    return run_bench("bench/herd.py", *options)


@pytest.mark.slow
def test_a_short_run_prints_the_loads_and_answers_every_click() -> None:
    done = herd("--clients", "3", "--rounds", "2", "--refill", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {row[0]: row[1:] for row in ROW.findall(done.stdout)}
    assert set(rows) == {"quiet", "herds"}, done.stdout
    assert all(int(loads) > 0 for loads, *_ in rows.values()), done.stdout
    assert "the herds' answers: {200: 6}" in done.stdout
    assert "server_5xx_lines: 0" in done.stdout


def test_bad_options_are_refused() -> None:
    done = herd("--refill", "0")
    assert done.returncode == 2
    assert "must be positive" in done.stderr
