"""Choosing the opponents' level as the Rules dialog does. Shared by several test modules (moved
out of `tests/web/test_levels.py`, so that no test module imports another)."""

from __future__ import annotations

from fastapi.testclient import TestClient


def choose(client: TestClient, level: str) -> str:
    answer = client.post("/rules", data={"preset": "pagat", "level": level}, follow_redirects=False)
    assert answer.status_code == 303, answer.text[:500]
    return str(answer.headers["location"])
