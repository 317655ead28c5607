"""Issue 24, §1: until a day's seed is published (02:00 UTC the next day), no route shows
another seat's dealt cards of the day's deals, and no hint is given at them, in the ranked
attempt or a practice game. From then on everything is shown as before.

One player finishes the ranked attempt and has a practice game at the same deals, stored as
starts made them before each player was dealt the day's deals once only (`app.play.daily`):
such games may still be open on the day of the release. Every route a player can reach is
asked once a minute before the publication and again at it (the server's clock is moved, as
in the deadline tests)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.daily.networks import CAPPED
from app.languages.i18n import translations
from app.languages.words import seat_name
from app.operations.urls import game_url
from app.play.daily import DAILY_BOT
from app.play.games import dealt_table, open_game
from app.storage.models import DailyAttempt, HintUse
from app.storage.modes import GameMode
from app.table.store import GameKind, player_for
from engine import CardSet, deal
from engine.daily import ranked_rules
from tests.web.driver import HTMX, page_version, play_game
from tests.web.helpers.daily import (
    DAY,
    SECRET,
    daily_settings,
    known_seed,
    noon,
    rows,
    running,
    start_daily,
    title_of,
)
from tests.web.helpers.daily_deadline import CLOSING, Clock
from tests.web.helpers.leaks import (
    HUMAN,
    Truth,
    codes,
    every_card_mentioned,
    has_class,
    named_cards,
    parse,
    stored_truth,
)

BEFORE = CLOSING - timedelta(minutes=1)
LATER = "available after 2024-03-15 02:00 UTC"
"""How the pages say from when (English; the time as the site writes times)."""
BOARD = f"/leaderboard?day={DAY.isoformat()}&rules=pagat"


@dataclass
class Day:
    app: FastAPI
    client: TestClient
    clock: Clock
    ranked: str
    """The finished ranked attempt's table."""
    practice: str
    """A practice game at the same deals, stored as before the rule, the human to decide."""
    database: Path

    def truth(self, url: str) -> Truth:
        return stored_truth(self.database, url.rsplit("/", 1)[1])

    def first_dealt(self) -> tuple[CardSet, ...]:
        """The hands of the day's first deal, as the engine deals them."""
        return deal(known_seed(SECRET, DAY, "pagat"), 0).hands


@pytest.fixture(scope="module")
def day(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Day]:
    clock = Clock(noon(DAY))
    base = daily_settings(tmp_path_factory.mktemp("secret"))
    settings = replace(base, clock=clock)
    with running(settings) as application, TestClient(application) as client:
        ranked = start_daily(client)
        play_game(client, ranked)
        practice = practice_from_before(application)
        database = Path(settings.database_url.removeprefix("sqlite:///"))
        yield Day(application, client, clock, ranked, practice, database)


def practice_from_before(application: FastAPI) -> str:
    """A practice game of the ranked player at the day's deals, as a start past the address
    cap made it before the rule; its table's path."""
    (attempt,) = rows(application, DailyAttempt)
    seed = known_seed(SECRET, DAY, "pagat")
    with application.state.sessions() as session:
        bot = application.state.bots.bot(DAILY_BOT)
        table = dealt_table(session, ranked_rules("pagat"), seed, bot)
        player = player_for(session, attempt.player_id)
        row = open_game(session, player, table, GameKind(GameMode.PRACTICE, DAY, CAPPED))
        session.commit()
        return game_url(row.id)


@pytest.fixture
def at(day: Day) -> Callable[[bool], Day]:
    """Sets the server's clock a minute before the seed's publication, or at it."""

    def moved(published: bool) -> Day:
        day.clock.moment = CLOSING if published else BEFORE
        return day

    return moved


# ---- what a response shows -------------------------------------------------------------------


def dealt_rows(body: str) -> dict[str, Counter[str]]:
    """The end-of-hand sheet's dealt hands: each row's name and its cards."""
    shown = {}
    for row in parse(body).find(has_class("dealt-hand")):
        name = "".join(n.text() for n in row.find(has_class("name"))).strip()
        cards = Counter(
            card
            for node in row.find(has_class("card"))
            for card in named_cards(node.attrs.get("title", ""))
        )
        shown[name] = cards
    return shown


def names() -> list[str]:
    return [seat_name(seat, translations("en")) for seat in range(4)]


def own_hand_only(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200
    truth = day.truth(day.ranked)
    assert dealt_rows(response.text) == {names()[HUMAN]: codes(truth.hand.dealt[HUMAN])}
    assert LATER in response.text
    assert "/review" not in response.text and "record.json" not in response.text


def every_hand(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200
    truth = day.truth(day.ranked)
    expected = {names()[seat]: codes(truth.hand.dealt[seat]) for seat in range(4)}
    assert dealt_rows(response.text) == expected
    assert LATER not in response.text
    assert "/hands/8/review" in response.text and "/hands/8/record.json" in response.text


def cards_in_main(body: str) -> set[str]:
    """Every card the page's own content names (the rules dialog of every page names a few
    cards of the rules: the Dulle, the fox)."""
    root = parse(body)
    main = root.find(lambda node: node.attrs.get("id") == "main") or [root]
    return every_card_mentioned(main[0], skip=lambda node: False)


def refused(day: Day, response: httpx.Response) -> None:
    """403, saying from when, and no card of the deal."""
    assert response.status_code == 403, response.text[:500]
    assert LATER in response.text
    assert cards_in_main(response.text) == set()


def record_of_every_hand(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200
    dealt = day.first_dealt()
    shown = response.json()["hands"]
    assert [sorted(cards.split()) for cards in shown] == [sorted(map(str, h)) for h in dealt]


def review_of_every_hand(day: Day, response: httpx.Response) -> None:
    """The review's first step, the deal: every seat with the cards it was dealt."""
    assert response.status_code == 200
    table = parse(response.text).find(has_class("review-seats"))
    assert len(table) == 1
    seats = table[0].find(lambda node: node.tag == "tr" and bool(node.find(has_class("card"))))
    shown = [
        Counter(
            card
            for node in seat.find(has_class("card"))
            for card in named_cards(node.attrs.get("title", ""))
        )
        for seat in seats
    ]
    assert shown == [codes(hand) for hand in day.first_dealt()]


def review_fragment(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200
    assert 'id="decisions"' in response.text


def history_kept_back(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200
    assert f"Review and record {LATER}" in response.text
    assert "/hands/" not in response.text


def history_links(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200
    assert LATER not in response.text
    assert f"{day.ranked}/hands/1/review" in response.text
    assert f"{day.ranked}/hands/8/record.json" in response.text


def no_card(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200
    assert cards_in_main(response.text) == set()


def hint_refused(day: Day, response: httpx.Response) -> None:
    refused_hint = "no hints at the daily deals until the day’s seed is published"
    assert response.status_code == 403, response.text[:500]
    assert refused_hint in response.text and "after 2024-03-15 02:00 UTC" in response.text
    assert response.headers.get("hx-retarget") == "#main"


def hint_given(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200, response.text[:500]
    assert "data-hint-action" in response.text


def without_hint_button(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200
    assert "data-hint" not in response.text and "/hint" not in response.text


def with_hint_button(day: Day, response: httpx.Response) -> None:
    assert response.status_code == 200
    assert "data-hint" in response.text


def hint(day: Day) -> httpx.Response:
    version = page_version(day.client.get(day.practice).text)
    return day.client.post(f"{day.practice}/hint", data={"version": str(version)}, headers=HTMX)


Ask = Callable[[Day], httpx.Response]
Check = Callable[[Day, httpx.Response], None]
ROUTES: dict[str, tuple[Ask, Check, Check]] = {
    "the table": (lambda d: d.client.get(d.ranked), own_hand_only, every_hand),
    "the table's htmx answer": (
        lambda d: d.client.get(d.ranked, headers=HTMX),
        own_hand_only,
        every_hand,
    ),
    "a hand's record": (
        lambda d: d.client.get(f"{d.ranked}/hands/1/record.json"),
        refused,
        record_of_every_hand,
    ),
    "a hand's review": (
        lambda d: d.client.get(f"{d.ranked}/hands/1/review"),
        refused,
        review_of_every_hand,
    ),
    "a review's htmx fragment": (
        lambda d: d.client.get(f"{d.ranked}/hands/1/review", headers=HTMX),
        refused,
        review_fragment,
    ),
    "the history": (lambda d: d.client.get("/history"), history_kept_back, history_links),
    "a practice game's table": (
        lambda d: d.client.get(d.practice),
        without_hint_button,
        with_hint_button,
    ),
    "a hint in a practice game": (hint, hint_refused, hint_given),
    "the leaderboard": (lambda d: d.client.get(BOARD), no_card, no_card),
    "the home page": (lambda d: d.client.get("/"), no_card, no_card),
}


@pytest.mark.parametrize("route", list(ROUTES))
def test_before_the_seed_is_published_no_route_shows_the_deal(
    at: Callable[[bool], Day], route: str
) -> None:
    ask, before, _ = ROUTES[route]
    day = at(False)
    before(day, ask(day))


@pytest.mark.parametrize("route", list(ROUTES))
def test_once_the_seed_is_published_every_route_shows_it_as_before(
    at: Callable[[bool], Day], route: str
) -> None:
    ask, _, after = ROUTES[route]
    day = at(True)
    after(day, ask(day))


def test_a_refused_hint_is_not_recorded(at: Callable[[bool], Day]) -> None:
    day = at(False)
    before = len(rows(day.app, HintUse))
    assert hint(day).status_code == 403
    page = day.client.get(day.practice)
    refused_page = day.client.post(
        f"{day.practice}/hint", data={"version": str(page_version(page.text))}
    )
    assert refused_page.status_code == 403
    assert len(rows(day.app, HintUse)) == before
    assert title_of(page.text).endswith(", pagat.com rules, practice")
