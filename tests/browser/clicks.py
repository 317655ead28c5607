"""Driving the table in a real browser the way a player does: only through the `data-action`
controls, the Armut pick labels and the Next hand button."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

MAX_STEPS = 300
"""Clicks a whole game may take (8 hands of 12 tricks and their reservations)."""


def open_menu(page: Page) -> None:
    """Opens the header's menu where the screen folds the pages and languages into it (a
    phone); elsewhere they are in the header's row already."""
    summary = page.locator("header details.menu > summary")
    if summary.count() and summary.is_visible() and not summary.evaluate("s => s.parentNode.open"):
        summary.click()


def enabled_actions(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        "#table [data-action]", "els => els.filter(e => !e.disabled).map(e => e.dataset.action)"
    )


def changes_table(page: Page, act: Callable[[], None]) -> None:
    """Does `act` and waits until the table has been replaced (htmx swap or a new page), then
    fails on any error message the server put on the table."""
    page.evaluate("document.getElementById('table').dataset.stale = 'yes'")
    act()
    page.wait_for_function(
        "() => { const t = document.getElementById('table'); return t && !t.dataset.stale; }"
    )
    alerts = page.locator("#table [role=alert]")
    assert alerts.count() == 0, f"the server refused a click: {alerts.all_inner_texts()}"


def click_action(page: Page, action: str) -> None:
    """Clicks the control as a player does: a solo folded into the phone's Solo menu is
    reached by opening the menu first."""
    chosen = f'[data-action="{action}"]'
    control = page.locator(f"#table {chosen}").first
    if not control.is_visible():
        # `has` is read inside each menu: the control's selector without its "#table".
        menu = page.locator("#table details.menu", has=page.locator(chosen))
        if menu.count():
            menu.locator("summary").click()
    changes_table(page, control.click)


def pick_three(page: Page) -> list[str]:
    """Armut pick: every trump first (required when passing, and chosen already), then the
    first plain cards; the confirm button is pressed once three boxes are checked."""
    trumps = page.locator("label[data-card].trump").all()
    plain = page.locator("label[data-card]:not(.trump)").all()
    chosen = (trumps + plain)[:3]
    for label in chosen:
        if not label.locator("input").is_checked():
            label.click()
    assert page.locator('input[name="cards"]:checked').count() == 3
    confirm = "armut-give" if "armut-give" in enabled_actions(page) else "armut-return"
    codes = [label.get_attribute("data-card") or "" for label in chosen]
    click_action(page, confirm)
    return codes


def choose(actions: list[str], wishes: list[str]) -> str:
    """A wished-for action (a prefix, used once) when offered; otherwise healthy in the
    reservations, a card in play, or the first choice offered (Armut answers)."""
    for wish in wishes:
        match = next((action for action in actions if action.startswith(wish)), None)
        if match is not None:
            wishes.remove(wish)
            return match
    if "healthy" in actions:
        return "healthy"
    plays = [action for action in actions if action.startswith("play ")]
    others = [action for action in actions if not action.startswith("announce ")]
    return (plays or others)[0]


def game_over(page: Page) -> bool:
    """The final standings are shown (found by their class: the page may be in any language)."""
    return page.locator("section.summary ol.standings").count() > 0


MOVES = """() => ({
    next: document.querySelector('button.next-hand') !== null,
    pick: document.querySelector('label[data-card]') !== null,
    actions: [...document.querySelectorAll('#table [data-action]')]
        .filter(e => !e.disabled).map(e => e.dataset.action),
})"""
"""What the page offers the human: Next hand, an Armut pick, the enabled controls (one round
trip where three lookups took three)."""


def step(page: Page, wishes: list[str]) -> None:
    """One human move: deal on, pick Armut cards, or click a `data-action` control."""
    offered = page.evaluate(MOVES)
    if offered["next"]:
        changes_table(page, page.locator("button.next-hand").click)
    elif offered["pick"]:
        pick_three(page)
    else:
        actions = offered["actions"]
        assert actions, "the human has nothing to do and the hand is not over"
        click_action(page, choose(actions, wishes))


def play_until(page: Page, done: Callable[[Page], bool], wishes: list[str] | None = None) -> None:
    wishes = [] if wishes is None else wishes
    for _ in range(MAX_STEPS):
        if done(page):
            return
        step(page, wishes)
    raise AssertionError(f"not done after {MAX_STEPS} moves")


def post_to_a_new_game(page: Page, action: str, fields: dict[str, str]) -> str:
    """POSTs `fields` to `action` from the page itself, as a form the UI does not offer (a
    seed, rules set without the dialog); returns the URL of the game it starts."""
    with page.expect_navigation(url="**/games/*"):
        page.evaluate(
            """([action, fields]) => {
                const form = document.createElement('form');
                form.method = 'post';
                form.action = action;
                for (const [name, value] of Object.entries(fields)) {
                    const field = document.createElement('input');
                    field.name = name;
                    field.value = value;
                    form.append(field);
                }
                document.body.append(form);
                form.submit();
            }""",
            [action, fields],
        )
    return page.url
