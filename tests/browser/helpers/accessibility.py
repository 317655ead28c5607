"""The axe-core audit and the contrast check, at both sizes and in both colour schemes. Shared
by several test modules (moved out of `tests/browser/test_accessibility.py`, so that no test
module imports another)."""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tests.browser.helpers.chromium import DESKTOP, PHONE

VIEWPORTS = {"phone": PHONE, "desktop": DESKTOP}

SCHEMES = ("light", "dark")

COLOUR_RULES = ["color-contrast", "link-in-text-block"]
"""The axe rules that read colours: all a colour scheme after the first can change, since the
dark scheme only sets colours (`prefers-color-scheme` in the style sheets)."""
EVERY_SCHEME_IN = "en"
"""The language whose pages are audited in every colour scheme; the others in the first.
The dark scheme's colours are the same in every language, and each page audited in another
language is audited in this one too (every audit runs over all the languages), while the
light pass in each language still meets what its words move (a longer line wrapping onto
another background). The dark passes of four languages were a fifth of the audits' time."""

SHOWN_NODES = 3

"""Offending elements named per violation in a failure (axe may find dozens of one kind)."""

AXE_SOURCE = Axe().axe_script
"""axe-core as the axe-playwright-python package vendors it."""

RUN_AXE = """async rules => {
    const only = rules ? {runOnly: {type: 'rule', values: rules}} : {};
    const results = await axe.run({...only, resultTypes: ['violations']});
    return results.violations.map(found => ({
        id: found.id,
        impact: found.impact,
        nodes: found.nodes.map(node => ({
            target: node.target,
            failureSummary: node.failureSummary,
        })),
    }));
}"""
"""The run `Axe().run(page)` makes (the same options: every rule axe enables), returning only
what `violations` reads: handing the whole result (passes, incomplete and inapplicable rules
included) over to Python took two thirds of each run's time. Given a list of rules, only
those run."""


def settled(page: Page) -> None:
    """Waits until every animation has run: a card fading in or the hand still locked (at
    75 % opacity) would be measured at a contrast the player never reads."""
    page.wait_for_function("() => document.getAnimations().every(a => a.playState === 'finished')")


def violations(page: Page, rules: list[str] | None = None) -> list[str]:
    """axe's violations on the page as it is now, one line each: the rule, its impact, how
    many elements break it and the first few of them. axe is put into each document once (a
    table swapped in by htmx, a new size or colour scheme keep the document). `rules`: only
    these of axe's rules (None: every rule it enables)."""
    if not page.evaluate("() => typeof window.axe?.run === 'function'"):
        page.evaluate(AXE_SOURCE)
    results = page.evaluate(RUN_AXE, rules)
    lines = []
    for found in results:
        targets = [" ".join(map(str, node["target"])) for node in found["nodes"]]
        first = "; ".join(targets[:SHOWN_NODES])
        summary = (found["nodes"][0].get("failureSummary") or "").replace("\n", " ")
        lines.append(
            f"{found['id']} ({found['impact']}, {len(targets)}×): {first} — {summary[:200]}"
        )
    return lines


# axe leaves out text on a gradient (the felt, a trump's tint) and text of one or two
# characters (a card's rank and suit): it reports them as "incomplete", not as passed. These
# are measured here, against every colour stop of the background behind them.
UNMEASURED = ".card .rank, .card .suit, .card .pip, .felt .seat span, .felt .seat abbr"

COLOURS_BEHIND = """els => els.filter(e => e.offsetParent !== null).map(e => {
    const style = getComputedStyle(e);
    let behind = [];
    for (let a = e; a && !behind.length; a = a.parentElement) {
        const s = getComputedStyle(a);
        behind = (s.backgroundImage.match(/rgba?\\([^)]*\\)/g) || []);
        if (!s.backgroundColor.endsWith(', 0)')) behind.push(s.backgroundColor);
    }
    const owner = e.closest('[data-card], [aria-label], .seat');
    const name = owner ? owner.getAttribute('aria-label') || owner.className : '';
    return {what: `${name} ${e.className}`, fg: style.color, behind,
            px: parseFloat(style.fontSize), bold: Number(style.fontWeight) >= 700};
})"""


def luminance(colour: str) -> float:
    """WCAG relative luminance of a computed `rgb(r, g, b)` colour."""
    channels = [int(value) / 255 for value in re.findall(r"[\d.]+", colour)[:3]]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def low_contrast(page: Page) -> list[str]:
    """Text axe cannot measure whose contrast with some part of its background is below
    WCAG AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold)."""
    found = []
    for text in page.eval_on_selector_all(UNMEASURED, COLOURS_BEHIND):
        large = text["px"] >= 24 or (text["bold"] and text["px"] >= 18.66)
        worst = min((contrast(text["fg"], colour) for colour in text["behind"]), default=21)
        if worst < (3 if large else 4.5):
            colours = f"{text['fg']} on {', '.join(text['behind'])}"
            found.append(f"contrast {worst:.2f}:1 of {text['what']} ({colours})")
    return sorted(set(found))


def audit(page: Page, where: str) -> list[str]:
    """Audits the page at each size, in each colour scheme for a page in `EVERY_SCHEME_IN`
    and in the first for any other; returns what axe and the contrast check found, named."""
    found = []
    language = page.evaluate("() => document.documentElement.lang")
    schemes = SCHEMES if language == EVERY_SCHEME_IN else SCHEMES[:1]
    for size, viewport in VIEWPORTS.items():
        page.set_viewport_size(viewport)
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme)
            settled(page)
            rules = None if scheme == SCHEMES[0] else COLOUR_RULES
            lines = violations(page, rules) + low_contrast(page)
            found += [f"{where} [{size}, {scheme}] {line}" for line in lines]
    return found


def report(found: list[str]) -> str:
    return f"{len(found)} accessibility problems:\n" + "\n".join(found)
