"""The suite's tiers: every test under `tests/browser/` is marked `browser`, every test on a
throwaway PostgreSQL server `postgres` (its module says so, or it asks for the `postgres`
fixture, or a `postgresql` parameter), so that `bash scripts/test.sh quick` can leave them
out with the tests marked `slow` (see the README's Testing section)."""

from __future__ import annotations

from pathlib import Path

import pytest

BROWSER = Path(__file__).resolve().parent / "browser"


def _on_postgres(item: pytest.Item) -> bool:
    callspec = getattr(item, "callspec", None)
    parameters = callspec.params.values() if callspec is not None else ()
    return "postgres" in getattr(item, "fixturenames", ()) or "postgresql" in parameters


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER in item.path.parents:
            item.add_marker(pytest.mark.browser)
        if _on_postgres(item):
            item.add_marker(pytest.mark.postgres)
