"""bench/strong_clicks.py: a short run against a live server prints both phases with the
bystander's clicks and the flood's, the flood's players click and the server answers none of
it with an error; bad options are refused."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.web.helpers.benches import run_bench

ROW = re.compile(r"^([\w-]+) +(\d+) +([\d.]+) +([\d.]+) +([\d.]+) +(\d+)  (\{.*\})$", re.MULTILINE)


def strong_clicks(*options: str) -> subprocess.CompletedProcess[str]:
    return run_bench("bench/strong_clicks.py", *options)


@pytest.mark.slow
def test_a_short_run_prints_both_phases_and_the_flood_clicks() -> None:
    done = strong_clicks("--clients", "2", "--seconds", "3")
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {row[0]: row[1:] for row in ROW.findall(done.stdout)}
    assert tuple(rows) == ("quiet", "strong-clicks"), done.stdout
    for clicks, *_, errors, _ in rows.values():
        assert int(clicks) > 0 and errors == "0", done.stdout
    assert rows["quiet"][3] == "1.0" and rows["quiet"][5] == "{}", done.stdout
    assert re.search(r"'clicks': [1-9]", rows["strong-clicks"][5]), done.stdout
    assert "'other errors': 0" in rows["strong-clicks"][5], done.stdout
    assert "server_5xx_lines: 0" in done.stdout


def test_bad_options_are_refused() -> None:
    done = strong_clicks("--clients", "0")
    assert done.returncode == 2
    assert "must be positive" in done.stderr
