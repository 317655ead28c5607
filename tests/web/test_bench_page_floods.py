"""bench/page_floods.py: a short run against a live server prints every phase with the
bystander's figures and the flood's answers, and the server answers no flood with an error;
bad options are refused."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.web.helpers.bench_phases import phase_rows
from tests.web.helpers.benches import run_bench

PHASES = ("quiet", "how-to-play", "table", "history", "static", "not-found")


def page_floods(*options: str) -> subprocess.CompletedProcess[str]:
    return run_bench("bench/page_floods.py", *options)


@pytest.mark.slow
def test_a_short_run_prints_each_phase_and_every_flood_is_answered() -> None:
    done = page_floods("--clients", "2", "--seconds", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    rows = phase_rows(done.stdout)
    assert tuple(rows) == PHASES, done.stdout
    for phase in PHASES[1:-1]:
        assert re.search(r"200: [1-9]", rows[phase][3]), (phase, done.stdout)
    assert re.search(r"404: [1-9]", rows["not-found"][3]), done.stdout
    assert "server_5xx_lines: 0" in done.stdout


def test_bad_options_are_refused() -> None:
    done = page_floods("--seconds", "0")
    assert done.returncode == 2
    assert "must be positive" in done.stderr
