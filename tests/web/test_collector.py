"""The server's start-up tunes Python's garbage collector for a process that answers clicks
(issue 12): what start-up made is put out of the collector's sight, and full collections,
which stalled every click of a loaded process for 50–250 ms, become rare."""

from __future__ import annotations

import gc

from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.factory import FULL_COLLECTION_AFTER


def test_a_started_app_freezes_its_start_and_keeps_full_collections_rare(app: FastAPI) -> None:
    young, middle, full = gc.get_threshold()
    gc.unfreeze()
    gc.set_threshold(young, middle, 10)
    try:
        with TestClient(app) as client:
            assert client.get("/").status_code == 200
            assert gc.get_freeze_count() > 0
            assert gc.get_threshold() == (young, middle, FULL_COLLECTION_AFTER)
    finally:
        gc.set_threshold(young, middle, full)
