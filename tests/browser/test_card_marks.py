"""Issue 25, point 6: one blue frame meant three things. The keyboard's focus, a card received
in the Armut and a card picked to give each have a look of their own, told apart by shape and
sign and not by colour alone (focus: the blue ring; received: a tab with ⇩ at the card's foot;
picked: risen, with a ✓ above), and the card a hint names wears the hint's star (★), the only
card that does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import BrowserContext, Page

from tests.browser.helpers.chromium import PHONE
from tests.browser.helpers.table import armut_offered_seed, start_seeded_game

from .clicks import changes_table, click_action, enabled_actions, pick_three, play_until

LOOK = """(card) => {
    const style = getComputedStyle(card);
    const before = getComputedStyle(card, '::before');
    const after = getComputedStyle(card, '::after');
    return {
        outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
        before: before.content,
        after: after.content,
        shadow: style.boxShadow,
        risen: new DOMMatrix(style.transform).m42 < -1,
    };
}"""
HANDED_BACK_BEHIND = "ux54"
"""A deal whose human is poor, declares the Armut and, at the first card to play, holds a card
handed back (9♣) in the back row behind a playable card (K♥) of the front row."""
BLUE = "rgb(30, 111, 217)"
"""The focus ring's blue (#1e6fd9), the keyboard's alone."""


MARKS_IN_VIEW = """([selector, pseudo]) => [...document.querySelectorAll(selector)].map(card => {
    const box = card.getBoundingClientRect();
    let mark;
    if (pseudo) {
        const drawn = getComputedStyle(card, pseudo);
        const left = box.left + parseFloat(drawn.left), top = box.top + parseFloat(drawn.top);
        mark = {left, top, right: left + parseFloat(drawn.width),
                bottom: top + parseFloat(drawn.height)};
    } else {
        mark = card.querySelector('.hint-mark').getBoundingClientRect();
    }
    const points = [[0.5, 0.5], [0.15, 0.15], [0.85, 0.15], [0.15, 0.85], [0.85, 0.85]].map(
        ([across, down]) => [mark.left + across * (mark.right - mark.left),
                             mark.top + down * (mark.bottom - mark.top)]);
    const seen = points.every(([x, y]) => x > box.left && x < box.right && y > box.top
        && y < box.bottom && card.contains(document.elementFromPoint(x, y)));
    return [card.dataset.card || card.dataset.action, seen];
})"""
"""Each card of `selector` with whether its whole mark (`pseudo`: the ::before or ::after that
draws it; else its hint's star), its middle and near its four corners, lies on the card and
is not covered by another."""


def marks_hidden(page: Page, selector: str, pseudo: str | None = None) -> list[str]:
    found = page.evaluate(MARKS_IN_VIEW, [selector, pseudo])
    assert found, f"no {selector} to look at"
    return [card for card, shown in found if not shown]


def look(page: Page, selector: str) -> dict[str, Any]:
    return page.locator(selector).first.evaluate(LOOK)


def taking_the_armut(page: Page) -> None:
    page.goto("/")
    start_seeded_game(page, armut_offered_seed())
    play_until(page, lambda p: "armut-accept" in enabled_actions(p))
    click_action(page, "armut-accept")
    page.locator(".hand label[data-card]").first.wait_for()


def test_focus_received_and_picked_look_apart(new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(PHONE).new_page()
    taking_the_armut(page)
    received = ".hand label.received"
    plain = ".hand label:not(.received)"
    page.locator(plain).nth(1).click()
    page.locator(plain).nth(3).locator("input").focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    picked = look(page, f"{plain}:has(input:checked)")
    focused = look(page, f"{plain}:has(input:focus-visible)")
    got = look(page, f"{received}:not(:has(input:checked))")
    assert got["before"] == '"⇩"' and not got["risen"], "received: the ⇩ tab"
    assert picked["after"] == '"✓"' and picked["risen"], "picked: risen, with a ✓"
    assert picked["before"] in ("none", "normal") and focused["before"] in ("none", "normal")
    assert focused["after"] in ("none", "normal") and not focused["risen"]
    assert focused["outline"] and not picked["outline"] and not got["outline"], "focus: the ring"
    for other in (got, picked):
        assert BLUE not in other["shadow"], "no blue frame but the focus ring"
    assert "⇩" in page.locator(".received-legend").inner_text(), "the legend names the tab"


def test_the_card_a_hint_names_wears_the_star(new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(PHONE).new_page()
    taking_the_armut(page)
    pick_three(page)
    play_until(page, lambda p: any(a.startswith("play ") for a in enabled_actions(p)))
    page.locator("#table .hand .playable").first.focus()
    page.keyboard.press("h")
    hint = page.locator("#hint .hint-box[data-hint-action]")
    hint.wait_for(timeout=60_000)
    named = hint.get_attribute("data-hint-action")
    # The star is put on the card once the hint has arrived (starred_choice.js, after the swap).
    page.locator("#table .hinted").first.wait_for()
    starred = page.eval_on_selector_all(
        "#table .hinted", "els => els.map(e => e.dataset.action || e.dataset.card)"
    )
    assert starred == [named], "the card the hint names, and it alone, wears the star"
    star = page.locator("#table .hinted .hint-mark")
    assert star.is_visible() and star.inner_text() == "★"
    changes_table(page, page.locator(f'#table [data-action="{named}"]').click)
    assert page.locator("#table .hint-mark").count() == 0, "the star goes with the hint"


def test_every_mark_shows_on_its_own_card_in_a_phones_rows(
    new_context: Callable[..., BrowserContext],
) -> None:
    """On a phone the hand lies in rows, the front one over the foot of the row behind: the ⇩
    of a received card, the ✓ of a picked one and the ★ of a hint each lie on the card it
    marks, in view (at a card's foot a ⇩ of the back row was covered; above a front-row card
    the ✓ and the ★ lay on the card behind it)."""
    page = new_context(PHONE).new_page()
    page.emulate_media(reduced_motion="reduce")
    taking_the_armut(page)
    labels = page.locator(".hand label[data-card]")
    for back_and_front in (1, 12):
        labels.nth(back_and_front).click()
    assert marks_hidden(page, ".hand label.received", "::before") == []
    assert marks_hidden(page, ".hand label:has(input:checked)", "::after") == []
    for back_and_front in (1, 12):
        labels.nth(back_and_front).click()
    pick_three(page)
    play_until(page, lambda p: any(a.startswith("play ") for a in enabled_actions(p)))
    assert marks_hidden(page, ".hand .card.received", "::before") == []
    page.locator("#table .hand .playable").first.focus()
    page.keyboard.press("h")
    page.locator("#table .hinted .hint-mark").wait_for(timeout=60_000)
    assert marks_hidden(page, "#table .hand .hinted") == []


def test_the_cards_handed_back_to_the_poor_player_show_their_tab_in_a_phones_rows(
    new_context: Callable[..., BrowserContext],
) -> None:
    """A playable card of the front row stands raised over the foot of the card behind: the ⇩
    of a card handed back in the back row lay under it, only a sliver in view."""
    page = new_context(PHONE).new_page()
    page.emulate_media(reduced_motion="reduce")
    page.goto("/")
    start_seeded_game(page, HANDED_BACK_BEHIND)
    click_action(page, "armut")
    pick_three(page)
    play_until(page, lambda p: any(a.startswith("play ") for a in enabled_actions(p)))
    assert marks_hidden(page, ".hand .card.received", "::before") == []


PIPS_SHOWN = """() => [...document.querySelectorAll('#table .hand .card')].map(card => {
    const pip = card.querySelector('.pip');
    return pip !== null && pip.checkVisibility();
})"""
"""Whether each card of the hand shows its large pip."""


def test_side_by_side_every_card_shows_its_pip_and_overlapped_only_the_last(
    new_context: Callable[..., BrowserContext],
) -> None:
    """On a wide screen only the last card showed the large pip, though none overlaps another:
    the hand looked as if one card were drawn differently. Overlapped, a pip would be cut."""
    for width, shown in ((1280, [True] * 12), (1024, [False] * 11 + [True])):
        page = new_context({"width": width, "height": 800}).new_page()
        page.goto("/")
        start_seeded_game(page, "pips")
        assert page.evaluate(PIPS_SHOWN) == shown, width
