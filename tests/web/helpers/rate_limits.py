"""A movable clock, small limits and the clicks that pass or hit them. Shared by several test
modules (moved out of `tests/web/test_rate_limits.py`, so that no test module imports another)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.operations.ratelimit import Limits
from tests.web.driver import data_actions, default_choice, post_action
from tests.web.helpers.daily import (
    daily_settings,
    running,
)

MANY = 10_000

OTHER_ADDRESS = ("203.0.113.7", 40000)


class Clock:
    """Seconds that move only when the test says so (the start of a minute-long window)."""

    def __init__(self) -> None:
        self.now = 1_020.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def limited(
    tmp_path: Path, clock: Clock, database: str | None = None, **limits: int
) -> Iterator[FastAPI]:
    """An app with the given limits (the others out of reach, the share of the app's time
    too) on the shared test database, or on `database`."""
    chosen = Limits(
        **{
            "starts_per_player": MANY,
            "starts_per_ip": MANY,
            "actions_per_player": MANY,
            "actions_per_ip": MANY,
            "app_ms_per_ip": MANY * 1_000,
            **limits,
        }
    )
    settings = daily_settings(tmp_path, limits=chosen)
    if database is not None:
        settings = replace(settings, database_url=database)
    with running(settings) as application:
        application.state.limiter.clock = clock
        yield application


def assert_slow_down(response: httpx.Response) -> None:
    """The 429 page: a heading and a sentence a person understands, and when to come back."""
    assert response.status_code == 429, response.text[:1000]
    assert int(response.headers["retry-after"]) > 0
    heading = re.search(r"<h1>(.*?)</h1>\s*<p>(.*?)</p>", response.text, re.DOTALL)
    assert heading is not None, response.text[:1000]
    assert heading.group(1).strip() and "wait" in heading.group(2).lower()


def act(client: TestClient, url: str, body: str) -> httpx.Response:
    """The human's default move on this page, as htmx sends it."""
    return post_action(client, url, body, default_choice(data_actions(body)))


def noted_pauses(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> list[float]:
    """The pauses `module` makes through its `sleep`, each noted instead of waited."""
    noted: list[float] = []

    async def pause(seconds: float) -> None:
        noted.append(seconds)

    monkeypatch.setattr(module, "sleep", pause)
    return noted
