"""The table in a player's hands, measured in a real browser at 360×640, 375×667 and 1280×800,
on a phone on its side (740×360: the phone's table, the felt beside the hand; in German only
for the first screen, the longest words, since the layout is the same in every language) and
on a tablet held upright (768×1024: the game's panel above the table, not beside it):
the whole hand, the trick and the controls of the moment on the first screen in every
language (the reservations of a daily game, the Armut's choices, the play); every playable
card with a free square of at least 44×44 px for a finger; nothing that moves during a hand;
a bot's call as a badge at its seat; and a change of who plays with whom (a Hochzeit's
partner, an Armut, a silent solo revealed) shown over the table as the live region reads it.
Screenshots of each state go to test-artifacts/ (`layout-<state>-<language>-<width>.png`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from app.languages.i18n import LANGUAGES
from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.table import (
    ARTIFACTS,
    FINGER,
    SMALL_PHONE,
    armut_offered_seed,
    poor_seed,
    start_seeded_game,
)

from .clicks import click_action, enabled_actions, pick_three, play_until, post_to_a_new_game, step

LANDSCAPE = {"width": 740, "height": 360}
TABLET = {"width": 768, "height": 1024}
SIZES = {"360": SMALL_PHONE, "375": PHONE, "1280": DESKTOP, "740": LANDSCAPE, "768": TABLET}
PHONES = ("360", "375", "740")
"""The sizes with the phone's table: the details and the solos folded, the hand in two rows."""
FIRST_SCREENS = [
    *((language, size) for language in LANGUAGES for size in ("360", "375", "1280")),
    ("de", "740"),
]
CALLING_SEED = "reader-6"
"""A deal where a bot announces during the first hand."""

OFF_THE_FIRST_SCREEN = """() => {
    window.scrollTo(0, 0);
    const inside = box => box.top >= 0 && box.left >= 0
        && box.bottom <= innerHeight && box.right <= innerWidth;
    const parts = [...document.querySelectorAll(
        '#table .hand .card, #table .trick-area, #act .controls > button, '
        + '#act .controls > details > summary, #act .pick button, #act .announce button')];
    const shown = parts.filter(part => part.checkVisibility());
    return {
        cards: shown.filter(part => part.matches('.card')).length,
        controls: shown.filter(part => part.matches('button:not(.card), summary')).length,
        outside: shown.filter(part => !inside(part.getBoundingClientRect()))
            .map(part => part.dataset.action || part.dataset.card || part.className),
        bottom: Math.round(Math.max(...shown.map(part => part.getBoundingClientRect().bottom))),
    };
}"""
"""The hand's cards, the trick and the controls shown that are not wholly on the first screen,
and the lowest edge among them."""

FREE_SQUARES = """enough => {
    const free = card => {
        const box = card.getBoundingClientRect();
        const left = Math.ceil(box.left), top = Math.ceil(box.top);
        const width = Math.floor(box.right) - left, height = Math.floor(box.bottom) - top;
        let best = 0, above = new Array(width).fill(0);
        for (let y = 0; y < height && best < enough; y++) {
            const row = new Array(width).fill(0);
            for (let x = 0; x < width; x++) {
                const hit = document.elementFromPoint(left + x + 0.5, top + y + 0.5);
                if (!hit || !card.contains(hit)) continue;
                row[x] = x && y ? 1 + Math.min(row[x - 1], above[x], above[x - 1]) : 1;
                best = Math.max(best, row[x]);
            }
            above = row;
        }
        return best;
    };
    window.scrollTo(0, 0);
    return [...document.querySelectorAll('#table .hand .playable, #table .hand .pickable')]
        .map(card => [card.dataset.action || card.dataset.card, free(card)]);
}"""
"""Each playable (or pickable) card with the side of the largest square of it that a tap
reaches: no other card (nor anything else) lies over it. The scan stops once a square of
`enough` px is found (each point is asked of the browser, and the rows below it cannot make
the card worse)."""

OVERLAPPING_CARDS = """() => {
    const cards = [...document.querySelectorAll('#table .hand .card')]
        .map(card => card.getBoundingClientRect());
    return cards.slice(1).filter((card, at) => card.left < cards[at].right - 0.5).length;
}"""
"""How many of the hand's cards lie partly over their left neighbour."""

WATCH_SHIFTS = """() => {
    window.shifts = [];
    new PerformanceObserver(list => window.shifts.push(...list.getEntries().map(e => e.value)))
        .observe({type: 'layout-shift', buffered: true});
}"""
"""Keeps the value of every layout shift the browser reports, after input or not."""
PLACES = """() => {
    window.scrollTo(0, 0);
    const top = part => Math.round(document.querySelector(part).getBoundingClientRect().top);
    return {felt: top('.felt'), trick: top('.trick-area'), hand: top('.hand')};
}"""


def keep(page: Page, state: str, language: str, size: str, moving: bool = False) -> None:
    """A screenshot of the first screen; `moving`: as it is now, a notice in the middle of
    its few seconds (otherwise as the animations end)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"layout-{state}-{language}-{size}.png"
    page.mouse.move(0, 0)
    page.screenshot(path=str(path), animations="allow" if moving else "disabled")


def playing(page: Page) -> bool:
    return any(action.startswith("play ") for action in enabled_actions(page))


def on_the_first_screen(page: Page, state: str, language: str, size: str) -> list[str]:
    """What of the hand, the trick and the controls lies off the first screen (the page
    scrolled to its top), as problems; keeps a screenshot."""
    page.mouse.move(0, 0)
    seen = page.evaluate(OFF_THE_FIRST_SCREEN)
    keep(page, state, language, size)
    assert seen["cards"] >= 12, (state, seen)
    assert seen["controls"] >= 1 or state.endswith("play"), (state, seen)
    if not seen["outside"]:
        return []
    return [f"{state}: {seen['outside']} below {SIZES[size]['height']} px (to {seen['bottom']})"]


def folded_on_a_phone(page: Page, size: str) -> list[str]:
    """A phone folds the day's deadline and hash into a details, which opens over the table;
    a wide screen shows them."""
    deadline = page.locator("#table .deadline").first
    if size not in PHONES:
        return [] if deadline.is_visible() else ["the deadline is not shown on a wide screen"]
    if deadline.is_visible():
        return ["the deadline is on a phone's table, not folded"]
    page.locator("#table .game-more > summary").click()
    unfolded = deadline.is_visible() and page.locator("#table .hash").is_visible()
    page.locator("#table .game-more > summary").click()
    return [] if unfolded else ["the details do not show the deadline and the hash"]


def solos_in_reach(page: Page, size: str) -> list[str]:
    """Every solo is one tap away (a menu on a phone) and then on the first screen, each a
    finger's height."""
    menu = page.locator("#act .solos > summary")
    if menu.is_visible():
        menu.click()
    heights = page.eval_on_selector_all(
        "#act [data-action^=solo-]",
        """solos => solos.map(solo => {
            const box = solo.getBoundingClientRect();
            return solo.checkVisibility() && box.top >= 0 && box.bottom <= innerHeight
                ? box.height : 0;
        })""",
    )
    if menu.is_visible():
        page.keyboard.press("Escape")
    if len(heights) < 7 or min(heights) < FINGER:
        return [f"the solos at {size}: heights on the first screen {heights}"]
    return []


@pytest.mark.parametrize(("language", "size"), FIRST_SCREENS)
def test_the_hand_and_the_controls_are_on_the_first_screen(
    new_context: Callable[..., BrowserContext], language: str, size: str
) -> None:
    """The reservations of today's daily game (the longest header: title, deadline, hash),
    its play, and an Armut: the poor player's pick, the offer, the taker's fifteen cards to
    give back from, and the play after it."""
    page = new_context(SIZES[size]).new_page()
    page.goto(f"/language?lang={language}&back=/")
    with page.expect_navigation(url="**/games/*"):
        page.locator('.modes form[action^="/daily/"] button').first.click()
    problems = on_the_first_screen(page, "daily-reservations", language, size)
    problems += folded_on_a_phone(page, size)
    problems += solos_in_reach(page, size)
    play_until(page, playing)
    problems += on_the_first_screen(page, "daily-play", language, size)

    start_seeded_game(page, poor_seed())
    click_action(page, "armut")
    problems += on_the_first_screen(page, "armut-pick", language, size)

    start_seeded_game(page, armut_offered_seed())
    play_until(page, lambda p: "armut-accept" in enabled_actions(p))
    problems += on_the_first_screen(page, "armut-offered", language, size)
    click_action(page, "armut-accept")
    page.locator(".hand label[data-card]").first.wait_for()
    problems += on_the_first_screen(page, "armut-return", language, size)
    pick_three(page)
    play_until(page, playing)
    problems += on_the_first_screen(page, "armut-play", language, size)
    assert not problems, "\n".join(problems)


def small_squares(page: Page, state: str) -> list[str]:
    page.mouse.move(0, 0)
    squares = page.evaluate(FREE_SQUARES, FINGER)
    assert squares, f"{state}: no card to tap"
    return [f"{state}: {card} offers {side}×{side} px" for card, side in squares if side < FINGER]


@pytest.mark.parametrize("size", list(SIZES))
def test_every_playable_card_offers_a_finger_its_own_square(
    new_context: Callable[..., BrowserContext], size: str
) -> None:
    """The poor player's twelve cards to pick from, the taker's fifteen, and every card
    playable through the taker's hand: each shows a free square of at least 44×44 px. On a
    wide screen (1280) the hand lies side by side, no card over another."""
    page = new_context(SIZES[size]).new_page()
    page.goto("/")
    start_seeded_game(page, poor_seed())
    click_action(page, "armut")
    problems = small_squares(page, "the poor player's pick")

    start_seeded_game(page, armut_offered_seed())
    play_until(page, lambda p: "armut-accept" in enabled_actions(p))
    click_action(page, "armut-accept")
    page.locator(".hand label[data-card]").first.wait_for()
    problems += small_squares(page, "the taker's fifteen")
    pick_three(page)
    tricks = 0
    while page.locator("section.summary").count() == 0:
        if playing(page):
            tricks += 1
            problems += small_squares(page, f"play, card {tricks}")
            if size == "1280" and tricks == 1:
                overlapping = page.evaluate(OVERLAPPING_CARDS)
                assert overlapping == 0, f"{overlapping} cards lie over their neighbour"
        step(page, [])
    assert tricks == 12
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", list(SIZES))
def test_nothing_moves_during_a_hand(new_context: Callable[..., BrowserContext], size: str) -> None:
    """A whole hand with a bot's call, from the reservations to the last trick: the browser's
    own measure of layout shift stays below 0.05 (every shift counted, after input too), and
    the felt, the trick and the hand keep their places from one move to the next."""
    page = new_context(SIZES[size]).new_page()
    page.goto("/")
    start_seeded_game(page, CALLING_SEED)
    page.evaluate(WATCH_SHIFTS)
    places = [page.evaluate(PLACES)]
    while page.locator("section.summary").count() == 0:
        step(page, [])
        if page.locator("#table .hand .card").count():
            places.append(page.evaluate(PLACES))
    assert page.locator("#table .calls li").count() > 0, f"no call in {CALLING_SEED}'s hand"
    shift = sum(page.evaluate("window.shifts"))
    assert shift < 0.05, f"layout shift {shift:.3f} over the hand"
    for part in ("felt", "trick", "hand"):
        tops = sorted({place[part] for place in places})
        assert len(tops) == 1, f"the {part}'s top moved: {tops} px"


def test_a_bots_call_is_a_badge_at_its_seat(new_context: Callable[..., BrowserContext]) -> None:
    """On a phone, where the list of calls is not shown: the bot's call stands at its seat as
    "Re!" (or "Kontra!"), unlike the label of a team merely known."""
    page = new_context(PHONE).new_page()
    page.goto("/")
    start_seeded_game(page, CALLING_SEED)
    bots_call = "#table .felt .seat:not(.seat-south) .called"
    play_until(page, lambda p: p.locator(bots_call).count() > 0)
    badge = page.locator(bots_call).first
    seat = badge.locator("xpath=..")
    name = seat.locator(".name").inner_text().split()[0]
    calls = page.locator("#table .calls li").filter(has_text=f"{name}: ")
    assert badge.is_visible()
    assert badge.inner_text() == calls.last.locator("strong").inner_text() + "!"
    box, felt = seat.bounding_box(), page.locator("#table .felt").bounding_box()
    assert box is not None and felt is not None
    assert felt["y"] <= box["y"] and box["y"] + box["height"] <= felt["y"] + felt["height"]
    keep(page, "bot-call", "en", "375")
    team = page.locator("#table .seat .team").first
    looks = "el => getComputedStyle(el).backgroundColor"
    assert badge.evaluate(looks) != team.evaluate(looks), "a call looks unlike a team known"


ACROSS_THE_LINE = """notice => {
    const box = notice.getBoundingClientRect();
    const line = document.querySelector('#table .info').getBoundingClientRect();
    const mask = getComputedStyle(notice, '::before');
    const opaque = style => style.backgroundColor.startsWith('rgb(');
    const covered = box.top - parseFloat(mask.height) <= line.top;
    return opaque(getComputedStyle(notice)) && opaque(mask) && covered
        && box.left <= line.left + 1 && box.right >= line.right - 1;
}"""
"""Whether a phone's notice, which lies over the game's line (often the same sentence), hides
that line, none of whose words may show round its edges: the notice is as wide as the line
and opaque, and the page's colour above it reaches the line's top."""
EASY, NORMAL, ARMUT = {"level": "easy"}, {"level": "normal"}, {"level": "normal", "armut": "on"}
NEWS_CASES = [
    pytest.param(EASY, "plain-7", "Re in the Hochzeit: ", id="a-bots-hochzeit-partner"),
    pytest.param(NORMAL, "queens-204", "Silent solo: ", id="a-bots-silent-solo"),
    pytest.param(ARMUT, poor_seed(), "Armut: you are poor, ", id="an-armut"),
]
"""The Rules dialog's choices, the deal, and how the notice begins (the seeds of
tests/web/test_spoken_contract.py: a bot's Hochzeit, a bot's silent solo; the player's own
Armut, taken by a bot, told by its outcome)."""


@pytest.mark.parametrize(("rules", "seed", "news"), NEWS_CASES)
def test_a_change_of_teams_is_shown_over_the_table(
    new_context: Callable[..., BrowserContext], rules: dict[str, str], seed: str, news: str
) -> None:
    """The moment is shown over the felt, in the words the live region reads for it, for a
    few seconds; then it is gone and the table is as it was."""
    page = new_context(PHONE).new_page()
    page.goto("/")
    post_to_a_new_game(page, "/rules", {"preset": "pagat", **rules})
    start_seeded_game(page, seed)
    notices = "#table .felt > .news"
    shown: list[str] = []
    while not any(text.startswith(news) for text in shown):
        assert page.locator("section.summary").count() == 0, f"no {news!r} shown: {shown}"
        step(page, ["armut"])
        shown = page.locator(notices).all_inner_texts()
    told = page.locator("#table .speech li, #table .armut-note").all_text_contents()
    assert set(shown) <= set(told), "the notices are the live region's words, or the Armut's line"
    notice = page.locator(notices).filter(has_text=news).first
    page.wait_for_timeout(600)
    assert notice.evaluate("n => getComputedStyle(n).opacity") == "1"
    assert notice.evaluate(ACROSS_THE_LINE), "the game's line shows round the notice's edges"
    keep(page, f"news-{seed}", "en", "375", moving=True)
    page.wait_for_function(
        "() => [...document.querySelectorAll('#table .felt > .news')]"
        ".every(n => getComputedStyle(n).visibility === 'hidden')",
        timeout=6000,
    )


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_rules_dialog_fits_a_small_phones_width(
    new_context: Callable[..., BrowserContext], language: str
) -> None:
    """The longest choice (the Hochzeit's deadlines) once stretched the Variants box past the
    dialog, which then scrolled sideways with its labels cut off."""
    page = new_context(SMALL_PHONE).new_page()
    page.goto(f"/language?lang={language}&back=/")
    page.locator("button[data-open-dialog=rules-dialog]").first.click()
    dialog = page.locator("#rules-dialog[open]")
    dialog.wait_for()
    widths = dialog.evaluate(
        "d => [d.scrollWidth, d.clientWidth, ...[...d.querySelectorAll('select')]"
        ".map(s => s.getBoundingClientRect().right - d.getBoundingClientRect().right)]"
    )
    scroll_width, client_width, *overhangs = widths
    assert scroll_width <= client_width, f"the dialog scrolls sideways: {widths}"
    assert all(overhang <= 0 for overhang in overhangs), f"a choice sticks out: {widths}"


def test_on_a_phone_on_its_side_the_last_trick_opens_over_the_felt(
    new_context: Callable[..., BrowserContext],
) -> None:
    """Under the felt it took the right column's rows along and pushed the hand off the
    screen; over the felt it leaves the hand in place and its own button free to close it."""
    page = new_context(LANDSCAPE).new_page()
    page.goto("/")
    start_seeded_game(page, CALLING_SEED)
    play_until(page, lambda p: p.locator(".last-trick-button").count() > 0 and playing(p))
    before = page.evaluate(PLACES)
    page.locator(".last-trick-button").click()
    opened = page.locator("#last-trick")
    opened.wait_for()
    box = opened.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= LANDSCAPE["height"]
    assert page.evaluate(PLACES) == before, "the felt, the trick and the hand stay in place"
    hand = page.evaluate("document.querySelector('.hand').getBoundingClientRect().bottom")
    assert hand <= LANDSCAPE["height"]
    page.locator(".last-trick-button").click()
    assert opened.is_hidden(), "its button is not under it"
