"""bench/web.py: a tiny run against a live server prints every key figure, with no errors,
and the Server-Timing header is read the way the bench documents."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from bench.web import arguments
from bench.web_player import Player, player_address, server_ms
from bench.web_server import running_server
from tests.windows import in_one_window

ROOT = Path(__file__).resolve().parents[2]
KEY_FIGURES = ("p50_ms", "p95_ms", "actions_per_s", "errors", "players", "first_load_bytes")
FIRST_LOAD_BUDGET = 150_000
"""The issue's limit for the first page load, in bytes transferred."""


def figures(output: str) -> dict[str, str]:
    pairs = (line.split(": ", 1) for line in output.splitlines() if ": " in line)
    return {name.strip(): value.strip() for name, value in pairs}


@pytest.fixture(scope="module")
def tiny_run() -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "bench/web.py", "--players", "2", "--games", "1"]
    command += ["--hands", "2", "--max-seconds", "60"]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_the_key_figures_are_the_last_lines(tiny_run: subprocess.CompletedProcess[str]) -> None:
    assert tiny_run.returncode == 0, tiny_run.stdout + tiny_run.stderr
    last = tiny_run.stdout.strip().splitlines()[-len(KEY_FIGURES) :]
    assert [line.split(":")[0] for line in last] == list(KEY_FIGURES)
    for line in last:
        assert re.fullmatch(r"\w+: \d+(\.\d+)?", line), line


@pytest.mark.slow
def test_two_whole_games_without_errors(tiny_run: subprocess.CompletedProcess[str]) -> None:
    shown = figures(tiny_run.stdout)
    assert shown["errors"] == "0"
    assert shown["players"] == "2"
    assert shown["games_finished"] == "2 of 2"
    assert float(shown["actions_per_s"]) > 0
    assert 0 < float(shown["p50_ms"]) <= float(shown["p95_ms"])
    assert re.search(r"^\s+next\s+n=2\s", tiny_run.stdout, re.MULTILINE), "no Next hand click"
    assert re.search(r"^\s+play\s+n=\d+\s", tiny_run.stdout, re.MULTILINE), "no card played"


@pytest.mark.slow
def test_first_load_counts_the_assets_within_budget(
    tiny_run: subprocess.CompletedProcess[str],
) -> None:
    shown = figures(tiny_run.stdout)
    assert re.search(r"^\s+asset\s+n=[1-9]", tiny_run.stdout, re.MULTILINE), "no asset fetched"
    assert 0 < int(shown["first_load_bytes"]) <= FIRST_LOAD_BUDGET


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("app;dur=12.5", 12.5),
        ("db;dur=2, total;dur=9.5", 9.5),
        ('db;dur=2;desc="queries", tpl;dur=3', 5.0),
        ("cache;desc=hit", None),
        (None, None),
    ],
)
def test_server_time_from_the_header(header: str | None, expected: float | None) -> None:
    headers = {"Server-Timing": header} if header is not None else {}
    assert server_ms(httpx.Response(200, headers=headers)) == expected


def starts_until_refused(base: str, address: str) -> list[int]:
    """One player (one cookie) starting 21 games in a row from `address`, as the proxy says,
    all in one of the limits' windows (fixed minutes of the clock): a run that crossed into
    the next minute would have its counts start again, and its 21st start be allowed."""

    def starts() -> list[int]:
        headers = {"X-Forwarded-For": address}
        with httpx.Client(base_url=base, headers=headers, timeout=30) as player:
            return [player.post("/games").status_code for _ in range(21)]

    return in_one_window(starts)


@pytest.mark.slow
@pytest.mark.parametrize("rate_limits", [True, False])
def test_the_rate_limits_are_counted_only_when_asked(rate_limits: bool) -> None:
    """With rate limits (as the capacity bench runs) the server counts them as in production,
    20 new games a minute per player, behind the bench's trusted proxy; without, nothing is
    refused."""
    with running_server(1, rate_limits=rate_limits) as (base, _log):
        statuses = starts_until_refused(base, player_address(7))
    assert statuses[:20] == [303] * 20
    assert statuses[20] == (429 if rate_limits else 303)


@pytest.mark.slow
def test_reconnecting_players_ask_for_a_new_connection_each_time() -> None:
    """With --reconnect the server closes each connection after its answer, so a player's
    next click may reach another worker process; without, the connection is kept."""
    with running_server(1) as (base, _log):
        for reconnect in (False, True):
            options = ["--reconnect"] if reconnect else []
            player = Player(base, arguments(options), 0, time.monotonic() + 60)
            answers = [player.request("page", "GET", "/healthz") for _ in range(2)]
            player.client.close()
            closing = [answer.headers.get("connection") == "close" for answer in answers]
            assert closing == [reconnect, reconnect]
