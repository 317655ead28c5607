"""Issue 26, point 1: hints and reviews have rate limits of their own, per player and per
address, and say honestly when they cannot be worked out now.

Hints were counted as clicks (240 a minute, about four hints a second: a whole worker), and
reviews not at all. Now a hint past its limits, or a review started past them, is answered
with a sentence that says so (429, `Retry-After`), nothing is computed or recorded, and the
player's clicks at the table are not used up by hints. A review waiting for its share of the
busy background workers says that it waits its turn.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from threading import Event
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import app.web.routes.review as review_routes
from app.learning.review_jobs import REVIEWS_AT_ONCE
from app.operations.bot_pool import Bulk
from app.operations.ratelimit import Limits
from tests.waiting import until
from tests.web.driver import HTMX, page_version, start_game
from tests.web.helpers.daily import browsers, daily_settings, running
from tests.web.helpers.rate_limits import MANY, OTHER_ADDRESS, Clock, act
from tests.web.helpers.review import hint_uses, played_hand, reviews_of

UNLIMITED = {
    "starts_per_player": MANY,
    "starts_per_ip": MANY,
    "actions_per_player": MANY,
    "actions_per_ip": MANY,
    "hints_per_player": MANY,
    "hints_per_ip": MANY,
    "reviews_per_player": MANY,
    "reviews_per_ip": MANY,
}


@contextmanager
def limited(tmp_path: Path, clock: Clock, **limits: int) -> Iterator[FastAPI]:
    """An app with the given limits (the others out of reach); hints and reviews are worked
    out in the server process (no background worker to start)."""
    settings = daily_settings(tmp_path, limits=Limits(**{**UNLIMITED, **limits}))
    with running(replace(settings, background_workers=0)) as application:
        application.state.limiter.clock = clock
        yield application


def ask_hint(client: TestClient, url: str) -> httpx.Response:
    version = page_version(client.get(url).text)
    return client.post(f"{url}/hint", data={"version": str(version)}, headers=HTMX)


def assert_too_many_hints(answer: httpx.Response) -> None:
    assert answer.status_code == 429, answer.text[:1000]
    assert answer.headers["retry-after"] == "60"
    assert "data-hint-busy" in answer.text
    assert "Many hints were asked from here in the last minute" in answer.text


def test_a_players_hints_past_the_limit_are_refused_and_not_recorded(tmp_path: Path) -> None:
    clock = Clock()
    with (
        limited(tmp_path, clock, hints_per_player=2) as application,
        browsers(application, 1) as (client,),
    ):
        url = start_game(client, "hint-limit-1")
        assert [ask_hint(client, url).status_code for _ in range(2)] == [200, 200]
        assert_too_many_hints(ask_hint(client, url))
        page = client.post(f"{url}/hint", data={"version": "1"})
        assert page.status_code == 429 and "Many hints were asked" in page.text
        assert len(hint_uses(application)) == 1, "the same hint, recorded once"

        clock.now += 61
        assert ask_hint(client, url).status_code == 200


def test_hints_are_limited_per_address(tmp_path: Path) -> None:
    with (
        limited(tmp_path, Clock(), hints_per_ip=3) as application,
        browsers(application, 2) as (first, second),
    ):
        urls = [start_game(first, "hint-ip-1"), start_game(second, "hint-ip-2")]
        assert [ask_hint(first, urls[0]).status_code for _ in range(2)] == [200, 200]
        assert ask_hint(second, urls[1]).status_code == 200
        assert_too_many_hints(ask_hint(second, urls[1]))
        assert_too_many_hints(ask_hint(first, urls[0]))
        with TestClient(application, client=OTHER_ADDRESS) as elsewhere:
            url = start_game(elsewhere, "hint-ip-3")
            assert ask_hint(elsewhere, url).status_code == 200, "other addresses ask on"


def test_hints_do_not_use_up_a_players_clicks(tmp_path: Path) -> None:
    """A hint used to count as a click: a player asking hints had fewer moves left, and a
    script could spend the whole click allowance (about four a second) on searches."""
    with (
        limited(tmp_path, Clock(), actions_per_player=2) as application,
        browsers(application, 1) as (client,),
    ):
        url = start_game(client, "hint-clicks")
        for _ in range(3):
            assert ask_hint(client, url).status_code == 200
        body = client.get(url).text
        for _ in range(2):
            answer = act(client, url, body)
            assert answer.status_code == 200, answer.text[:1000]
            body = answer.text


def assert_reviews_limited(answer: httpx.Response) -> None:
    assert answer.status_code == 429, answer.text[:1000]
    assert answer.headers["retry-after"] == "60"
    assert "data-review-limited" in answer.text and 'hx-trigger="every 10s"' in answer.text


def test_reviews_started_past_the_limits_wait_and_start_later(tmp_path: Path) -> None:
    """One review a minute per player, two per address: the player's second review is not
    started (nothing stored), nor the third player's at the same address; it starts once
    the minute has passed."""
    clock = Clock()
    with (
        limited(tmp_path, clock, reviews_per_player=1, reviews_per_ip=2) as application,
        browsers(application, 3) as (first, second, third),
    ):
        played = [
            played_hand(client, f"review-limit-{n}")[0]
            for n, client in enumerate((first, first, second, third))
        ]
        assert first.get(f"{played[0]}/hands/1/review").status_code == 200
        wait_until_done(application, played[0])
        for headers in ({}, HTMX):
            assert_reviews_limited(first.get(f"{played[1]}/hands/1/review", headers=headers))
        assert reviews_of(application, played[1]) == []
        assert second.get(f"{played[2]}/hands/1/review").status_code == 200
        assert_reviews_limited(third.get(f"{played[3]}/hands/1/review"))
        assert reviews_of(application, played[3]) == []

        clock.now += 61
        assert first.get(f"{played[1]}/hands/1/review", headers=HTMX).status_code == 200
        assert len(reviews_of(application, played[1])) == 1


def wait_until_done(application: FastAPI, url: str) -> None:
    until(lambda: [r.status for r in reviews_of(application, url)] == ["done"], "the review", 90)


@pytest.fixture
def busy_background(app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> Iterator[Event]:
    """Every piece of bulk work waits, before it is given to a worker, until the returned
    event is set: the background is full."""
    roster = app.state.bots
    submit = roster.submit_in_background
    free = Event()

    def waiting(kind: Bulk, work: Callable[..., Any], *args: Any, owner: str = "") -> Future[Any]:
        free.wait(60)
        return submit(kind, work, *args, owner=owner)

    monkeypatch.setattr(roster, "submit_in_background", waiting)
    yield free
    free.set()


def test_a_review_waiting_for_the_busy_background_says_so(
    app: FastAPI, client: TestClient, busy_background: Event
) -> None:
    url, _ = played_hand(client, "review-queued")
    for headers in ({}, HTMX):
        answer = client.get(f"{url}/hands/1/review", headers=headers)
        assert answer.status_code == 200
        assert "data-review-queued" in answer.text and "Weighing" not in answer.text
    busy_background.set()
    wait_until_done(app, url)
    assert "review-summary" in client.get(f"{url}/hands/1/review").text


def test_the_reviews_poll_does_not_replay_the_hand(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page asks every second while a review is computed, and gets the decisions alone:
    replaying the hand for the tricks it does not show took a fifth of its time, and six
    players polling cost the server (where the strong players' clicks are answered) a third
    of a core."""
    url, _ = played_hand(client, "review-poll")
    replays: list[object] = []

    def replay(*args: Any) -> list[object]:
        replays.append(args)
        return real(*args)

    real = review_routes.replay_steps
    monkeypatch.setattr(review_routes, "replay_steps", replay)
    assert client.get(f"{url}/hands/1/review", headers=HTMX).status_code == 200
    assert replays == []
    assert "Trick 1" in client.get(f"{url}/hands/1/review").text
    assert len(replays) == 1


def test_an_address_has_so_many_reviews_computed_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An outside check opened 20 reviews from 20 new players of one address: each waited in
    a thread of its own, and another player's review took 72 s instead of 4. Past
    `REVIEWS_AT_ONCE` running, an address's next review is not started (429, nothing
    stored); another address's is, and the address's next starts once one is done."""
    flooder = ("198.51.100.20", 40000)
    with limited(tmp_path, Clock()) as application:
        roster = application.state.bots
        submit, free = roster.submit_in_background, Event()

        def held(kind: Bulk, work: Callable[..., Any], *args: Any, owner: str = "") -> Future[Any]:
            free.wait(60)
            return submit(kind, work, *args, owner=owner)

        monkeypatch.setattr(roster, "submit_in_background", held)
        players = [TestClient(application, client=flooder) for _ in range(REVIEWS_AT_ONCE + 1)]
        other = TestClient(application, client=OTHER_ADDRESS)
        try:
            played = [played_hand(p, f"at-once-{n}")[0] for n, p in enumerate([*players, other])]
            for player, url in zip(players[:REVIEWS_AT_ONCE], played, strict=False):
                assert player.get(f"{url}/hands/1/review").status_code == 200
            last = played[REVIEWS_AT_ONCE]
            assert_reviews_limited(players[-1].get(f"{last}/hands/1/review"))
            assert reviews_of(application, last) == []
            assert other.get(f"{played[-1]}/hands/1/review").status_code == 200
            free.set()
            wait_until_done(application, played[0])
            deadline = time.monotonic() + 10
            while players[-1].get(f"{last}/hands/1/review").status_code != 200:
                assert time.monotonic() < deadline, "a review done makes room for the next"
                time.sleep(0.05)
            assert len(reviews_of(application, last)) == 1
        finally:
            free.set()
            for client in (*players, other):
                client.close()
