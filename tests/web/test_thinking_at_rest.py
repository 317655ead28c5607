"""The bots think while the request holds no database connection.

A strong bot's search takes up to seconds, and waits its turn at the search workers. An
outside check started 30 strong games at once from ten addresses: each start held a pooled
connection (on SQLite with its new player's row written, so the database's write lock too)
while its bots searched, the pool ran dry, and other players' pages answered 503 after the
pool's 30 s timeout. Each way a request makes bots decide is followed here with a bot that
notes how many of the pool's connections are out whenever it is asked."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.pool import Pool

import app.web.routes.challenges as challenge_routes
from app.play import games
from app.storage.models import GameRow
from app.table.preferences import RULES_COOKIE
from app.table.service import HUMAN
from app.table.table_cache import TableCache
from bots.protocol import Bot
from engine import Action, Game, RuleSet, SeatView
from engine.daily import daily_seed, ranked_rules
from tests.web.driver import default_choice, page_version, play_game, start_game
from tests.web.helpers.daily import DAY, SECRET, daily_settings, running

RULES = RuleSet.from_key("pagat+hands_per_game=2")


@dataclass
class Hooked:
    """The app's bot, calling `before` at each decision before it decides."""

    inner: Bot
    before: Callable[[], None]

    @property
    def id(self) -> str:
        return self.inner.id

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        self.before()
        return self.inner.choose(view, rng)


def hook(application: FastAPI, monkeypatch: pytest.MonkeyPatch, before: Callable[[], None]) -> None:
    """Every bot the app hands out from now on calls `before` at each decision."""
    roster = application.state.bots
    handed = roster.bot
    monkeypatch.setattr(roster, "bot", lambda bot_id: Hooked(handed(bot_id), before))


@dataclass
class Watch:
    """The pool's connections out at each decision; `asked` empties the notes it returns."""

    pool: Pool
    out: list[int] = field(default_factory=list)

    def note(self) -> None:
        self.out.append(self.pool.checkedout())

    def asked(self) -> list[int]:
        noted, self.out = self.out, []
        return noted


def watched(application: FastAPI, monkeypatch: pytest.MonkeyPatch) -> Watch:
    watch = Watch(application.state.engine.pool)
    hook(application, monkeypatch, watch.note)
    return watch


@pytest.fixture
def app_and_watch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[FastAPI, Watch]]:
    with running(daily_settings(tmp_path)) as application:
        yield application, watched(application, monkeypatch)


def client_of(application: FastAPI) -> TestClient:
    return TestClient(application, cookies={RULES_COOKIE: RULES.key})


def forget_tables(application: FastAPI) -> None:
    """As if another server process had shown the page: this one keeps no table."""
    application.state.tables = TableCache(application.state.bots)


def test_a_returning_players_new_game_and_its_clicks_hold_no_connection_while_bots_think(
    app_and_watch: tuple[FastAPI, Watch],
) -> None:
    application, watch = app_and_watch
    with client_of(application) as client:
        start_game(client, seed="rest-2")
        url = start_game(client, seed="rest-1")
        play_game(client, url)
    asked = watch.asked()
    assert len(asked) > 40 and set(asked) == {0}
    assert Game(RULES, "rest-1").hand.to_act != HUMAN, "the bots' first moves come at the start"


def test_a_click_on_a_table_this_process_does_not_keep_holds_no_connection(
    app_and_watch: tuple[FastAPI, Watch],
) -> None:
    application, watch = app_and_watch
    with client_of(application) as client:
        url = start_game(client, seed="rest-2")
        body = client.get(url).text
        watch.asked()
        forget_tables(application)
        data = {"version": str(page_version(body)), "action": default_choice(body)}
        assert client.post(f"{url}/actions", data=data).status_code == 200
    asked = watch.asked()
    assert asked and set(asked) == {0}


BOTS_FIRST = "rest-1"
"""A seed whose first hand a bot opens (`test_the_seeds_have_the_bots_open`), so that a start
at it asks the bots before the human's first turn."""


def bots_open(rules: RuleSet, seed: str) -> bool:
    return Game(rules, seed).hand.to_act != HUMAN


def test_the_seeds_have_the_bots_open() -> None:
    assert bots_open(RULES, BOTS_FIRST) and bots_open(RuleSet.from_key("pagat"), BOTS_FIRST)
    assert bots_open(ranked_rules("pagat"), daily_seed(SECRET, DAY, "pagat"))


def test_the_rules_dialogs_start_holds_no_connection(
    app_and_watch: tuple[FastAPI, Watch], monkeypatch: pytest.MonkeyPatch
) -> None:
    application, watch = app_and_watch
    monkeypatch.setattr(games, "secrets", SimpleNamespace(token_hex=lambda _: BOTS_FIRST))
    with client_of(application) as client:
        start_game(client)
        watch.asked()
        chosen = client.post("/rules", data={"preset": "pagat", "level": "normal"})
        assert chosen.status_code == 200
    asked = watch.asked()
    assert asked and set(asked) == {0}


def test_a_daily_start_holds_no_connection(app_and_watch: tuple[FastAPI, Watch]) -> None:
    application, watch = app_and_watch
    with client_of(application) as client:
        assert client.post("/daily/pagat", follow_redirects=False).status_code == 303
    asked = watch.asked()
    assert asked and set(asked) == {0}


def test_a_challenge_start_holds_no_connection(
    app_and_watch: tuple[FastAPI, Watch], monkeypatch: pytest.MonkeyPatch
) -> None:
    application, watch = app_and_watch
    monkeypatch.setattr(challenge_routes, "fresh_seed", lambda: BOTS_FIRST)
    with client_of(application) as maker, client_of(application) as friend:
        made = maker.post("/challenges", follow_redirects=False)
        assert made.status_code == 303
        link = made.headers["location"].rsplit("/", 1)[-1]
        start_game(friend)
        watch.asked()
        assert friend.post(f"/challenges/{link}/play").status_code == 200
    asked = watch.asked()
    assert asked and set(asked) == {0}


def test_a_click_stored_while_another_ones_bots_think_wins_and_the_other_is_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same click twice, the first one's bots thinking when the second is stored: the
    read let go before the bots thought, the first one's UPDATE still finds the version
    moved on, stores nothing and shows the table as it now is (409)."""
    with running(daily_settings(tmp_path)) as application, client_of(application) as client:
        url = start_game(client, seed="rest-2")
        body = client.get(url).text
        data = {"version": str(page_version(body)), "action": default_choice(body)}
        second: list[str] = []
        raced: list[bool] = []

        def race_once() -> None:
            """The first decision only: the second click's own bots decide too."""
            if raced:
                return
            raced.append(True)
            with TestClient(application, cookies=dict(client.cookies)) as other:
                answer = other.post(f"{url}/actions", data=data)
                assert answer.status_code == 200
                second.append(answer.text)

        hook(application, monkeypatch, race_once)
        forget_tables(application)
        first = client.post(f"{url}/actions", data=data)
        (won,) = second
        assert first.status_code == 409
        assert page_version(first.text) == page_version(won) > page_version(body)
        with application.state.sessions() as session:
            stored = session.get(GameRow, url.rsplit("/", 1)[-1])
            assert stored is not None and stored.version == page_version(won)
