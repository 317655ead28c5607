"""bench/strong_starts.py: a short run against a live server prints the bystander's and the
players' answers while quiet and during the starts, every request answered, no 5xx; bad
options are refused."""

from __future__ import annotations

import ast
import re
import subprocess

import pytest

from tests.web.helpers.benches import run_bench

LINE = re.compile(r"^([^:{]+): (\{[^}]*\}), p50", re.MULTILINE)


def strong_starts(*options: str) -> subprocess.CompletedProcess[str]:
    return run_bench("bench/strong_starts.py", *options)


@pytest.mark.slow
def test_a_short_run_answers_every_start_and_click_of_every_phase() -> None:
    done = strong_starts("--addresses", "2", "--per-address", "1", "--seconds", "2")
    assert done.returncode == 0, done.stdout + done.stderr
    answers = {name: ast.literal_eval(statuses) for name, statuses in LINE.findall(done.stdout)}
    assert list(answers) == [
        "bystander quiet",
        "bystander during the starts",
        "the players' starts and clicks",
    ], done.stdout
    for statuses in answers.values():
        assert set(statuses) == {200, 303}, done.stdout
    assert answers["the players' starts and clicks"][303] >= 2, "each player started a game"
    assert "server_5xx_lines: 0" in done.stdout


def test_bad_options_are_refused() -> None:
    done = strong_starts("--per-address", "0")
    assert done.returncode == 2
    assert "must be positive" in done.stderr
