"""The polite live region (`#announcer`) in a real browser: after each move of the player it
reads, once each, in the order they happened and in the page's language, the contract once
the reservations settle it, every bot card, each trick's winner (and a Hochzeit's partner
with the trick that settles it), each bot announcement and, at the end, the hand's result.
The player's own moves are not read back. What it must read is worked out from the hand's
record (downloaded at the end) replayed by the engine, not from what the page sends."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from app.languages.i18n import LANGUAGES, Translator, translations
from app.languages.words import call_name, card_name, seat_name, team_name
from app.table.speech import contract_words
from engine import Act, Action, Contract, Hand, HandResult, Phase, Team, view_of
from engine.record import HandRecord, parse_record
from tests.browser.helpers.table import start_seeded_game

from .clicks import step

SEED = "reader-6"
"""A deal where a bot announces during the hand."""
HUMAN = 0
LISTEN = """() => {
    window.heard = [];
    const region = document.getElementById('announcer');
    new MutationObserver(changes => {
        for (const change of changes) {
            for (const node of change.addedNodes) window.heard.push(node.textContent);
        }
    }).observe(region, {childList: true});
}"""
"""Keeps every line added to the live region (it keeps only the last few itself)."""
SENT = "document.querySelectorAll('#table .speech li').length"


# ---- what the player hears -----------------------------------------------------------------


def heard_after(page: Page, wishes: list[str]) -> list[str]:
    """Makes the player's next move; returns the lines the live region received for it, once
    as many have arrived as the table sent."""
    start = page.evaluate("window.heard.length")
    step(page, wishes)
    page.wait_for_function(f"start => window.heard.length - start >= {SENT}", arg=start)
    return list(page.evaluate("start => window.heard.slice(start)", start))


def hand_over(page: Page) -> bool:
    return page.locator("section.summary").count() > 0


# ---- what the player must hear -------------------------------------------------------------


def bot_words(action: Action, t: Translator) -> list[str]:
    """A bot's card or announcement (reservations are shown, not read)."""
    name = seat_name(action.seat, t)
    if action.act is Act.PLAY and action.card is not None:
        return [t.gettext("%(name)s: %(card)s") % {"name": name, "card": card_name(action.card, t)}]
    if action.act is Act.ANNOUNCE and action.call is not None:
        words = {"name": name, "call": call_name(action.call.value, t)}
        return [t.gettext("%(name)s announces %(call)s") % words]
    return []


def end_words(hand: Hand, t: Translator) -> str:
    """The winner, and the team whose players' scores are above 0 (the hand's value is
    theirs)."""
    result = hand.result()
    ahead = [team for team in Team if result.scores[team_seats(result, team)[0]] > 0]
    if not ahead:
        if result.winner is None:
            return t.gettext("The hand is over: nobody wins.")
        words = {"team": team_name(result.winner, t)}
        return t.gettext("The hand is over: %(team)s wins, but the points cancel out.") % words
    words = {"team": team_name(ahead[0], t), "value": result.value}
    if result.winner is None:
        return t.gettext("The hand is over: nobody wins; %(team)s scores %(value)d.") % words
    if result.winner is not ahead[0]:
        words["winner"] = team_name(result.winner, t)
        sentence = "The hand is over: %(winner)s wins, but %(team)s scores %(value)d."
        return t.gettext(sentence) % words
    return t.gettext("The hand is over: %(team)s wins, worth %(value)d.") % words


def known_contract(hand: Hand, t: Translator) -> str:
    """The contract as the player knows it once play begins (a bot's silent solo is a normal
    game until it shows), in the words the table names it with."""
    return contract_words(view_of(hand, HUMAN), t)


def hochzeit_words(hand: Hand, t: Translator) -> str:
    """The trick that settled the Hochzeit: its winner is the partner, or the declarer plays
    alone."""
    if hand.contract is Contract.HOCHZEIT_SOLO:
        return known_contract(hand, t)
    assert hand.declarer is not None
    words = {
        "declarer": seat_name(hand.declarer, t),
        "partner": seat_name(hand.tricks[-1].winner, t),
    }
    return t.gettext("Re in the Hochzeit: %(declarer)s and %(partner)s") % words


def team_seats(result: HandResult, team: Team) -> tuple[int, ...]:
    return result.re if team is Team.RE else result.kontra


def trick_words(winner: int, number: int, t: Translator) -> str:
    if winner == HUMAN:
        return t.gettext("You win trick %(trick)d") % {"trick": number}
    return t.gettext("%(name)s wins trick %(trick)d") % {
        "name": seat_name(winner, t),
        "trick": number,
    }


def expected_lines(record: HandRecord, t: Translator) -> list[list[str]]:
    """Per move of the player, what follows it: the contract once play begins, the bots' cards
    and announcements, and the winner of each trick the move or the bots completed; the
    result after the last move. What the bots did before the player's first move was on the
    first page, not read."""
    hand = record.new_hand()
    moves: list[list[str]] = []
    for action in record.actions:
        if action.seat == HUMAN:
            moves.append([])
        tricks, phase, clarified = len(hand.tricks), hand.phase, hand.clarification
        hand.apply(action)
        if not moves:
            continue
        if phase is not Phase.PLAY and hand.phase is Phase.PLAY:
            moves[-1].append(known_contract(hand, t))
        if action.seat != HUMAN:
            moves[-1] += bot_words(action, t)
        if len(hand.tricks) > tricks:
            moves[-1].append(trick_words(hand.tricks[-1].winner, len(hand.tricks), t))
            if clarified is None and hand.clarification is not None:
                moves[-1].append(hochzeit_words(hand, t))
    moves[-1].append(end_words(hand, t))
    return moves


# ---- the test ------------------------------------------------------------------------------


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_each_move_is_read_once_in_order_in_the_page_language(
    new_context: Callable[..., BrowserContext], language: str
) -> None:
    page = new_context().new_page()
    page.goto(f"/language?lang={language}&back=/")
    table = start_seeded_game(page, SEED)
    page.evaluate(LISTEN)
    heard = []
    while not hand_over(page):
        heard.append(heard_after(page, []))

    record = parse_record(page.request.get(f"{table}/hands/1/record.json").text())
    assert any(a.act is Act.ANNOUNCE and a.seat != HUMAN for a in record.actions), (
        f"no bot announces with seed {SEED}: choose another"
    )
    expected = expected_lines(record, translations(language))
    for number, (got, wanted) in enumerate(zip(heard, expected, strict=True), start=1):
        assert got == wanted, f"after move {number}: heard {got}, expected {wanted}"
