"""bench/long_boards.py: a small month runs through and prints its figures; bad options are
refused."""

from __future__ import annotations

import re
import subprocess

import pytest

from bench.long_boards import days_of
from tests.web.helpers.benches import run_bench


def long_boards(*options: str) -> subprocess.CompletedProcess[str]:
    return run_bench("bench/long_boards.py", *options, timeout=300)


@pytest.mark.slow
def test_a_small_month_prints_its_figures() -> None:
    done = long_boards("--players", "60", "--views", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    figures = dict(re.findall(r"^(\w+): (.+)$", done.stdout, re.MULTILINE))
    assert int(figures["attempts"]) == sum(days_of(n) for n in range(60))
    assert int(figures["placed"]) == sum(1 for n in range(60) if days_of(n) >= 12)
    for name in (
        "month_board_after_a_result_today_ms_p50",
        "month_board_unchanged_ms_p50",
        "month_board_after_a_change_of_an_older_day_ms_p50",
    ):
        assert float(figures[name]) > 0


def test_no_players_is_refused() -> None:
    done = long_boards("--players", "0")
    assert done.returncode == 2 and "must be positive" in done.stderr
