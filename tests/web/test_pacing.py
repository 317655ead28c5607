"""Each address's share of the server's time (`app.operations.pacing`, `app.web.pacing`): an
outside check flooded a long game's table, a long history and How to play from one address,
each within every count limit, and the other players' pages came 3 to 20 times slower. Past
its share an address's requests wait, then are refused; other addresses are not held up; an
answer, a static file's too, is charged at least 2 ms and at most a second, a server's
failure nothing; a click is charged its strong bots' search besides, a forced card as the
search it is paced as; an IPv6 site (a /48) shares `SITE_SHARES` addresses' shares; and an
address has at most `AT_ONCE` requests served at once."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.types import Receive, Send

from app.operations import pacing
from app.operations.pacing import (
    AT_ONCE,
    BURST_SECONDS,
    LONGEST_WAIT,
    MOST_OWED,
    SITE_SHARES,
    AtOnce,
    NoPlace,
    Pacer,
)
from app.operations.ratelimit import PAGE_PAUSE_SECONDS
from app.operations.settings import MOST_APP_MS_PER_ADDRESS, Settings
from app.operations.think_times import think_key
from app.operations.timing import ServerTiming
from app.web import pacing as web_pacing
from app.web.pacing import LEAST_CHARGED, MOST_CHARGED
from bots.registry import bot_named
from bots.search.bot import SearchBot
from engine import Action, SeatView
from tests.helpers.settings import assert_refused
from tests.web.driver import data_actions, default_choice, hand_is_over, post_action, start_game
from tests.web.helpers.rate_limits import OTHER_ADDRESS, Clock, limited, noted_pauses

T = TypeVar("T")
FLOODER = ("198.51.100.9", 40000)
A_SECOND_A_SECOND = 60_000
"""`Limits.app_ms_per_ip` of one second of the app's time each second."""
SEARCH = 0.03
"""Seconds the replaced strong bots' search takes for each card or call it chooses."""
FLOOR = 0.75
"""Share of `SEARCH` a forced card is charged at least (its pacing draws from the searches'
measured times; before any is measured near a card, from a fixed 40 ms)."""
ROUNDED = 1e-4
"""Seconds the `Server-Timing` figure may be off (it is rounded to a tenth of a ms)."""
SEED = "think-8"
"""A deal whose first hand has forced bot cards, and a step of forced cards only."""


def test_an_address_may_use_a_burst_then_its_share_each_second() -> None:
    clock = Clock()
    pacer = Pacer(A_SECOND_A_SECOND // 4, clock)
    assert pacer.wait("a") == 0.0
    pacer.charge("a", BURST_SECONDS)
    assert pacer.wait("a") == 0.0, "a burst used up, nothing owed"
    pacer.charge("a", 0.5)
    assert pacer.wait("a") == pytest.approx(2.0), "half a second owed at a quarter a second"
    assert pacer.wait("b") == 0.0, "another address owes nothing"
    clock.now += 2.0
    assert pacer.wait("a") == 0.0
    clock.now += 3_600
    pacer.charge("a", BURST_SECONDS + 0.25)
    assert pacer.wait("a") == pytest.approx(1.0), "a quiet hour refills no more than a burst"


def test_an_address_owes_at_most_so_many_seconds_of_waiting() -> None:
    """600 bodies held half sent, each charged a second, shut an address (a family's, an
    office's) out for 1,189 s: it plays again `MOST_OWED` s after a flood stops."""
    clock = Clock()
    pacer = Pacer(A_SECOND_A_SECOND // 2, clock)
    for _ in range(600):
        pacer.charge("a", 1.0)
    assert pacer.wait("a") == pytest.approx(MOST_OWED)
    clock.now += MOST_OWED
    assert pacer.wait("a") == 0.0


def test_the_wait_for_a_slow_body_is_not_the_apps_time() -> None:
    """The client's time is its own: a body that came slowly was charged as the server's."""

    async def reads_the_body(scope: dict[str, object], receive: Receive, send: Send) -> None:
        await receive()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def slow_body() -> dict[str, object]:
        await asyncio.sleep(0.3)
        return {"type": "http.request", "body": b"key=", "more_body": False}

    sent: list[dict[str, object]] = []

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/players/restore", "headers": []}
    on_a_loop_of_its_own(ServerTiming(reads_the_body)(scope, slow_body, send))
    headers = dict(sent[0]["headers"])  # type: ignore[call-overload]
    assert float(headers[b"server-timing"].removeprefix(b"app;dur=")) < 100


def on_a_loop_of_its_own(work: Coroutine[Any, Any, T]) -> T:
    """`work` run to its end on an event loop of its own, in a thread of its own: a test module
    run before in the same process (a browser test's) may leave a loop running in this one."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, work).result()


@pytest.fixture
def pauses(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits the pacing makes, each noted instead of waited."""
    return noted_pauses(monkeypatch, web_pacing)


@pytest.fixture
def paced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FastAPI]:
    """An app whose addresses have no burst (a request past the first waits for what the
    one before took) and a clock that stands still (nothing refills)."""
    monkeypatch.setattr(pacing, "BURST_SECONDS", 0.0)
    with limited(tmp_path, Clock(), app_ms_per_ip=A_SECOND_A_SECOND) as application:
        application.state.pacer.clock = Clock()
        application.state.site_pacer.clock = Clock()
        yield application


def test_past_its_share_an_address_waits_for_what_it_took(
    paced: FastAPI, pauses: list[float]
) -> None:
    with TestClient(paced, client=FLOODER) as flooder:
        first = flooder.get("/how-to-play")
        assert first.status_code == 200 and pauses == []
        second = flooder.get("/how-to-play")
        assert second.status_code == 200
        (waited,) = pauses
        took = [charged(first), charged(second)]
        assert waited == pytest.approx(took[0], abs=3e-4), "as long as the first took"
        asset = next(
            part.split('"')[0]
            for part in first.text.split('href="')[1:]
            if part.startswith("/static/")
        )
        assert flooder.get(asset).status_code == 200
        assert pauses[-1] == pytest.approx(sum(took), abs=3e-4), "a static file waits too"
        assert flooder.get("/no/such/page").status_code == 404
        owed = sum(took) + LEAST_CHARGED
        assert pauses[-1] == pytest.approx(owed, abs=3e-4), "the static file charged the least"
    with TestClient(paced, client=OTHER_ADDRESS) as other:
        assert other.get("/how-to-play").status_code == 200
    assert len(pauses) == 3, "another address waits for nothing"


def test_an_ipv6_site_shares_its_share_whichever_of_its_64s_asks(
    paced: FastAPI, pauses: list[float]
) -> None:
    """A host given a /48 holds 65,536 /64s, each an address with a share of its own: past
    the site's share (`SITE_SHARES` addresses' worth), each of its /64s waits for what the
    others took. Another site, and an IPv4 address, wait for nothing."""
    took = []
    for number in range(3):
        with TestClient(paced, client=(f"2001:db8:0:{number}::1", 40000)) as neighbour:
            took.append(charged(neighbour.get("/how-to-play")))
    owed = [took[0], took[0] + took[1]]
    assert pauses == [pytest.approx(seconds / SITE_SHARES, abs=3e-4) for seconds in owed]
    for elsewhere in (("2001:db8:1::1", 40000), OTHER_ADDRESS):
        with TestClient(paced, client=elsewhere) as other:
            assert other.get("/how-to-play").status_code == 200
    assert len(pauses) == 2


def charged(answer: httpx.Response) -> float:
    """What the answer was charged: the app's time in its `Server-Timing`, between the least
    and the most one answer is charged (a first page a busy machine renders in over a second,
    its templates compiled, is charged the most)."""
    took = float(answer.headers["server-timing"].removeprefix("app;dur=")) / 1000
    return min(max(took, LEAST_CHARGED), MOST_CHARGED)


def test_an_answer_is_charged_at_most_a_second_and_a_failure_nothing(
    paced: FastAPI, pauses: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Time the server spent waiting (a database connection, other players' work) is in the
    figure too: a stall of the server's own must not shut its players out afterwards."""
    monkeypatch.setattr(web_pacing, "app_seconds", lambda _: 30.0)
    with TestClient(paced, client=FLOODER, raise_server_exceptions=False) as flooder:
        assert flooder.get("/how-to-play").status_code == 200
        assert flooder.get("/how-to-play").status_code == 200
        assert pauses == [MOST_CHARGED], "the first answer charged a second, not thirty"
        monkeypatch.setattr(paced.state.templates, "TemplateResponse", failing)
        assert flooder.get("/how-to-play").status_code == 500
        assert flooder.get("/how-to-play").status_code == 500
    assert pauses == [MOST_CHARGED, 2 * MOST_CHARGED, 2 * MOST_CHARGED], "a 500 adds nothing"


def failing(*_: object, **__: object) -> None:
    raise RuntimeError("a page that fails")


def test_an_address_owing_more_than_the_longest_wait_is_refused(
    paced: FastAPI, pauses: list[float]
) -> None:
    with TestClient(paced, client=FLOODER) as flooder:
        paced.state.pacer.charge("198.51.100.9", LONGEST_WAIT + 1)
        refused = flooder.get("/how-to-play")
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= LONGEST_WAIT
        assert "Too many pages" in refused.text
        assert pauses == [PAGE_PAUSE_SECONDS], "refused after a pause, not at once"


def test_without_rate_limits_nothing_is_paced(paced: FastAPI, pauses: list[float]) -> None:
    paced.state.pacer = None
    with TestClient(paced, client=FLOODER) as flooder:
        for _ in range(3):
            assert flooder.get("/how-to-play").status_code == 200
    assert pauses == []


def test_the_share_is_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOKO_APP_MS_PER_ADDRESS", "120000")
    limits = Settings.from_env().limits
    assert limits is not None and limits.app_ms_per_ip == 120_000
    wrong = ("0", "a lot", str(MOST_APP_MS_PER_ADDRESS + 1))
    assert_refused(monkeypatch, "DOKO_APP_MS_PER_ADDRESS", *wrong)


@dataclass(frozen=True)
class Click:
    charged: float
    """What the click added to its address's debt."""
    reported: float
    """The app's own time (`Server-Timing`), at least the least charged."""
    chosen: int
    """The bots' decisions with more than one legal action (each a search of `SEARCH`)."""
    forced: int
    """The bots' cards forced where only their holder knew it."""


@pytest.fixture
def searching(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The strong bots' search replaced by one of `SEARCH` for each real choice, at once for a
    forced card, as the real one; each decision noted ("chosen", "forced" or "public")."""
    noted: list[str] = []
    model = bot_named("heuristic-v1")

    def timed_search(_: SearchBot, view: SeatView, rng: random.Random) -> Action:
        if len(view.legal) == 1:
            noted.append("public" if think_key("search", view) is None else "forced")
            return view.legal[0]
        noted.append("chosen")
        time.sleep(SEARCH)
        return model.choose(view, rng)

    monkeypatch.setattr(SearchBot, "choose", timed_search)
    return noted


def strong_hand(paced: FastAPI, pauses: list[float], searching: list[str]) -> list[Click]:
    """A hand against the strong bots, every click with what it was charged: the debt each
    request waits for, the clock standing still, is what the requests before it took, so a
    click was charged the wait of the request after it less its own."""
    seen: list[tuple[int, float, int, int]] = []
    """Per click: where its own wait is in `pauses`, its `Server-Timing`, its bots' choices
    and their forced cards."""
    with TestClient(paced, client=FLOODER) as player:
        player.post("/rules", data={"preset": "pagat", "level": "strong"})
        url = start_game(player, SEED)
        body = player.get(url).text
        while not hand_is_over(body):
            searching.clear()
            waited = len(pauses)
            response = post_action(player, url, body, default_choice(data_actions(body)))
            assert response.status_code == 200, response.text[:2000]
            body = response.text
            chosen, forced = searching.count("chosen"), searching.count("forced")
            seen.append((waited, charged(response), chosen, forced))
        player.get("/how-to-play")
    return [Click(pauses[at + 1] - pauses[at], *rest) for at, *rest in seen]


def test_a_click_is_charged_its_strong_bots_search(
    paced: FastAPI, pauses: list[float], searching: list[str]
) -> None:
    """Ten cookies of one address clicking in strong games kept the live worker busy, and
    another player's bots waited behind their searches: the address pays for them."""
    clicks = strong_hand(paced, pauses, searching)
    assert sum(click.chosen for click in clicks) >= 10, "the bots searched"
    for click in clicks:
        searched = click.charged - click.reported + ROUNDED
        assert searched >= click.chosen * SEARCH + click.forced * FLOOR * SEARCH, click
        assert searched < (click.chosen + click.forced) * SEARCH * 4 + 0.05, click
    forced_only = [click for click in clicks if click.forced and not click.chosen]
    assert forced_only, "a click whose bots' cards were all forced in secret"


def test_an_address_has_so_many_requests_served_at_once_the_others_wait_their_turn() -> None:
    """Forty clicks against the strong bots sent together from one address held every thread
    of the server, and another player's page waited 1.5 s for one."""

    async def served() -> list[str]:
        at_once, done, seen = AtOnce(), asyncio.Event(), []

        async def request(address: str, name: str) -> None:
            async with at_once.place(address, timeout=5):
                seen.append(name)
                await done.wait()

        waiting = [asyncio.create_task(request("a", f"a{n}")) for n in range(AT_ONCE + 2)]
        waiting.append(asyncio.create_task(request("b", "b")))
        await asyncio.sleep(0.01)
        assert seen == [f"a{n}" for n in range(AT_ONCE)] + ["b"], "two of a's wait, not b"
        with pytest.raises(NoPlace):
            async with at_once.place("a", timeout=0.01):
                pytest.fail("a third waiting request of a was let through")
        async with at_once.place("c", timeout=0):
            pass  # a free place is taken at once, however little time is left to wait
        done.set()
        await asyncio.gather(*waiting)
        return seen

    seen = on_a_loop_of_its_own(served())
    assert seen[-2:] == [f"a{AT_ONCE}", f"a{AT_ONCE + 1}"], "the waiting ones, in their order"


def test_a_request_without_a_turn_in_time_is_refused(
    paced: FastAPI, pauses: list[float], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pacing, "AT_ONCE", 0)
    monkeypatch.setattr(web_pacing, "LONGEST_WAIT", 0.01)
    with TestClient(paced, client=FLOODER) as flooder:
        refused = flooder.get("/how-to-play")
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    assert "Too many pages" in refused.text
