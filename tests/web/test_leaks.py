"""No response may show a card the human has not seen.

Whole games are played through the routes (pagat and ddv, an Armut where the human passes
cards, one where the human takes them, one the human declines, and a Hochzeit). After every
response the stored game is replayed with the engine, and every card the page shows is
compared with what seat 0 may know at that moment:

- the hand (`.hand`) is exactly the human's cards (a multiset: two copies may be held);
- each trick shown (`.trick`, also inside `.last-trick`) holds only cards that seat played in
  that trick;
- any other card anywhere in the table is the human's, played, or an Armut card the human
  passed or received;
- the dealt hands (`.summary`) appear only once the hand is over, and then match the deal.

The pages are read without relying on their words: cards are found by their codes
(`data-card`, actions), their drawn corners and their names in every language of the site, a
played card's seat by its place on the table, and every game is played in every language.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import app.web.tables as table_screens
from app.languages.i18n import LANGUAGES, translations
from app.languages.words import POSITIONS, card_name, seat_name
from app.learning.hints import Hint, HintKeeper
from app.operations.settings import Settings
from app.table.presenter import TableModel, table_model
from app.table.service import Table
from engine import (
    Card,
    CardSet,
    deal,
)
from engine.daily import daily_seed
from engine.replay import run as replay
from tests.web.driver import (
    HTMX,
    Choose,
    data_actions,
    default_choice,
    game_is_over,
    page_version,
    play_game,
    post_action,
    start_game,
)
from tests.web.helpers.daily import (
    DAY,
    SECRET,
    daily_settings,
    running,
    start_daily,
    stored_records,
)
from tests.web.helpers.leaks import (
    HUMAN,
    PAGAT_ON,
    Node,
    Truth,
    attribute_cards,
    codes,
    corner_card,
    every_card_mentioned,
    first_seed,
    has_class,
    human_with_both_queens,
    is_summary,
    named_cards,
    parse,
    poor_east_only,
    poor_human,
    preferring,
    stored_truth,
    use_rules,
)
from tests.web.helpers.rate_limits import Clock, limited

# ---- a small HTML tree --------------------------------------------------------------------


# ---- cards a page shows -------------------------------------------------------------------


def element_card(node: Node) -> str:
    """The one card a card control or played card stands for; all its names must agree."""
    names = {card for part in node.walk() for card in attribute_cards(part)}
    names |= {card for part in node.walk() if (card := corner_card(part)) is not None}
    assert len(names) == 1, f"a card element names {sorted(names)}: {node.attrs}"
    return names.pop()


def card_elements(root: Node) -> list[Node]:
    """The outermost elements drawing a card (`.card`, `.played`) under `root`."""
    drawn = {"card", "played"}

    def nested(node: Node) -> bool:
        return node.inside(lambda outer: bool(drawn & outer.classes))

    return [n for n in root.walk() if drawn & n.classes and n is not root and not nested(n)]


def only_number(text: str) -> int:
    numbers = re.findall(r"\d+", text)
    assert len(numbers) == 1, f"not one number in {text!r}"
    return int(numbers[0])


def trick_number(node: Node) -> int:
    """A trick's number, the one number in its label ("Trick 3") or else in the heading of
    the last trick ("Last trick (3)"), in any language."""
    if "aria-label" in node.attrs:
        return only_number(node.attrs["aria-label"])
    details = node.parent
    while details is not None and "last-trick" not in details.classes:
        details = details.parent
    assert details is not None, f"a trick without a number: {node.attrs}"
    heading = next(n for n in details.find(lambda n: n.tag == "summary"))
    return only_number(heading.text())


def played_seat(node: Node) -> int:
    """The seat of a played card, from its place on the table (`at-west`: seat 1)."""
    places = [place for place in POSITIONS if f"at-{place}" in node.classes]
    assert len(places) == 1, f"a played card without one place: {node.attrs}"
    return POSITIONS.index(places[0])


# ---- what seat 0 may know -----------------------------------------------------------------


# ---- the check of one response ------------------------------------------------------------


def check_page(body: str, truth: Truth, language: str, secret: bool = False) -> None:
    """`secret`: the game is at a day's deals before its seed is published, so the summary
    shows only the human's own dealt hand."""
    root = parse(body)
    tables = root.find(lambda node: node.attrs.get("id") == "table")
    assert len(tables) == 1, "the response has no single #table"
    table = tables[0]
    outside = [n for n in root.walk(skip=lambda n: n is table) if n is not root]
    assert not [n for n in outside if "data-card" in n.attrs or attribute_cards(n)], (
        "cards named outside the table"
    )

    versions = table.find(lambda n: n.tag == "input" and n.attrs.get("name") == "version")
    assert {int(n.attrs["value"]) for n in versions} == {truth.version}, "page is not the state"

    hands = table.find(has_class("hand"))
    assert len(hands) <= 1
    shown_hand = Counter(element_card(node) for hand in hands for node in card_elements(hand))
    assert shown_hand == truth.holding(), "the hand shown is not the human's hand"

    for trick in table.find(has_class("trick")):
        shown = Counter(
            (played_seat(node), element_card(node)) for node in trick.find(has_class("played"))
        )
        number = trick_number(trick)
        assert not shown - truth.trick(number), f"trick {number} shows cards not played in it"

    regions = has_class("hand"), has_class("trick"), is_summary
    loose = Counter(
        element_card(node)
        for node in card_elements(table)
        if not any(node.inside(region) for region in regions)
    )
    assert not loose - truth.allowed(), f"cards shown outside hand and tricks: {loose}"

    unseen = every_card_mentioned(table) - set(truth.allowed())
    assert not unseen, f"cards the human has not seen: {sorted(unseen)}"

    summaries = table.find(is_summary)
    if not truth.over:
        assert not summaries, "the dealt hands are shown before the hand is over"
        assert "dealt-hand" not in body
        return
    assert len(summaries) == 1
    rows = summaries[0].find(has_class("dealt-hand"))
    names = [seat_name(seat, translations(language)) for seat in range(4)]
    if secret:
        check_own_hand_only(summaries[0], truth, names)
        return
    assert len(rows) == 4, "the summary does not show four dealt hands"
    for row in rows:
        name = "".join(n.text() for n in row.find(has_class("name"))).strip()
        cards = Counter(
            card
            for node in row.find(has_class("card"))
            for card in named_cards(node.attrs.get("title", ""))
        )
        assert cards == codes(truth.hand.dealt[names.index(name)]), f"{name}'s dealt hand"


def check_own_hand_only(summary: Node, truth: Truth, names: list[str]) -> None:
    """The summary of a hand at secret deals: the human's dealt hand, and no card beyond it
    and what the human saw."""
    rows = summary.find(has_class("dealt-hand"))
    assert len(rows) == 1, f"the summary shows {len(rows)} dealt hands, not the human's alone"
    name = "".join(n.text() for n in rows[0].find(has_class("name"))).strip()
    assert name == names[HUMAN], f"the one dealt hand shown is {name}'s"
    cards = Counter(
        card
        for node in rows[0].find(has_class("card"))
        for card in named_cards(node.attrs.get("title", ""))
    )
    assert cards == codes(truth.hand.dealt[HUMAN]), "the human's dealt hand"
    known = set(truth.allowed() + codes(truth.hand.dealt[HUMAN]))
    unseen = every_card_mentioned(summary, skip=lambda node: False) - known
    assert not unseen, f"the summary names cards the human has not seen: {sorted(unseen)}"


class Watcher:
    """Checks every response of a driven game against the stored state, and counts them."""

    def __init__(
        self, settings: Settings, game_url: str, language: str, secret: bool = False
    ) -> None:
        self.database = Path(settings.database_url.removeprefix("sqlite:///"))
        self.game_id = game_url.rsplit("/", 1)[1]
        self.language = language
        self.secret = secret
        self.pages = 0
        self.summaries = 0

    def __call__(self, response: httpx.Response) -> None:
        truth = stored_truth(self.database, self.game_id)
        try:
            check_page(response.text, truth, self.language, self.secret)
        except AssertionError as error:
            request = response.request
            raise AssertionError(
                f"{error}\nafter {request.method} {request.url} {request.content!r}\n"
                f"version {truth.version}, phase {truth.hand.phase}, "
                f"hand {sorted(truth.holding().elements())}"
            ) from None
        self.pages += 1
        self.summaries += int(truth.over)


# ---- games --------------------------------------------------------------------------------


QUICK_LANGUAGE = "en"
"""The language the quick tier plays the leak scans in; every other one is scanned in the whole
suite."""


@pytest.fixture(
    params=[
        language if language == QUICK_LANGUAGE else pytest.param(language, marks=pytest.mark.slow)
        for language in LANGUAGES
    ]
)
def language(request: pytest.FixtureRequest, client: TestClient) -> str:
    """Every game is played in every language of the site, chosen as the picker does (the
    quick tier plays `QUICK_LANGUAGE`'s; the others are slow)."""
    chosen = request.param
    assert client.get(f"/language?lang={chosen}", follow_redirects=False).status_code == 303
    return str(chosen)


def announcing(seed: int) -> Choose:
    """Healthy, random legal cards, and now and then an announcement (so that teams become
    known during play)."""
    rng = random.Random(seed)

    def choose(actions: list[str]) -> str:
        calls = [action for action in actions if action.startswith("announce ")]
        plays = [action for action in actions if action.startswith("play ")]
        if calls and rng.random() < 0.35:
            return calls[0]
        if plays:
            return rng.choice(plays)
        return default_choice(actions)

    return choose


def records(client: TestClient, url: str, bodies: list[str]) -> list[dict[str, object]]:
    numbers = sorted({int(n) for body in bodies for n in re.findall(r"/hands/(\d+)/record", body)})
    out = []
    for number in numbers:
        response = client.get(f"{url}/hands/{number}/record.json")
        assert response.status_code == 200
        out.append(json.loads(response.text))
    return out


def human_acts(record: dict[str, object]) -> list[str]:
    actions = record["actions"]
    assert isinstance(actions, list)
    return [entry["act"] for entry in actions if entry["seat"] == HUMAN]


def play_watched(
    client: TestClient,
    settings: Settings,
    url: str,
    language: str,
    choose: Choose,
    htmx: bool = True,
) -> tuple[list[str], Watcher]:
    watcher = Watcher(settings, url, language)
    bodies = play_game(client, url, choose, observe=watcher, htmx=htmx)
    assert watcher.pages == len(bodies)
    assert watcher.summaries >= 1
    return bodies, watcher


@pytest.mark.slow
def test_a_pagat_game_with_announcements_shows_nothing_hidden(
    client: TestClient, settings: Settings, language: str
) -> None:
    url = start_game(client, "leak-pagat")
    bodies, _ = play_watched(client, settings, url, language, announcing(1))
    assert game_is_over(bodies[-1])
    assert any("announce" in human_acts(record) for record in records(client, url, bodies))


@pytest.mark.slow
def test_a_ddv_game_in_whole_pages_shows_nothing_hidden(
    client: TestClient, settings: Settings, language: str
) -> None:
    """Plain form posts: every answer is the full page after the redirect."""
    use_rules(client, "ddv", (), 12)
    url = start_game(client, "leak-ddv")
    bodies, _ = play_watched(client, settings, url, language, announcing(2), htmx=False)
    assert all("<html" in body for body in bodies)
    assert game_is_over(bodies[-1])


ARMUT_AND_HOCHZEIT = [
    ("leak-poor", poor_human, ("armut",), ["armut", "armut-give"], "armut"),
    ("leak-accept", poor_east_only, ("armut-accept",), ["armut-accept", "armut-return"], "armut"),
    ("leak-decline", poor_east_only, ("armut-decline",), ["armut-decline"], "armut"),
    ("leak-hochzeit", human_with_both_queens, ("hochzeit",), ["hochzeit"], "hochzeit"),
]


@pytest.mark.parametrize(
    ("prefix", "fits", "choices", "human_did", "contract"),
    ARMUT_AND_HOCHZEIT,
    ids=[case[0] for case in ARMUT_AND_HOCHZEIT],
)
def test_armut_and_hochzeit_show_only_what_the_human_saw(
    client: TestClient,
    settings: Settings,
    language: str,
    prefix: str,
    fits: Callable[[tuple[CardSet, ...]], bool],
    choices: tuple[str, ...],
    human_did: list[str],
    contract: str,
) -> None:
    use_rules(client, "pagat", PAGAT_ON, 2)
    seed = first_seed(prefix, fits)
    url = start_game(client, seed)
    bodies, _ = play_watched(client, settings, url, language, preferring(*choices))
    first = records(client, url, bodies)[0]
    acts = human_acts(first)
    assert all(act in acts for act in human_did), (seed, acts)
    lines, code = replay(json.dumps(first), False)
    assert code == 0
    assert lines[-1].get("contract") == contract or lines[-1].get("redeal"), (seed, lines)


# ---- a daily game before its seed is published (issue 24) ---------------------------------


def bots_armut_day() -> date:
    """The first day from `DAY` whose pagat daily deal opens with an Armut only Emma (seat 3)
    may declare: declined by the human, it is an exchange between bots."""
    for offset in range(3000):
        day = DAY + timedelta(days=offset)
        if poor_east_only(deal(daily_seed(SECRET, day, "pagat"), 0).hands):
            return day
    raise AssertionError("no daily deal with a bot's Armut")


@pytest.mark.slow
@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_daily_game_before_its_seed_shows_the_human_only_its_own_dealt_hand(
    tmp_path: Path, language: str
) -> None:
    """Every response of a ranked daily game, the live region and each end-of-hand sheet
    included, shows seat 0's dealt hand and what it saw played, never a bot's hand: not
    the cards a bot passed in an Armut, which the tricks do not show as passed."""
    settings = daily_settings(tmp_path, day=bots_armut_day())
    with running(settings) as application, TestClient(application) as client:
        assert client.get(f"/language?lang={language}", follow_redirects=False).is_redirect
        url = start_daily(client)
        choose = preferring("armut-decline")
        watcher = Watcher(settings, url, language, secret=True)
        bodies = play_game(client, url, choose, observe=watcher)
        first = stored_records(application, url)[0]
    assert watcher.pages == len(bodies) and watcher.summaries >= 8
    assert game_is_over(bodies[-1])
    assert {"seat": 3, "act": "armut"} in first["actions"], "Emma declared the Armut"
    assert any('"speech"' in body or 'class="speech"' in body for body in bodies)

    truth = stored_truth(Path(settings.database_url.removeprefix("sqlite:///")), url[7:])
    row = re.search(r'<div class="dealt-hand">.*?</div>', bodies[-1], re.S)
    assert row is not None
    names = [seat_name(seat, translations(language)) for seat in range(4)]
    leaked = bodies[-1].replace(row.group(0), row.group(0) * 2, 1)
    with pytest.raises(AssertionError, match="not the human's alone"):
        check_page(leaked, truth, language, secret=True)
    renamed = bodies[-1].replace(row.group(0), row.group(0).replace(names[0], names[3]), 1)
    with pytest.raises(AssertionError, match="the one dealt hand shown is"):
        check_page(renamed, truth, language, secret=True)


def mid_trick_page(client: TestClient, settings: Settings) -> tuple[str, Truth]:
    """A page in trick play where the bots before the human have played (dealer 0)."""
    seed = next(
        f"leak-selftest-{n}" for n in range(100) if deal(f"leak-selftest-{n}", 0).dealer == 0
    )
    url = start_game(client, seed)
    body = client.get(url).text
    response = post_action(client, url, body, default_choice(data_actions(body)))
    assert response.status_code == 200
    truth = stored_truth(Path(settings.database_url.removeprefix("sqlite:///")), url[7:])
    assert 'class="played' in response.text
    return response.text, truth


def hidden_card(truth: Truth) -> str:
    """A card a bot holds and the human does not."""
    return next(
        str(card)
        for seat in (1, 2, 3)
        for card in truth.hand.cards_of(seat)
        if str(card) not in truth.holding()
    )


def _first_card_control(body: str) -> str:
    match = re.search(r'<div class="hand"[^>]*>\s*(<(button|label)\b.*?</\2>)', body, re.S)
    assert match is not None
    return match.group(1)


INJECTIONS: dict[str, tuple[Callable[[str, Truth, str], str], str]] = {
    "a hidden card named in a title": (
        lambda body, truth, language: body.replace(
            '<p class="status"',
            f'<p title="{spoken(hidden_card(truth), language)}" class="status"',
            1,
        ),
        "not seen",
    ),
    "a hidden card as data-card": (
        lambda body, truth, language: body.replace(
            '<p class="status"',
            f'<span data-card="{hidden_card(truth)}"></span><p class="status"',
            1,
        ),
        "not seen",
    ),
    "a hand card shown twice": (
        lambda body, truth, language: re.sub(
            r'(<div class="hand"[^>]*>)', r"\1" + _first_card_control(body), body, count=1
        ),
        "not the human's hand",
    ),
    "a played card put in the human's place": (
        lambda body, truth, language: re.sub(
            r'class="played at-(west|north|east)', 'class="played at-south', body
        ),
        "not played in it",
    ),
    "the dealt hands before the end": (
        lambda body, truth, language: body.replace(
            '<p class="status"',
            '<section class="summary"><h3>The hands as dealt</h3></section><p class="status"',
            1,
        ),
        "before the hand is over",
    ),
}


@pytest.mark.parametrize("injection", list(INJECTIONS))
def test_the_check_catches_a_leak(
    client: TestClient, settings: Settings, language: str, injection: str
) -> None:
    """The scan is not blind: each kind of leak slipped into a real page is reported."""
    body, truth = mid_trick_page(client, settings)
    check_page(body, truth, language)
    inject, message = INJECTIONS[injection]
    leaked = inject(body, truth, language)
    assert leaked != body
    with pytest.raises(AssertionError, match=message):
        check_page(leaked, truth, language)


def spoken(code: str, language: str) -> str:
    """`QC` -> `Queen of clubs`, as the table names cards in `language`."""
    return card_name(Card.parse(code), translations(language))


# ---- a click while a page is being built --------------------------------------------------


@dataclass(frozen=True)
class Peeker:
    """A player in trick play whose every further click is refused (past the rate limits),
    with the card a click would play and the version it would be made on."""

    application: FastAPI
    client: TestClient
    url: str
    version: int
    card: str

    def click(self) -> httpx.Response:
        data = {"version": str(self.version), "action": self.card}
        return self.client.post(f"{self.url}/actions", data=data, headers=HTMX)

    def truth(self) -> Truth:
        database = self.application.state.settings.database_url.removeprefix("sqlite:///")
        return stored_truth(Path(database), self.url[7:])


@contextmanager
def peeker(tmp_path: Path) -> Iterator[Peeker]:
    """A hint is not counted as a click (it has limits of its own), so a hint may still be
    asked once the clicks are used up."""
    with (
        limited(tmp_path, Clock(), actions_per_player=2) as application,
        TestClient(application) as client,
    ):
        url = start_game(client, "leak-during-page")
        body = client.get(url).text
        body = post_action(client, url, body, default_choice(data_actions(body))).text
        version = page_version(body)
        card = next(a for a in data_actions(body) if a.startswith("play "))
        stale = {"version": str(version - 1), "action": card}
        assert client.post(f"{url}/actions", data=stale).status_code == 409
        yield Peeker(application, client, url, version, card)


def test_a_click_during_a_page_never_shows_its_unstored_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page is built from the table this process keeps for the game. A click that comes
    meanwhile must play on a table of its own: on the same one, the page showed what the
    click did (the bots' answering cards) even when it was never stored, as past the rate
    limits. A player could so see the bots' answers to a card, then play another."""
    answers: list[httpx.Response] = []
    with peeker(tmp_path) as player:

        def built_while_clicked(table: Table, *args: Any, **kwargs: Any) -> TableModel:
            if not answers:
                answers.append(player.click())
            return table_model(table, *args, **kwargs)

        monkeypatch.setattr(table_screens, "table_model", built_while_clicked)
        page = player.client.get(player.url, headers=HTMX)
        truth = player.truth()
    assert answers[0].status_code == 429
    assert truth.version == player.version
    assert page_version(page.text) == player.version
    check_page(page.text, truth, "en")


def test_a_click_during_a_hint_leaves_the_hint_its_moment(tmp_path: Path) -> None:
    """The same for a hint: worked out on a table a click played on meanwhile, it was the
    hint for a moment that never was stored, and kept as the hint of the moment asked."""
    with peeker(tmp_path) as player:
        hints: HintKeeper = player.application.state.hints
        answers: list[httpx.Response] = []
        versions: list[int] = []

        def hint_while_clicked(game_id: str, table: Table) -> Hint:
            answers.append(player.click())
            versions.append(table.version)
            return HintKeeper.hint(hints, game_id, table)

        player.application.state.hints = SimpleNamespace(hint=hint_while_clicked)
        data = {"version": str(player.version)}
        answer = player.client.post(f"{player.url}/hint", data=data, headers=HTMX)
    assert answer.status_code == 200
    assert answers[0].status_code == 429
    assert versions == [player.version]
