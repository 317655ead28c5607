"""bench/leaderboard.py: a day of many finished attempts, the board's views timed and the
viewer's own row found at its rank; bad options refused."""

from __future__ import annotations

import re
import subprocess

import pytest

from app.daily.board_rows import BOARD_SIZE
from bench.leaderboard import total_of
from tests.web.helpers.benches import run_bench


def leaderboard(*options: str) -> subprocess.CompletedProcess[str]:
    return run_bench("bench/leaderboard.py", *options)


@pytest.mark.slow
def test_a_small_day_prints_its_figures_and_the_players_rank() -> None:
    attempts = 3 * BOARD_SIZE
    done = leaderboard("--attempts", str(attempts), "--views", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    figures = dict(re.findall(r"^(\w+): (.+)$", done.stdout, re.MULTILINE))
    player = attempts // 2
    above = sum(1 for number in range(attempts) if total_of(number) > total_of(player))
    tied_earlier = sum(1 for number in range(player) if total_of(number) == total_of(player))
    assert int(figures["ranked_player_rank"]) == above + 1
    in_top = above + tied_earlier < BOARD_SIZE
    assert int(figures["rows_shown"]) == BOARD_SIZE + (not in_top)
    assert float(figures["visitor_view_ms_p50"]) > 0


def test_no_views_is_refused() -> None:
    done = leaderboard("--views", "0")
    assert done.returncode == 2
    assert "must be positive" in done.stderr
