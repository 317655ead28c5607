"""The rule set in use stays readable on the table (UI: "the rule set and variants visible on
the table, not hidden in a menu"): the longest keys the Rules dialog can make are shown whole,
inside the game's info panel, on a phone and on a desktop."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext

from .conftest import DESKTOP, PHONE

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
"""Every variant of pagat switched: the key names each of them."""

KEY_OUTSIDE = """() => {
    const key = document.querySelector('.info code');
    const panel = key.closest('p').getBoundingClientRect();
    const box = key.getBoundingClientRect();
    return {
        text: key.textContent,
        clipped: key.scrollWidth > key.clientWidth + 1,
        outside: box.right > panel.right + 1 || box.left < panel.left - 1,
    };
}"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_long_rule_set_key_is_shown_whole_on_the_table(
    new_context: Callable[..., BrowserContext], viewport: dict[str, int]
) -> None:
    page = new_context(viewport).new_page()
    page.goto("/")
    with page.expect_navigation(url="**/games/*"):
        page.evaluate(
            """fields => {
                const form = document.createElement('form');
                form.method = 'post';
                form.action = '/rules';
                for (const [name, value] of Object.entries(fields)) {
                    const field = document.createElement('input');
                    field.name = name;
                    field.value = value;
                    form.append(field);
                }
                document.body.append(form);
                form.submit();
            }""",
            LONG_RULES,
        )
    shown = page.evaluate(KEY_OUTSIDE)
    assert shown["text"].startswith("pagat+") and "without_nines" in shown["text"]
    assert not shown["clipped"] and not shown["outside"], shown
