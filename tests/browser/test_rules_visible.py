"""The rule set in use stays readable wherever it is named (UI: "the rule set and variants
visible on the table, not hidden in a menu"): the longest rule sets the Rules dialog can
make are named in words, whole, inside their panel, and never make a page wider than a
phone."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.helpers.chromium import DESKTOP, PHONE

from .clicks import post_to_a_new_game

LONG_RULES = {
    "preset": "pagat",
    "armut": "on",
    "second_dulle_beats_first": "on",
    "soloist_leads": "on",
    "schweinchen": "on",
    "without_nines": "on",
    "late_reply_allows_more": "on",
    "hands_per_game": "12",
}
"""Nearly every variant of pagat switched: the name says each of them."""

KEYS_SHOWN = """() => [...document.querySelectorAll('main .rules-name')]
    .filter(key => key.dataset.rules.includes('+'))
    .map(key => {
        const box = key.getBoundingClientRect();
        const panel = key.parentElement.getBoundingClientRect();
        return {
            text: key.textContent,
            clipped: key.scrollWidth > key.clientWidth + 1,
            outside: box.right > panel.right + 1 || box.left < panel.left - 1,
        };
    })"""
"""Every rule set named on the page with variants, whether it is cut or runs out of its
parent."""


def choose_rules(page: Page, fields: dict[str, str]) -> None:
    """Submits the Rules dialog's form (which starts a game with the rules)."""
    post_to_a_new_game(page, "/rules", fields)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_long_rule_set_is_named_whole(
    new_context: Callable[..., BrowserContext], viewport: dict[str, int]
) -> None:
    page = new_context(viewport).new_page()
    page.goto("/")
    choose_rules(page, LONG_RULES)
    table = page.url
    for path in (table, "/", "/history", "/how-to-play"):
        page.goto(path)
        keys = page.evaluate(KEYS_SHOWN)
        assert keys, f"{path} names no rule set"
        for key in keys:
            assert "Schweinchen" in key["text"] and "without nines" in key["text"], (path, key)
            assert not key["clipped"] and not key["outside"], (path, key)
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"{path} is wider than the screen: {width}"


@pytest.mark.parametrize(
    ("preset", "scoring", "shift"),
    [("ddv", "ddv", "tricks_minus_one"), ("pagat", "pagat", "tricks")],
)
def test_a_preset_sets_the_dialogs_choices_and_their_words_wrap_on_a_phone(
    new_context: Callable[..., BrowserContext], preset: str, scoring: str, shift: str
) -> None:
    """The scoring table and the Hochzeit deadlines are radio buttons: a select cut "the
    number of the trick that found the partner" on a phone. Choosing a preset checks its
    values, as it does the checkboxes."""
    page = new_context(PHONE).new_page()
    page.goto("/")
    page.get_by_role("button", name="Rules", exact=True).click()
    dialog = page.locator("#rules-dialog")
    other = "pagat" if preset == "ddv" else "ddv"
    dialog.locator(f'input[name="preset"][value="{other}"]').check()
    dialog.locator(f'input[name="preset"][value="{preset}"]').check()
    assert dialog.locator('input[name="scoring"]:checked').get_attribute("value") == scoring
    checked = dialog.locator('input[name="hochzeit_deadline_shift"]:checked')
    assert checked.get_attribute("value") == shift
    labels = dialog.locator("fieldset.choice label")
    assert labels.count() == 4, "two choices of two values each"
    for label in labels.all():
        label.scroll_into_view_if_needed()
        assert label.evaluate("l => l.scrollWidth <= l.clientWidth + 1"), label.inner_text()
