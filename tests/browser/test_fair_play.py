"""Fair play in a real browser: a board with a held and a disqualified result, and the Fair
play page reached from it, at phone and desktop size; screenshots under test-artifacts/
(board-held-*.png, fair-play-*.png) that must fit the screen. axe audits both pages in every
language (test_accessibility.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext

from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.fair_play import HELD, set_aside_today
from tests.browser.helpers.table import snapshot
from tests.live import LiveServer


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_a_board_with_held_results_and_the_fair_play_page_fit_the_screen(
    new_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    size: str,
    viewport: dict[str, int],
) -> None:
    set_aside_today(live_server)
    page = new_context(viewport).new_page()
    page.goto("/leaderboard")
    words = {
        "held": "held for fair-play review",
        "disqualified": "disqualified after fair-play review",
    }
    for nickname, state, total, tells in HELD:
        text = page.locator(f'section.set-aside li[data-state="{state}"]').inner_text()
        assert text.startswith(f"{nickname} · {total:+d} · {words[state]}"), text
        assert f"At {tells} of {tells} key decisions" in text
    complaints = [snapshot(page, f"board-held-{size}")]
    with page.expect_navigation(url="**/fair-play"):
        page.get_by_role("link", name="How results are checked for fair play").click()
    assert page.locator("h1").inner_text() == "Fair play on the daily board"
    assert "Nothing is deleted" in page.locator("main").inner_text()
    complaints.append(snapshot(page, f"fair-play-{size}"))
    too_wide = [complaint for complaint in complaints if complaint]
    assert not too_wide, "\n".join(too_wide)
