"""`python -m app.operations.serve` raises the soft limit on open files before it serves: every
connection it keeps alive between a player's clicks is an open file. Checked in a child
process started with a low limit, so the test run's own limits are left alone. A bad setting
stops it before it serves, in one line."""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic import command

from app.operations.migrate import alembic_config, behind, upgrade
from app.operations.settings import (
    MOST_BOT_DELAY_MS,
    MOST_RANKED_PER_ADDRESS,
    MOST_SEARCH_WORKERS,
    Settings,
    SettingsError,
)
from tests.live import ROOT, free_port

LOW = 256


def limits_in_a_child(body: str, env: dict[str, str] | None = None) -> dict[str, int]:
    """Runs `body` in a Python child whose soft limit starts at `LOW`; it prints JSON."""
    script = textwrap.dedent(
        f"""
        import json, resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, ({LOW}, hard))
        """
    ) + textwrap.dedent(body)
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, int] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def expected_soft(wanted: int) -> int:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    return wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)


@pytest.mark.slow
def test_serving_raises_the_open_files_limit_before_uvicorn_starts(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'doko.sqlite3'}"
    upgrade(url)
    seen = limits_in_a_child(
        """
        import uvicorn
        from app.operations import serve
        uvicorn.run = lambda *args, **options: print(json.dumps(
            {"soft": resource.getrlimit(resource.RLIMIT_NOFILE)[0]}))
        serve.main(["--port", "8999"])
        """,
        env={"DOKO_DATABASE_URL": url},
    )
    assert seen["soft"] == expected_soft(65_536) > LOW


def test_a_higher_limit_is_kept_and_the_hard_one_bounds_it() -> None:
    seen = limits_in_a_child(
        f"""
        from app.operations.serve import allow_open_files
        lower = allow_open_files({LOW // 2})
        raised = allow_open_files(10 ** 9)
        print(json.dumps({{"lower": lower, "raised": raised,
                           "hard": resource.getrlimit(resource.RLIMIT_NOFILE)[1]}}))
        """
    )
    assert seen["lower"] == LOW
    assert seen["raised"] == expected_soft(10**9) == seen["hard"]


def serve_command(*arguments: str, **settings: str) -> subprocess.CompletedProcess[str]:
    """`python -m app.operations.serve` in a process of its own, with `settings` added to the
    environment; the tests here all see it stop before it serves."""
    command_line = [sys.executable, "-m", "app.operations.serve", *arguments]
    env = {**os.environ, **settings}
    return subprocess.run(
        command_line, cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )


BAD_SETTINGS = {
    "DOKO_BOT_DELAY_MS": "abc",
    "DOKO_SEARCH_WORKERS": "-1",
    "DOKO_RATE_LIMITS": "Off",
    "DOKO_TRUSTED_PROXIES": "10.0.0.1;10.0.0.2",
    "DOKO_SECRET_KEY": "secret",
    "DOKO_RANKED_PER_ADDRESS": "four",
    "DOKO_PUBLIC_URL": "doko.example",
}
"""One bad value each: -1 workers used to start and answer 500 once a strong bot was asked
for, `Off` used to leave the rate limits on without a word, a short secret used to sign
cookies anyone could forge, and the others were tracebacks (a public address without its
scheme would write links that lead nowhere)."""


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DOKO_SEARCH_WORKERS", "1000"),
        ("DOKO_BOT_DELAY_MS", "10001"),
        ("DOKO_RANKED_PER_ADDRESS", "10001"),
        ("DOKO_RANKED_PER_SITE", "10001"),
        ("DOKO_BOT_DELAY_MS", "9" * 5000),
    ],
)
def test_a_count_past_its_most_is_refused(
    name: str, value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A thousand search workers would be a thousand processes at the first strong game."""
    monkeypatch.setenv(name, value)
    with pytest.raises(SettingsError, match=f"{name} must be a whole number from 0 to"):
        Settings.from_env()


def test_the_largest_counts_are_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOKO_SEARCH_WORKERS", str(MOST_SEARCH_WORKERS))
    monkeypatch.setenv("DOKO_BOT_DELAY_MS", str(MOST_BOT_DELAY_MS))
    monkeypatch.setenv("DOKO_RANKED_PER_ADDRESS", str(MOST_RANKED_PER_ADDRESS))
    monkeypatch.setenv("DOKO_RANKED_PER_SITE", str(MOST_RANKED_PER_ADDRESS))
    settings = Settings.from_env()
    assert (settings.search_workers, settings.bot_delay_ms) == (64, 10_000)
    assert settings.ranked_per_address == settings.ranked_per_site == 10_000


@pytest.mark.parametrize("name", BAD_SETTINGS)
def test_a_bad_setting_stops_the_server_with_one_line(name: str, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'doko.sqlite3'}"
    settings = {"DOKO_DATABASE_URL": url, name: BAD_SETTINGS[name]}
    done = serve_command("--port", str(free_port()), **settings)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith(f"python -m app.operations.serve: error: {name}")


def test_the_documented_values_are_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOKO_RATE_LIMITS", "off")
    monkeypatch.setenv("DOKO_SEARCH_WORKERS", "0")
    monkeypatch.setenv("DOKO_RANKED_PER_ADDRESS", "0")
    monkeypatch.setenv("DOKO_RANKED_PER_SITE", "0")
    settings = Settings.from_env()
    assert settings.limits is None
    assert settings.search_workers == 0
    assert settings.ranked_per_address == settings.ranked_per_site == 0


@pytest.mark.parametrize(
    ("value", "taken"),
    [
        ("", None),
        ("https://doko.example", "https://doko.example"),
        ("https://doko.example/", "https://doko.example"),
        (" http://example.org:8080/doko/ ", "http://example.org:8080/doko"),
    ],
)
def test_the_public_address_is_taken_without_its_trailing_slash(
    value: str, taken: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOKO_PUBLIC_URL", value)
    assert Settings.from_env().public_url == taken


@pytest.mark.parametrize(
    "value",
    [
        "doko.example",
        "ftp://doko.example",
        "https://",
        "https://a/?b",
        "https://a?",
        "https://a#x",
        "http://[::1",
        "https://doko.example:99999",
        "https://doko.example:0",
        "https://exa mple.com",
        "https://user:pw@doko.example",
    ],
)
def test_a_public_address_that_is_no_sites_is_refused(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOKO_PUBLIC_URL", value)
    with pytest.raises(SettingsError, match="DOKO_PUBLIC_URL"):
        Settings.from_env()


def test_four_ranked_attempts_per_address_unless_set(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOKO_RANKED_PER_ADDRESS", raising=False)
    assert Settings.from_env().ranked_per_address == 4


def test_settings_errors_name_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOKO_BOT_DELAY_MS", " 12x")
    with pytest.raises(SettingsError, match="DOKO_BOT_DELAY_MS"):
        Settings.from_env()


@pytest.mark.parametrize("port", ["70000", "-1", "abc"])
def test_a_port_out_of_range_is_refused(port: str) -> None:
    """70000 used to be taken: the log said :70000 while the socket listened on 4464."""
    done = serve_command("--port", port)
    assert done.returncode == 2
    assert "a port is a number from 0 to 65535" in done.stderr


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (("--host", ""), "--host must name an address"),
        (("--host", " "), "--host must name an address"),
        (("--workers", "0"), "--workers must be from 1 to 64"),
        (("--workers", "1000"), "--workers must be from 1 to 64"),
    ],
)
def test_an_empty_host_or_a_typo_of_workers_is_refused(
    arguments: tuple[str, ...], said: str
) -> None:
    """An empty host (`--host "$HOST"` with HOST unset) listened on every interface; a
    thousand workers would have been a thousand processes."""
    done = serve_command("--port", str(free_port()), *arguments)
    assert done.returncode == 2
    assert said in done.stderr and "Traceback" not in done.stderr


def test_a_bad_port_variable_is_a_usage_error() -> None:
    done = serve_command(PORT="eighty")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr


def serve_on(url: str) -> subprocess.CompletedProcess[str]:
    return serve_command("--port", str(free_port()), DOKO_DATABASE_URL=url)


def one_step_back(url: str) -> None:
    command.downgrade(alembic_config(url), "-1")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("prepare", "said"),
    [
        (lambda url: None, "the database is at migration none, this server needs "),
        (lambda url: (upgrade(url), one_step_back(url)), "the database is at migration 00"),
    ],
    ids=["never migrated", "an update behind"],
)
def test_a_database_without_every_migration_stops_the_server(
    tmp_path: Path, prepare: Callable[[str], object], said: str
) -> None:
    """It used to pass the health check while every new game answered 503 (a table
    missing), or, never migrated, print a traceback from every worker."""
    url = f"sqlite:///{tmp_path / 'doko.sqlite3'}"
    prepare(url)
    done = serve_on(url)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    last = done.stderr.splitlines()[-1]
    assert last.startswith(f"python -m app.operations.serve: error: {said}")
    assert last.endswith("run python -m app.operations.migrate first")


@pytest.mark.slow
def test_a_database_that_does_not_answer_stops_the_server_in_one_line() -> None:
    done = serve_on(f"postgresql+psycopg://doko@127.0.0.1:{free_port()}/doko")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith(
        "python -m app.operations.serve: error: the database does not answer: "
    )


def test_the_migration_check_lets_a_newer_database_through(tmp_path: Path) -> None:
    """While servers are updated one by one, an older one may meet a database migrated
    further than it knows."""
    url = f"sqlite:///{tmp_path / 'doko.sqlite3'}"
    upgrade(url)
    assert behind(url) is None
    one_step_back(url)
    assert behind(url) is not None
    with sqlite3.connect(tmp_path / "doko.sqlite3") as connection:
        connection.execute("UPDATE alembic_version SET version_num = 'zz99_from_the_future'")
    assert behind(url) is None
