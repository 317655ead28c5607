"""A seeded solo whose soloist may announce, for the call tests. Shared by several test modules
(moved out of `tests/web/test_call_versions.py`, so that no test module imports another)."""

from __future__ import annotations

from tests.web.driver import HTMX, data_actions, page_version

SOLO_SEED = "browser-solo-1"

"""The human may declare a solo in the first hand and, as the soloist, announce at once."""


def soloist_may_announce(post: object, get: object, game: str) -> str:
    """Declares the first solo offered; returns the table, whose announce row is offered."""
    assert callable(post) and callable(get)
    body = get(game).text
    solo = next(action for action in data_actions(body) if action.startswith("solo-"))
    body = post(
        f"{game}/actions", data={"version": str(page_version(body)), "action": solo}, headers=HTMX
    ).text
    calls = [action for action in data_actions(body) if action.startswith("announce ")]
    assert calls[:2] == ["announce re", "announce no90"], calls
    return body
