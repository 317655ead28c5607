"""bench/flood.py: a short flood against a live server, the bystander's pages answered and the
figures printed; bad options refused."""

from __future__ import annotations

import re
import subprocess

import pytest

from tests.web.helpers.benches import run_bench


def flood(*options: str) -> subprocess.CompletedProcess[str]:
    return run_bench("bench/flood.py", *options)


@pytest.mark.slow
def test_a_short_flood_prints_what_the_bystander_saw() -> None:
    done = flood("--clients", "2", "--seconds", "4")
    assert done.returncode == 0, done.stdout + done.stderr
    figures = dict(re.findall(r"^(\w+): (.+)$", done.stdout, re.MULTILINE))
    assert figures["bystander_statuses"].startswith("{200: ")
    assert int(figures["bystander_loads"]) >= 2
    assert float(figures["bystander_p50_ms"]) <= float(figures["bystander_max_ms"])
    assert figures["server_log_errors"] == "0"
    hints = re.search(r"^hints answered: \{(.*)\}$", done.stdout, re.MULTILINE)
    assert hints is not None and "200: " in hints.group(1), "the hints were worked out"


def test_no_clients_is_refused() -> None:
    done = flood("--clients", "0")
    assert done.returncode == 2
    assert "must be positive" in done.stderr
