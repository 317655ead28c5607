"""The server's start-up tunes Python's garbage collector for a process that answers clicks
(issue 12): what start-up made is put out of the collector's sight, and full collections,
which stalled every click of a loaded process for 50–250 ms, become rare. Only the server's
settings ask for it: an app made in a test leaves the test process's collector alone
(issue 28: every test client froze the whole suite's objects)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from app.operations.settings import Settings
from app.web.factory import FULL_COLLECTION_AFTER, create_app


@pytest.fixture
def collector_as_python_starts() -> Iterator[tuple[int, int]]:
    """Python's default full-collection threshold and nothing frozen; restored afterwards."""
    young, middle, full = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(young, middle, 10)
    try:
        yield young, middle
    finally:
        gc.unfreeze()
        gc.set_threshold(young, middle, full)


def test_a_started_server_freezes_its_start_and_keeps_full_collections_rare(
    settings: Settings, collector_as_python_starts: tuple[int, int]
) -> None:
    young, middle = collector_as_python_starts
    with TestClient(create_app(replace(settings, tune_collector=True))) as client:
        assert client.get("/").status_code == 200
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == (young, middle, FULL_COLLECTION_AFTER)


def test_the_servers_settings_tune_the_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOKO_SEARCH_WORKERS", raising=False)
    assert Settings.from_env().tune_collector


def test_an_app_made_in_code_leaves_the_collector_alone(
    settings: Settings, collector_as_python_starts: tuple[int, int]
) -> None:
    young, middle = collector_as_python_starts
    with TestClient(create_app(settings)) as client:
        assert client.get("/").status_code == 200
        assert gc.get_freeze_count() == 0
        assert gc.get_threshold() == (young, middle, 10)
