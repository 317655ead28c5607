"""bench/forms.py: a short run against a live server, each flood of forms no page sends
refused and then held off (each connection slowed to one a second past the address's
allowance), the bystander's figures printed; bad options refused."""

from __future__ import annotations

import re
import subprocess

import pytest

from app.operations.ratelimit import Limits
from tests.web.helpers.bench_phases import phase_rows
from tests.web.helpers.benches import run_bench

PHASES = ("quiet", "multipart", "fields", "small")
CLIENTS, SECONDS = 2, 3
HELD_OFF = 2 * (Limits().refusals_per_ip + 1) + CLIENTS * (SECONDS + 1)
"""The most requests a phase's prober has answered once the pause holds it off: its
allowance at full speed (twice when the phase crosses into the next minute, whose count
starts afresh), then one a second a connection (unpaused, hundreds)."""


def forms(*options: str) -> subprocess.CompletedProcess[str]:
    return run_bench("bench/forms.py", *options)


@pytest.mark.slow
def test_a_short_run_prints_each_phase_and_holds_off_every_flood() -> None:
    done = forms("--clients", str(CLIENTS), "--seconds", str(SECONDS))
    assert done.returncode == 0, done.stdout + done.stderr
    rows = phase_rows(done.stdout)
    assert tuple(rows) == PHASES, done.stdout
    for phase in PHASES[1:]:
        answered = sum(int(number) for number in re.findall(r": (\d+)", rows[phase][3]))
        assert Limits().refusals_per_ip < answered <= HELD_OFF, (phase, done.stdout)
    assert "server_5xx_lines: 0" in done.stdout


def test_bad_options_are_refused() -> None:
    done = forms("--clients", "0")
    assert done.returncode == 2
    assert "must be positive" in done.stderr
