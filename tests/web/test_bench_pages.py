"""bench/pages.py: a player's table loads and clicks timed alone, then while one address
reads the pages that cost a query; the reader's answers counted by page and status."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.web.helpers.benches import run_bench


def pages(*options: str) -> subprocess.CompletedProcess[str]:
    return run_bench("bench/pages.py", *options)


@pytest.mark.slow
def test_a_short_run_prints_both_phases_and_the_readers_answers() -> None:
    done = pages("--seconds", "3", "--clients", "1", "--think-ms", "50")
    assert done.returncode == 0, done.stdout + done.stderr
    for phase in ("quiet", "read by 1 clients"):
        assert re.search(rf"^{phase}: table GET p50 [\d.]+ / p95 [\d.]+ ms", done.stdout, re.M)
    for page in ("/leaderboard", "/history", "/"):
        assert re.search(rf"^reader {page}: \d+/s, \{{200: \d+", done.stdout, re.M), page
    assert "server_log_errors: 0" in done.stdout


def test_no_seconds_is_refused() -> None:
    done = pages("--seconds", "0")
    assert done.returncode == 2
    assert "must be positive" in done.stderr
