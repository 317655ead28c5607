"""Today's daily game in a real browser: from the home page's Daily button to the end of the
game by clicking what a player sees, then a nickname, then the leaderboard with the player's
own row highlighted."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page

from .conftest import LiveServer

MAX_STEPS = 300
NICKNAME = "Browser Jürgen"


def enabled_actions(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#table [data-action]", "els => els.filter(e => !e.disabled).map(e => e.dataset.action)"
    )


def changes_table(page: Page, act: Callable[[], None]) -> None:
    """Does `act`, waits until htmx has put a new table in place, and fails on any refusal
    the server shows."""
    page.evaluate("document.getElementById('table').dataset.stale = 'yes'")
    act()
    page.wait_for_function(
        "() => { const t = document.getElementById('table'); return t && !t.dataset.stale; }"
    )
    alerts = page.locator("#table [role=alert]")
    assert alerts.count() == 0, f"the server refused a click: {alerts.all_inner_texts()}"


def click_action(page: Page, action: str) -> None:
    changes_table(page, page.locator(f'#table [data-action="{action}"]').first.click)


def pick_three(page: Page) -> None:
    """Armut: every trump first (as passing requires), then plain cards; then confirm."""
    trumps = page.locator("label[data-card].trump").all()
    plain = page.locator("label[data-card]:not(.trump)").all()
    for label in (trumps + plain)[:3]:
        label.click()
    confirm = "armut-give" if "armut-give" in enabled_actions(page) else "armut-return"
    click_action(page, confirm)


def plain_choice(actions: list[str]) -> str:
    """Healthy, else a card, else the first answer that is no announcement (Armut replies)."""
    if "healthy" in actions:
        return "healthy"
    plays = [action for action in actions if action.startswith("play ")]
    others = [action for action in actions if not action.startswith("announce ")]
    return (plays or others)[0]


def game_over(page: Page) -> bool:
    return page.locator("section.summary", has_text="Final standings").count() > 0


def play_to_the_end(page: Page) -> None:
    for _ in range(MAX_STEPS):
        if game_over(page):
            return
        if page.locator("#table button.next-hand").count():
            changes_table(page, page.locator("#table button.next-hand").click)
        elif page.locator("#table label[data-card]").count():
            pick_three(page)
        else:
            actions = enabled_actions(page)
            assert actions, "the human has nothing to do and the hand is not over"
            click_action(page, plain_choice(actions))
    raise AssertionError(f"the game did not end within {MAX_STEPS} clicks")


def test_todays_daily_game_ends_on_the_leaderboard(page: Page, live_server: LiveServer) -> None:
    page.goto("/")
    with page.expect_navigation(url="**/games/*"):
        page.get_by_role("button", name="Daily (pagat)", exact=True).click()
    title = page.locator("#table .game-title").inner_text()
    match = re.match(r"Daily (\d{4}-\d\d-\d\d) \(pagat\), ranked", title)
    assert match is not None, title
    day = match.group(1)
    assert "hand 1 of 8" in page.locator("#table .contract").inner_text()

    play_to_the_end(page)
    standings = page.locator("ol.standings").inner_text()
    mine = re.search(r"You: (-?\d+)", standings)
    assert mine is not None, standings

    form = page.locator("form.nickname")
    form.locator('input[name="nickname"]').fill(f"  {NICKNAME} ")
    with page.expect_navigation(url="**/leaderboard*"):
        form.get_by_role("button", name="Save and see the board").click()
    assert f"day={day}" in page.url and "rules=pagat" in page.url

    own = page.locator("table.leaderboard tr.own")
    assert own.count() == 1, "the player's own row is highlighted"
    cells = own.locator("td").all_inner_texts()
    assert cells[1] == f"{NICKNAME} (you)"
    assert int(cells[2]) == int(mine.group(1)), "the board shows the game's total"
    background = own.evaluate("row => getComputedStyle(row).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent"), "the own row stands out"
