"""Issue 25, point 3 in the browser: the screen never tells what happens before the cards do.
After the player's card the bots' cards come one by one (400 ms apart here); the table is
read at moments within that animation (its animations paused and set to the moment): a
seat's tricks, the team badges, the turn marker, the highlighted cards, the call row and the
game panel's list of calls may change only with the card that causes them, and a tap on the
table shows the end at once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from engine import Card, Contract, Rank, Suit, card_order, deal
from tests.browser.helpers.chromium import DESKTOP, PHONE, POLICY_ERROR
from tests.browser.helpers.table import SMALL_PHONE, start_seeded_game
from tests.browser.helpers.table_in_step import BOT_DELAY_MS
from tests.live import LiveServer

from .clicks import changes_table, enabled_actions

SLACK_MS = 30
"""Read this long before or after a moment of the animation."""
QUEEN = Card(Suit.CLUBS, Rank.QUEEN)

FREEZE = """() => {
    window.frozen = document.getAnimations();
    for (const shown of window.frozen) shown.pause();
}"""
SHOW_ALL = """() => {
    for (const shown of window.frozen || []) shown.finish();
    document.getElementById('table').classList.add('fast');
}"""
READ = """() => {
    const visible = (element) => !!element && getComputedStyle(element).visibility === 'visible';
    return {
        seats: [...document.querySelectorAll('#table .seat')].map((seat) => ({
            tricks: seat.querySelector('.counts').innerText.replace(/\\s+/g, ' ').trim(),
            team: [...seat.querySelectorAll('.team')].filter(visible).map((b) => b.innerText)[0],
            turn: [...seat.querySelectorAll('.turn')].some(visible),
        })),
        raised: [...document.querySelectorAll('#table .hand .playable')]
            .filter((card) => new DOMMatrix(getComputedStyle(card).transform).m42 < -1).length,
        calls: visible(document.querySelector('#table .announce')),
        listed: [...document.querySelectorAll('#table ul.calls > li:not(.muted)')]
            .filter(visible).length,
    };
}"""
TIMES = """() => {
    const time = (element, name) => parseInt(getComputedStyle(element).getPropertyValue(name)) || 0;
    const cards = [...document.querySelectorAll('#table .trick-area .played')]
        .map((card) => [card.className.match(/at-(\\w+)/)[1], time(card, '--delay')])
        .filter(([, delay]) => delay > 0);
    const wins = [...document.querySelectorAll('#table .trick-area .trick.finished')]
        .map((trick) => time(trick, '--win'));
    return { cards, wins, ready: time(document.getElementById('table'), '--ready') };
}"""
READ_AT = f"""(moments) => moments.map((ms) => {{
    for (const shown of window.frozen) shown.currentTime = ms;
    return ({READ})();
}})"""
"""The table read at each of the moments (ms) of the frozen animation, in one round trip."""
SEATS = ["south", "west", "north", "east"]


def queens_apart_seed() -> str:
    """A normal game for sure: nobody may declare an Armut (more than three trumps each), the
    player holds no Q♣ and two bots one each, so the bots' Q♣ tell the teams during play."""
    order = card_order(Contract.NORMAL)
    for number in range(1000):
        seed = f"in-step-{number}"
        hands = deal(seed, 0).hands
        queens = [sum(1 for card in hand if card == QUEEN) for hand in hands]
        trumps = [sum(1 for card in hand if order.is_trump(card)) for hand in hands]
        if queens[0] == 0 and max(queens) == 1 and min(trumps) > 3:
            return seed
    raise AssertionError("no such seed among the first 1000")


@pytest.fixture
def open_page(
    browser: Browser, slow_server: LiveServer
) -> Iterator[Callable[[dict[str, int]], Page]]:
    contexts = []
    refused: list[str] = []

    def make(viewport: dict[str, int]) -> Page:
        context = browser.new_context(base_url=slow_server.url, viewport=viewport)
        context.on(
            "console",
            lambda m: refused.append(m.text) if POLICY_ERROR.search(m.text) else None,
        )
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()
    assert refused == [], refused


def read_at(page: Page, moments: list[int]) -> Callable[[int], dict[str, Any]]:
    """Reads the table at every moment a step's checks look at (a moment before the start
    is the start), all at once; returns the reading at a moment."""
    wanted = sorted({max(ms, 0) for ms in moments})
    readings = dict(zip(wanted, page.evaluate(READ_AT, wanted), strict=True))
    return lambda ms: readings[max(ms, 0)]


def settled(page: Page) -> dict[str, Any]:
    page.evaluate(SHOW_ALL)
    page.wait_for_timeout(50)
    return page.evaluate(READ)


def part(reading: dict[str, Any], key: str) -> list[Any]:
    return [seat[key] for seat in reading["seats"]]


@pytest.mark.parametrize("viewport", [SMALL_PHONE, PHONE, DESKTOP], ids=["360", "375", "1280"])
def test_the_seats_change_with_the_cards(
    open_page: Callable[[dict[str, int]], Page], viewport: dict[str, int]
) -> None:
    page = open_page(viewport)
    page.goto("/")
    start_seeded_game(page, queens_apart_seed())
    changes_table(page, page.locator('#table [data-action="healthy"]').click)
    page.wait_for_function("() => document.querySelector('#table .hand .playable')")
    seen = {"trick": False, "team": False, "bot turn": False}
    for _ in range(11):
        before = settled(page)
        if not any(action.startswith("play ") for action in enabled_actions(page)):
            break
        changes_table(page, page.locator("#table .hand .playable").first.click)
        page.evaluate(FREEZE)
        times = page.evaluate(TIMES)
        ready = times["ready"]
        moments = sorted({0, *(delay for _, delay in times["cards"]), *times["wins"]})
        pairs = list(zip(moments, [*moments[1:], ready + SLACK_MS], strict=True))
        at = read_at(
            page,
            [
                ready + SLACK_MS,
                SLACK_MS,
                *(win + slack for win in times["wins"] for slack in (-SLACK_MS, SLACK_MS)),
                *(ms for earlier, later in pairs for ms in (earlier + SLACK_MS, later - SLACK_MS)),
                *(delay - SLACK_MS for _, delay in times["cards"]),
            ],
        )
        after = at(ready + SLACK_MS)
        start = at(SLACK_MS)
        assert part(start, "tricks") == part(before, "tricks"), "no trick counted at the start"
        assert part(start, "team") == part(before, "team"), "no team told at the start"
        if ready > SLACK_MS:
            assert not start["seats"][0]["turn"], "the player's turn waits for the bots' cards"
            assert start["raised"] == 0, "no card highlighted while the bots play"
            assert not start["calls"], "no call row while the bots play"
        assert after["seats"][0]["turn"] and after["raised"] > 0
        for win in times["wins"]:
            assert part(at(win - SLACK_MS), "tricks") == part(before, "tricks")
            assert part(at(win + SLACK_MS), "tricks") == part(after, "tricks")
            seen["trick"] |= part(before, "tricks") != part(after, "tricks")
        for earlier, later in pairs:
            between = [at(ms) for ms in (earlier + SLACK_MS, later - SLACK_MS)]
            assert part(between[0], "team") == part(between[1], "team"), "a badge between cards"
        seen["team"] |= part(before, "team") != part(after, "team") and bool(times["cards"])
        for position, delay in times["cards"]:
            waiting = at(delay - SLACK_MS)["seats"][SEATS.index(position)]["turn"]
            assert waiting, f"{position} is to play until its card comes"
            seen["bot turn"] = True
        settled(page)
    assert all(seen.values()), f"the hand did not show every kind of change: {seen}"


def test_a_tap_on_the_table_shows_the_end_at_once(
    open_page: Callable[[dict[str, int]], Page],
) -> None:
    page = open_page(PHONE)
    page.goto("/")
    start_seeded_game(page, queens_apart_seed())
    changes_table(page, page.locator('#table [data-action="healthy"]').click)
    page.wait_for_function("() => document.querySelector('#table .hand .playable')")
    for _ in range(6):
        settled(page)
        changes_table(page, page.locator("#table .hand .playable").first.click)
        if page.evaluate(TIMES)["ready"] < 3 * BOT_DELAY_MS:
            continue
        hint = page.locator(".skip-hint")
        assert hint.is_visible(), "a phone is told it may tap the table"
        hint.click()
        reading = page.evaluate(READ)
        assert reading["seats"][0]["turn"] and reading["raised"] > 0
        assert not hint.is_visible()
        return
    raise AssertionError("no move was followed by three bots' cards")


CALLING_SEED = "reader-6"
"""A deal where a bot announces during the first hand."""


def test_the_panels_list_of_calls_waits_for_the_call(
    open_page: Callable[[dict[str, int]], Page],
) -> None:
    """The panel beside the table listed a bot's call as the step began, while its card and
    its "Kontra!" at the seat were still to come (found by an outside check)."""
    page = open_page(DESKTOP)
    page.goto("/")
    start_seeded_game(page, CALLING_SEED)
    called_in_step = False
    for _ in range(40):
        before = settled(page)
        actions = enabled_actions(page)
        move = next((a for a in actions if a.startswith("play ") or a == "healthy"), None)
        if move is None:
            break
        changes_table(page, page.locator(f'#table [data-action="{move}"]').click)
        page.evaluate(FREEZE)
        ready = page.evaluate(TIMES)["ready"]
        at = read_at(page, [SLACK_MS, ready + SLACK_MS])
        assert at(SLACK_MS)["listed"] == before["listed"], "a call listed before it is made"
        after = settled(page)["listed"]
        called_in_step |= after > before["listed"] and ready > SLACK_MS
        if called_in_step:
            break
    assert called_in_step, "no bot called during a step with cards to show"
