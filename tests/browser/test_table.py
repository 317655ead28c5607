"""The table in a real browser: whole games played by clicking the controls a player sees,
reloads, the remembered rules, the keyboard, phone and desktop layouts, and the page weight."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Request, Response

from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.table import (
    BUTTON_GAP,
    RELOAD_SEED,
    SMALL_PHONE,
    SOLO_SEED,
    armut_offered_seed,
    choose_rules,
    hand_cards,
    hand_label,
    normal_trumps,
    poor_seed,
    snapshot,
    start_seeded_game,
)
from tests.live import LiveServer

from .clicks import (
    changes_table,
    choose,
    click_action,
    enabled_actions,
    game_over,
    open_menu,
    pick_three,
    play_until,
)

FIRST_LOAD_BUDGET = 150_000
SOLO_CONTRACTS = {
    "solo-diamonds": "Diamond solo",
    "solo-hearts": "Heart solo",
    "solo-spades": "Spade solo",
    "solo-clubs": "Club solo",
    "solo-queens": "Queen solo",
    "solo-jacks": "Jack solo",
    "solo-fleischlos": "Fleischlos",
}


# --- driving the page -------------------------------------------------------------------------


def version(page: Page) -> int:
    return int(page.locator('#act input[name="version"]').input_value())


def rules_key_on_table(page: Page) -> str:
    return page.locator("#table .info .rules-name").get_attribute("data-rules") or ""


def record_requests(page: Page) -> list[str]:
    urls: list[str] = []

    def seen(request: Request) -> None:
        urls.append(request.url)

    page.on("request", seen)
    return urls


def assert_all_local(urls: list[str], server: LiveServer) -> None:
    assert urls, "no request was recorded"
    foreign = [url for url in urls if not (url.startswith(server.url + "/") or url == server.url)]
    foreign = [url for url in foreign if not url.startswith("data:")]
    assert foreign == [], f"requests to other origins: {foreign}"


# --- whole games ------------------------------------------------------------------------------


def test_whole_game_with_a_solo_and_an_announcement(page: Page, live_server: LiveServer) -> None:
    requests = record_requests(page)
    choose_rules(page, hands=2)
    assert rules_key_on_table(page) == "pagat+hands_per_game=2"
    assert "hand 1 of 2" in hand_label(page)
    start_seeded_game(page, SOLO_SEED)
    assert "hand 1 of 2" in hand_label(page)

    solos = [action for action in enabled_actions(page) if action.startswith("solo-")]
    assert sorted(solos) == sorted(SOLO_CONTRACTS), "every solo is offered in the reservations"
    click_action(page, solos[0])
    assert page.locator("#table .info .contract strong").inner_text() == SOLO_CONTRACTS[solos[0]]

    announce = [action for action in enabled_actions(page) if action.startswith("announce ")]
    assert announce and announce[0] == "announce re", "the soloist may announce Re at once"
    click_action(page, announce[0])
    assert "You: Re" in page.locator("#table .calls").inner_text()

    play_until(page, lambda p: p.locator("section.summary").count() > 0)
    summary = page.locator("section.summary")
    assert SOLO_CONTRACTS[solos[0]] in summary.locator("h2").inner_text()
    assert "Re was announced" in summary.locator(".items").inner_text()
    assert "(You)" in summary.locator(".points").inner_text(), "the soloist is Re alone"

    play_until(page, game_over)
    assert "hand 2 of 2" in hand_label(page)
    assert page.locator("ol.standings li").count() == 4
    assert page.get_by_role("button", name="New game", exact=True).count() == 1
    assert_all_local(requests, live_server)


def test_an_armut_is_passed_by_keyboard(page: Page) -> None:
    """After Enter on "Armut", the focus is on the first card to choose (not lost at the top
    of the page), and the trumps, which must all go, are chosen already: the arrows step from
    card to card, Space chooses, and Tab goes on to the pass button, below the cards."""
    page.goto("/")
    seed = poor_seed()
    start_seeded_game(page, seed)
    page.locator('#table [data-action="armut"]').focus()
    changes_table(page, lambda: page.keyboard.press("Enter"))
    page.wait_for_function("() => document.activeElement.matches('.pickable input')")
    first = page.locator(".pickable input").first
    assert first.evaluate("input => input === document.activeElement")
    trumps = len(normal_trumps(seed))
    checked = page.locator('.pickable input[name="cards"]:checked')
    assert checked.count() == trumps
    for _ in range(trumps):
        page.keyboard.press("ArrowRight")
    while checked.count() < 3:
        page.keyboard.press("Space")
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "armut-give"
    changes_table(page, lambda: page.keyboard.press("Enter"))


def test_whole_game_with_an_armut(page: Page, live_server: LiveServer) -> None:
    requests = record_requests(page)
    seed = poor_seed()
    choose_rules(page, hands=2)
    start_seeded_game(page, seed)
    assert "armut" in enabled_actions(page)
    click_action(page, "armut")

    labels = page.locator("label[data-card]")
    assert labels.count() == 12
    trumps = sorted(
        page.eval_on_selector_all("label[data-card].trump", "l => l.map(e => e.dataset.card)")
    )
    assert trumps == normal_trumps(seed), "the trumps marked are those of the normal game"
    passed = pick_three(page)
    assert set(normal_trumps(seed)) <= set(passed)

    note = page.locator("#table .armut-note").inner_text()
    assert "took the cards" in note and "came back" in note
    assert len(hand_cards(page)) == 12, "three cards came back"
    assert page.locator("#table .info .contract strong").inner_text() == "Armut (poverty)"

    play_until(page, game_over)
    assert "hand 2 of 2" in hand_label(page)
    assert page.locator("ol.standings li").count() == 4
    assert_all_local(requests, live_server)


# --- reloads and remembered rules -------------------------------------------------------------


def test_reload_mid_hand_shows_the_same_hand_and_play_goes_on(page: Page) -> None:
    page.goto("/")
    start_seeded_game(page, RELOAD_SEED)
    plays = 0
    for _ in range(20):
        actions = enabled_actions(page)
        click_action(page, choose(actions, []))
        plays += any(action.startswith("play ") for action in actions)
        if plays == 3:
            break
    before = (sorted(enabled_actions(page)), hand_cards(page), version(page))
    assert len(before[1]) == 9 and before[0]

    page.reload()
    after = (sorted(enabled_actions(page)), hand_cards(page), version(page))
    assert after == before

    click_action(page, choose(after[0], []))
    assert version(page) > before[2]
    assert len(hand_cards(page)) == 8


def test_rules_choice_survives_a_reload_and_a_new_page(
    new_context: Callable[..., BrowserContext],
) -> None:
    context = new_context()
    page = context.new_page()
    choose_rules(page, preset="ddv")
    first_game = page.url
    assert rules_key_on_table(page) == "ddv"
    assert "hand 1 of 12" in hand_label(page)

    page.reload()
    assert rules_key_on_table(page) == "ddv"

    other = context.new_page()
    other.goto("/")
    assert other.locator(".rules-line .rules-name").get_attribute("data-rules") == "ddv"
    assert other.locator(".rules-line .rules-name").inner_text() == "German club rules (DDV)"
    with other.expect_navigation(url="**/games/*"):
        other.get_by_role("button", name="New game", exact=True).click()
    assert other.url != first_game
    assert rules_key_on_table(other) == "ddv"
    assert "armut" not in enabled_actions(other), "ddv has no Armut"


# --- keyboard ---------------------------------------------------------------------------------


def test_first_playable_card_is_reached_with_tab_and_played_with_enter(page: Page) -> None:
    page.goto("/")
    start_seeded_game(page, RELOAD_SEED)
    play_until(page, lambda p: any(a.startswith("play ") for a in enabled_actions(p)))
    first_card = page.locator('[data-action^="play "]').first
    first = first_card.get_attribute("data-action")
    name = (first_card.get_attribute("aria-label") or "").removesuffix(", trump")
    cards_before = len(hand_cards(page))

    # The table focuses its first playable card by itself; start Tabbing from the page's top.
    page.focus("a.brand")
    focused = None
    for _ in range(60):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement && document.activeElement.dataset.action")
        if focused and focused.startswith("play "):
            break
    assert focused == first, "Tab reaches the first playable card before any other card"
    assert page.evaluate("document.activeElement.matches(':focus-visible')")

    changes_table(page, lambda: page.keyboard.press("Enter"))
    assert len(hand_cards(page)) == cards_before - 1
    assert page.locator(f'.played[aria-label^="You: {name}"]').count() >= 1


# --- layouts and screenshots ------------------------------------------------------------------


def test_the_first_tab_offers_to_skip_the_header(page: Page) -> None:
    """A keyboard player need not pass the header's ten links and buttons on every page: the
    first Tab shows a link to the content, and Enter on it moves the focus there."""
    page.goto("/how-to-play")
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    assert page.evaluate("document.activeElement.classList.contains('skip-link')")
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0, "shown once it has the focus"
    on_top = "([x, y]) => document.elementFromPoint(x, y).classList.contains('skip-link')"
    assert page.evaluate(on_top, [box["x"] + 5, box["y"] + 5]), "above the header, not under it"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.id === 'main'")
    page.keyboard.press("Tab")
    assert page.evaluate("document.getElementById('main').contains(document.activeElement)")


def test_the_end_of_the_game_puts_the_focus_on_what_comes_next(page: Page) -> None:
    """After the last card the keyboard is on the summary's main button (the nickname's save
    or a new game), not back at the top of the page."""
    choose_rules(page, hands=1)
    play_until(page, game_over)
    page.wait_for_function(
        "() => document.activeElement.matches('.summary .primary')", timeout=5000
    )


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_layouts_fit_the_screen(
    new_context: Callable[..., BrowserContext], size: str, viewport: dict[str, int]
) -> None:
    page = new_context(viewport).new_page()
    page.goto("/")
    complaints = [snapshot(page, f"home-{size}")]

    start_seeded_game(page, poor_seed())
    click_action(page, "armut")
    assert page.locator("label[data-card]").count() == 12
    complaints.append(snapshot(page, f"armut-pick-{size}"))
    pick_three(page)
    assert len(hand_cards(page)) == 12
    complaints.append(snapshot(page, f"table-twelve-cards-{size}"))

    play_until(page, lambda p: len(hand_cards(p)) <= 9)
    complaints.append(snapshot(page, f"table-mid-hand-{size}"))

    play_until(page, lambda p: p.locator("section.summary").count() > 0)
    complaints.append(snapshot(page, f"summary-{size}"))
    too_wide = [complaint for complaint in complaints if complaint]
    assert not too_wide, "\n".join(too_wide)


COVERED_MIDDLES = """els => els.filter(card => {
    const box = card.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !card.contains(hit);
}).map(card => card.dataset.card || card.getAttribute('aria-label'))"""
"""The cards whose middle is hidden under a neighbour: a tap there would hit the other card."""


SMALL_TARGETS = """([button, link]) => [
    ...[...document.querySelectorAll('#act button:not(.card)')]
        .filter(el => el.getBoundingClientRect().height < button)
        .map(el => el.dataset.action),
    ...[...document.querySelectorAll('.bar a, .bar button, .bar summary')]
        .filter(el => el.checkVisibility() && el.getBoundingClientRect().height < link)
        .map(el => el.textContent.trim()),
]"""
"""The controls shorter than a finger needs: the table's buttons under 44 px, the header's
links and buttons shown under 24 px (WCAG's least target size)."""


def test_the_controls_are_tall_enough_to_tap_on_a_phone(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = new_context(PHONE).new_page()
    page.goto("/")
    start_seeded_game(page, SOLO_SEED)
    assert page.evaluate(SMALL_TARGETS, [44, 24]) == []
    open_menu(page)
    heights = page.eval_on_selector_all(
        ".menu-panel a, .menu-panel button",
        "els => els.filter(e => e.checkVisibility()).map(e => e.getBoundingClientRect().height)",
    )
    assert len(heights) == 8, "the header's menu shows its pages, deck and languages"
    assert min(heights) >= 44, "each row of the menu fits a thumb"
    page.keyboard.press("Escape")
    play_until(page, lambda p: any(a.startswith("announce ") for a in enabled_actions(p)))
    assert page.locator(".announce .announce-skip").count() > 0, "the smaller announce steps"
    assert page.evaluate(SMALL_TARGETS, [44, 24]) == []


def taking_the_armut(page: Page) -> Locator:
    """The human takes an Armut and holds fifteen cards, each with its middle free to tap;
    returns them, to be picked."""
    page.goto("/")
    start_seeded_game(page, armut_offered_seed())
    play_until(page, lambda p: "armut-accept" in enabled_actions(p))
    click_action(page, "armut-accept")
    labels = page.locator(".hand label[data-card]")
    labels.first.wait_for()
    assert labels.count() == 15
    assert page.eval_on_selector_all(".hand label[data-card]", COVERED_MIDDLES) == []
    assert page.locator(".hand .received").count() == 3, "the three cards passed are framed"
    assert page.locator(".received-legend").is_visible(), "and the frame is explained"
    return labels


def test_every_card_can_be_tapped_in_its_middle_on_a_phone(
    new_context: Callable[..., BrowserContext],
) -> None:
    """The widest hand is the Armut taker's fifteen cards; it and the twelve that follow must
    leave each card's middle free, where a player's thumb (and a click) lands, and the hand
    must be on the first screen when the player is to play (not below the announce buttons)."""
    page = new_context(PHONE).new_page()
    labels = taking_the_armut(page)
    for label in labels.all()[:3]:
        label.click()
    assert page.evaluate(BUTTON_GAP) >= 8, "the button is below the cards, clear of them"
    for label in labels.all()[:3]:
        label.click()
    pick_three(page)
    play_until(page, lambda p: any(a.startswith("play ") for a in enabled_actions(p)))
    assert len(hand_cards(page)) == 12
    page.evaluate("window.scrollTo(0, 0)")
    hand_bottom = page.evaluate("document.querySelector('.hand').getBoundingClientRect().bottom")
    assert hand_bottom <= PHONE["height"], "the hand is below the first screen"
    assert page.eval_on_selector_all(".hand .card", COVERED_MIDDLES) == []


CLIPPED_RANKS = """els => els.filter((card, at) => {
    const rank = card.querySelector('.rank').getBoundingClientRect();
    return els.slice(at + 1).some(later => {
        const over = later.getBoundingClientRect();
        return rank.right > over.left + 1 && rank.left < over.right - 1
            && rank.bottom > over.top + 1 && rank.top < over.bottom - 1;
    });
}).map(card => card.dataset.card || card.getAttribute('aria-label'))"""
"""The cards whose rank in the corner runs under a card drawn over it, beside it or in the
row in front (a "10" read as "1")."""


def test_a_small_phone_leaves_every_middle_free_and_every_rank_readable(
    new_context: Callable[..., BrowserContext],
) -> None:
    """On a 360 px phone (many Android phones) the twelve cards of a hand still leave each
    card's middle free and each rank whole, and the Armut taker's fifteen leave the middles
    free."""
    page = new_context(SMALL_PHONE).new_page()
    taking_the_armut(page)
    pick_three(page)
    play_until(page, lambda p: any(a.startswith("play ") for a in enabled_actions(p)))
    assert len(hand_cards(page)) == 12
    assert any("Ten" in card for card in hand_cards(page)), "the seed's hand has a ten to read"
    assert page.eval_on_selector_all(".hand .card", COVERED_MIDDLES) == []
    assert page.eval_on_selector_all(".hand .card", CLIPPED_RANKS) == []
    page.evaluate("window.scrollTo(0, 0)")
    hand_bottom = page.evaluate("document.querySelector('.hand').getBoundingClientRect().bottom")
    assert hand_bottom <= SMALL_PHONE["height"], "the hand is on the first screen"


# --- what the page loads ----------------------------------------------------------------------


def test_first_table_load_is_light_and_local(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    starter = new_context().new_page()
    starter.goto("/")
    with starter.expect_navigation(url="**/games/*"):
        starter.get_by_role("button", name="New game", exact=True).click()
    table_url = starter.url

    fresh = new_context()
    fresh.add_cookies(starter.context.cookies())
    page = fresh.new_page()
    requests = record_requests(page)
    responses: list[Response] = []

    def received(response: Response) -> None:
        responses.append(response)

    page.on("response", received)
    page.goto(table_url)
    page.wait_for_load_state("networkidle")

    assert page.locator("#table").count() == 1
    loaded = {urlsplit(response.url).path for response in responses}
    assert {"/static/css/doko.css", "/static/js/doko.js"} <= loaded
    assert any(url.startswith("/static/vendor/htmx/") for url in loaded)
    sizes = {response.url: len(response.body()) for response in responses}
    assert sum(sizes.values()) <= FIRST_LOAD_BUDGET, f"first load too heavy: {sizes}"
    assert_all_local(requests, live_server)


@pytest.mark.parametrize(("touch", "named"), [(False, True), (True, False)])
def test_the_hints_key_is_named_only_where_there_is_a_keyboard(
    new_context: Callable[..., BrowserContext], touch: bool, named: bool
) -> None:
    """ "Hint (H)" named a key a phone's player has not got: without a keyboard's fine
    pointer the button says "Hint"."""
    page = new_context(PHONE, has_touch=touch, is_mobile=touch).new_page()
    page.goto("/")
    with page.expect_navigation(url="**/games/*"):
        page.locator('.modes form[action="/games"] button').click()
    hint = page.locator("#table button[data-hint]")
    assert hint.inner_text().startswith("Hint")
    assert hint.locator(".key-name").is_visible() is named
