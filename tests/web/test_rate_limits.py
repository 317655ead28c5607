"""Rate limits on starting games and on actions, per player id and per IP address: past the
limit the answer is a clear 429 page with Retry-After, and nothing changes (no game, no
attempt, no player, the same version). The limiter's clock is replaced by a hand-moved one, so
"a minute later" takes no time.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.engine.default import CACHE_HIT

from app.challenges.making import MADE_PER_DAY
from app.operations.ratelimit import Limits
from app.storage.models import Challenge, DailyAttempt, GameRow, Player, RateCount
from tests.web.driver import HTMX, data_actions, default_choice, page_version
from tests.web.helpers.daily import (
    Seen,
    browsers,
    count,
    daily_settings,
    game_id,
    rows,
    running,
    start_daily,
)
from tests.web.helpers.rate_limits import OTHER_ADDRESS, Clock, act, assert_slow_down, limited


def known_player(tmp_path: Path) -> tuple[dict[str, str], str]:
    """Cookies of a player who already has a (new) game, made on an unlimited server with the
    same database and secret, so that the limited server counts that player from zero."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        url = client.post("/games", follow_redirects=False).headers["location"]
        return dict(client.cookies), url


def start(client: TestClient, path: str = "/games", **headers: str) -> httpx.Response:
    return client.post(path, headers=headers, follow_redirects=False)


def stored(application: FastAPI, url: str) -> tuple[int, list[list[dict[str, Any]]]]:
    with application.state.sessions() as session:
        row = session.get(GameRow, game_id(url))
        assert row is not None
        return row.version, row.log


def test_a_players_starts_past_the_limit_are_refused(tmp_path: Path) -> None:
    cookies, _ = known_player(tmp_path)
    clock = Clock()
    with (
        limited(tmp_path, clock, starts_per_player=2) as application,
        TestClient(application, cookies=cookies) as client,
    ):
        assert start(client).status_code == 303
        assert start(client, "/daily/pagat").status_code == 303
        games, attempts = count(application, GameRow), count(application, DailyAttempt)

        assert_slow_down(start(client))
        assert_slow_down(start(client, "/daily/ddv"))
        refused = start(client, "/daily/ddv", **HTMX)
        assert refused.status_code == 429 and refused.headers["hx-retarget"] == "#main"
        assert (count(application, GameRow), count(application, DailyAttempt)) == (games, attempts)

        clock.now += 61
        url = start(client, "/daily/ddv").headers["location"]
        (attempt,) = rows(application, DailyAttempt, rules_key="ddv")
        assert attempt.game_id == game_id(url), "the refused start took no attempt away"


def test_the_start_that_makes_the_player_counts_for_that_player(tmp_path: Path) -> None:
    """With two starts a minute per player, a new visitor's third start is refused: the
    first one (which gave them their player id) was theirs too."""
    with limited(tmp_path, Clock(), starts_per_player=2) as application:
        with browsers(application, 1) as (client,):
            assert start(client).status_code == 303
            assert start(client).status_code == 303
            games = count(application, GameRow)
            assert_slow_down(start(client))
        assert count(application, GameRow) == games


def test_a_players_actions_past_the_limit_change_nothing(
    tmp_path: Path, database: str | None
) -> None:
    clock = Clock()
    with (
        limited(tmp_path, clock, database, actions_per_player=3) as application,
        browsers(application, 1) as (client,),
    ):
        url = start_daily(client)
        body = client.get(url).text
        for _ in range(3):
            response = act(client, url, body)
            assert response.status_code == 200, response.text[:1000]
            body = response.text
        before, saved = Seen.of(client.get(url).text, url), stored(application, url)

        assert_slow_down(act(client, url, body))
        htmx = act(client, url, body)
        assert htmx.status_code == 429 and htmx.headers["hx-retarget"] == "#main"
        next_hand = client.post(f"{url}/next", data={"version": str(before.version)})
        assert_slow_down(next_hand)
        assert stored(application, url) == saved
        assert Seen.of(client.get(url).text, url) == before

        clock.now += 61
        response = act(client, url, body)
        assert response.status_code == 200, "the same move on the same version is taken now"
        assert page_version(response.text) > before.version


TABLE, PAGE, HOME = "Back to the table", "Back to the page", "To the home page"
CLICKED_FROM = [
    ("{url}", "{url}", TABLE),
    ("{url}?step=3", "{url}?step=3", TABLE),
    ("{url}/hands/1/review", "{url}/hands/1/review", PAGE),
    ("https://elsewhere.example/games/x", "/games/x", TABLE),
    ("https://elsewhere.example//elsewhere.example/x", "/", HOME),
    ("https://elsewhere.example/\\elsewhere.example/x", "/", HOME),
    ("", "/", HOME),
    ("http://[::1{url}", "/", HOME),
]
"""The page htmx says a click came from (`HX-Current-URL`), and where the refusal's button
then leads: back to that page of this site, never to another site (a browser reads
`/\\elsewhere.example` as `//elsewhere.example`); and what the button says (the table only
when it leads to one)."""


@pytest.mark.parametrize(("current", "back", "words"), CLICKED_FROM)
def test_a_refused_click_leads_back_to_the_page_it_came_from(
    tmp_path: Path, current: str, back: str, words: str
) -> None:
    """The refusal replaces the table's content: its button goes back to the table, not to
    the home page, where the game would have to be found again."""
    with (
        limited(tmp_path, Clock(), actions_per_player=1) as application,
        browsers(application, 1) as (client,),
    ):
        url = start_daily(client)
        body = client.get(url).text
        assert act(client, url, body).status_code == 200
        data = {"version": str(page_version(body)), "action": default_choice(data_actions(body))}
        headers = {**HTMX, "HX-Current-URL": current.format(url=f"http://testserver{url}")}
        refused = client.post(f"{url}/actions", data=data, headers=headers)
        assert refused.status_code == 429 and refused.headers["hx-retarget"] == "#main"
        link = re.search(r'<a class="button primary" href="([^"]*)">([^<]*)</a>', refused.text)
        assert link is not None and link.group(1) == back.format(url=url).replace("&", "&amp;")
        assert link.group(2) == words


def test_refused_start_forms_do_not_use_up_the_starts(tmp_path: Path) -> None:
    """A start whose form is refused (a bad seed, rules that do not exist) starts nothing,
    so it leaves the allowance as it was: the player's good starts after it are taken."""
    with (
        limited(tmp_path, Clock(), starts_per_player=2) as application,
        browsers(application, 1) as (client,),
    ):
        for _ in range(3):
            bad_seed = client.post("/games", data={"seed": "bad seed!"})
            assert bad_seed.status_code == 400
            no_rules = client.post("/rules", data={"preset": "nope"})
            assert no_rules.status_code == 400
        assert start(client).status_code == 303
        assert start(client, "/daily/pagat").status_code == 303
        assert_slow_down(start(client))


def test_starts_are_limited_per_address(tmp_path: Path) -> None:
    clock = Clock()
    with (
        limited(tmp_path, clock, starts_per_ip=3) as application,
        browsers(application, 2) as (first, second),
    ):
        assert start(first).status_code == 303
        assert start(first, "/daily/pagat").status_code == 303
        assert start(second, "/daily/pagat").status_code == 303
        players, games = count(application, Player), count(application, GameRow)
        attempts = count(application, DailyAttempt)

        with TestClient(application) as newcomer:
            assert_slow_down(start(newcomer, "/daily/pagat"))
        assert_slow_down(start(second))
        assert_slow_down(start(first, "/daily/ddv"))
        assert count(application, Player) == players, "a refused start makes no player"
        assert (count(application, GameRow), count(application, DailyAttempt)) == (
            games,
            attempts,
        )

        with TestClient(application, client=OTHER_ADDRESS) as elsewhere:
            assert start(elsewhere, "/daily/pagat").status_code == 303, "other addresses play on"
        clock.now += 61
        assert start(second).status_code == 303


def test_challenges_count_as_starts_per_address(tmp_path: Path) -> None:
    """A challenge asks for a par (a whole game of bot play in the background), and a fresh
    cookie makes one without a game: from one address, challenges count with the new games.
    (The cap of challenges a day is per player, and a player is a cookie.)"""
    clock = Clock()
    with limited(tmp_path, clock, starts_per_ip=3) as application:
        with TestClient(application) as first:
            assert start(first, "/challenges").status_code == 303
            assert start(first).status_code == 303
        with TestClient(application) as second:
            assert start(second, "/challenges").status_code == 303
            made = count(application, Challenge)
            assert_slow_down(start(second, "/challenges"))
        with TestClient(application) as newcomer:
            assert_slow_down(start(newcomer, "/challenges"))
        assert count(application, Challenge) == made, "a refused challenge is not made"
        with TestClient(application, client=OTHER_ADDRESS) as elsewhere:
            assert start(elsewhere, "/challenges").status_code == 303
        clock.now += 61
        with TestClient(application) as later:
            assert start(later, "/challenges").status_code == 303


def test_names_chosen_past_the_limit_are_refused(tmp_path: Path) -> None:
    """An outside check renamed a challenge 265 times a second, each a write: names chosen
    (a challenge's, a nickname) have limits of their own, per player and per address."""
    clock = Clock()
    with limited(tmp_path, clock, names_per_player=2, names_per_ip=3) as application:
        with TestClient(application) as maker:
            board = start(maker, "/challenges").headers["location"]
            for name in ("Friday", "Friday club"):
                assert (
                    maker.post(
                        f"{board}/name", data={"name": name}, follow_redirects=False
                    ).status_code
                    == 303
                )
            refused = maker.post(f"{board}/name", data={"name": "Saturday"})
            assert_slow_down(refused)
            assert "Too many names chosen" in refused.text
            (challenge,) = rows(application, Challenge)
            assert challenge.name == "Friday club"
        with TestClient(application) as second:
            other_board = start(second, "/challenges").headers["location"]
            assert (
                second.post(
                    f"{other_board}/name", data={"name": "A"}, follow_redirects=False
                ).status_code
                == 303
            )
            assert_slow_down(second.post(f"{other_board}/name", data={"name": "B"}))
        clock.now += 61
        with TestClient(application) as later:
            named = later.post(f"{other_board}/name", data={"name": "C"})
            assert named.status_code == 403, "a new minute, and only the maker may name it"


def test_a_refused_challenge_uses_up_no_start(tmp_path: Path) -> None:
    """Only a challenge made is counted: one of an unfinished game, a rematch of no challenge
    or of one never played leave the allowance as it was."""
    with (
        limited(tmp_path, Clock(), starts_per_ip=3) as application,
        TestClient(application) as client,
    ):
        url = start(client).headers["location"]
        link = start(client, "/challenges").headers["location"]
        assert start(client, f"{url}/challenge").status_code == 409
        assert start(client, "/challenges/" + "x" * 24 + "/rematch").status_code == 404
        assert start(client, f"{link}/rematch").status_code == 403
        assert start(client, "/challenges").status_code == 303, "the third start"
        assert_slow_down(start(client, "/challenges"))


def test_a_challenge_past_the_days_cap_uses_up_no_start(tmp_path: Path) -> None:
    with (
        limited(tmp_path, Clock(), starts_per_player=MADE_PER_DAY + 1) as application,
        TestClient(application) as client,
    ):
        for _ in range(MADE_PER_DAY):
            assert start(client, "/challenges").status_code == 303
        assert start(client, "/challenges").status_code == 429, "the day's cap"
        assert start(client).status_code == 303, "the refused one was not counted"


def test_an_ipv6_block_of_64_counts_as_one_address(tmp_path: Path) -> None:
    """A client given a /64 (the usual block) holds 2^64 addresses: counted one by one, each
    would bring a fresh allowance."""
    with limited(tmp_path, Clock(), starts_per_ip=2) as application:
        for host in ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9"):
            with TestClient(application, client=(host, 50000)) as client:
                assert start(client).status_code == 303
        with TestClient(application, client=("2001:db8:1:2::abcd", 50000)) as same_block:
            assert_slow_down(start(same_block))
        with TestClient(application, client=("2001:db8:1:3::1", 50000)) as next_block:
            assert start(next_block).status_code == 303
        with TestClient(application, client=("::ffff:192.0.2.7", 50000)) as mapped:
            assert start(mapped).status_code == 303


def test_hosts_that_are_no_address_are_one_client(tmp_path: Path, database: str | None) -> None:
    """Only a proxy trusted by mistake, one that passes on the client's own X-Forwarded-For,
    gives a host that is no address: each made-up one was an allowance of its own, and a
    long one outgrew the counts' key (a 500 on PostgreSQL)."""
    with limited(tmp_path, Clock(), database, starts_per_ip=1) as application:
        with TestClient(application, client=("x" * 300, 50000)) as first:
            assert start(first).status_code == 303
        with TestClient(application, client=("y" * 300, 50000)) as second:
            assert_slow_down(start(second))


def test_actions_are_limited_per_address(tmp_path: Path, database: str | None) -> None:
    with (
        limited(tmp_path, Clock(), database, actions_per_ip=4) as application,
        browsers(application, 2) as (first, second),
    ):
        urls = [start_daily(first), start_daily(second)]
        bodies = [first.get(urls[0]).text, second.get(urls[1]).text]
        for _ in range(2):
            for index, client in enumerate((first, second)):
                response = act(client, urls[index], bodies[index])
                assert response.status_code == 200, response.text[:1000]
                bodies[index] = response.text
        saved = [stored(application, url) for url in urls]

        assert_slow_down(act(first, urls[0], bodies[0]))
        assert_slow_down(act(second, urls[1], bodies[1]))
        assert [stored(application, url) for url in urls] == saved

        with TestClient(application, client=OTHER_ADDRESS) as elsewhere:
            url = start_daily(elsewhere)
            assert act(elsewhere, url, elsewhere.get(url).text).status_code == 200


def test_reading_pages_is_not_limited(tmp_path: Path) -> None:
    """Only starts and actions are counted: a player reloading the table or the board is not
    refused."""
    with (
        limited(tmp_path, Clock(), starts_per_ip=1, actions_per_ip=1) as application,
        browsers(application, 1) as (client,),
    ):
        url = start_daily(client)
        for _ in range(5):
            assert client.get(url).status_code == 200
            assert client.get("/leaderboard").status_code == 200
            assert client.get("/").status_code == 200


def test_two_servers_on_one_database_count_together(tmp_path: Path) -> None:
    """Issue 12: the counts live in the database, so a second process adds to the first's."""
    clock = Clock()
    with (
        limited(tmp_path, clock, starts_per_player=3) as one,
        limited(tmp_path, clock, starts_per_player=3) as two,
        browsers(one, 1) as (first,),
    ):
        assert start(first).status_code == 303
        with TestClient(two, cookies=dict(first.cookies)) as second:
            assert start(second).status_code == 303
            assert start(first).status_code == 303
            assert_slow_down(start(second))
            assert_slow_down(start(first))


def test_old_windows_are_purged(tmp_path: Path) -> None:
    clock = Clock()
    with limited(tmp_path, clock, starts_per_ip=50) as application:
        with browsers(application, 1) as (client,):
            for _ in range(3):
                assert start(client).status_code == 303
            clock.now += 120
            assert start(client).status_code == 303
        assert [row.count for row in rows(application, RateCount)] == [1, 1], "ip and player"


def test_a_request_refused_for_one_key_is_not_counted_for_the_other(tmp_path: Path) -> None:
    """A player at its limit is refused, and its refused requests do not use up the
    address's allowance: another player there still gets what is left of it."""
    limits = {"actions_per_player": 2, "actions_per_ip": 3}
    with limited(tmp_path, Clock(), **limits) as application:
        limiter = application.state.limiter
        first = [limiter.allow(limiter.action_count("first", "198.51.100.1")) for _ in range(4)]
        second = [limiter.allow(limiter.action_count("second", "198.51.100.1")) for _ in range(2)]
    assert first == [True, True, False, False]
    assert second == [True, False]


def test_a_click_refused_for_its_player_is_not_counted_for_its_address(
    tmp_path: Path, database: str | None
) -> None:
    """The same through the table: a click refused because its player is at the limit
    leaves the address's count as it was, whether the click was counted on its own or in
    the statement that would have stored it."""
    limits = {"actions_per_player": 2, "actions_per_ip": 3}
    with (
        limited(tmp_path, Clock(), database, **limits) as application,
        browsers(application, 2) as (first, second),
    ):
        urls = [start_daily(first), start_daily(second)]
        bodies = [first.get(urls[0]).text, second.get(urls[1]).text]
        for _ in range(2):
            response = act(first, urls[0], bodies[0])
            assert response.status_code == 200, response.text[:1000]
            bodies[0] = response.text
        for _ in range(2):
            assert_slow_down(act(first, urls[0], bodies[0]))
        counts = {row.key.split(":")[1]: row.count for row in rows(application, RateCount)}
        assert counts == {"ip": 2, "player": 2}

        assert act(second, urls[1], bodies[1]).status_code == 200, "the address's third"
        assert_slow_down(act(second, urls[1], bodies[1]))


@pytest.mark.parametrize("kind", ["starts_per_player", "actions_per_ip"])
def test_a_limit_below_one_is_refused_when_set(kind: str) -> None:
    """It would refuse every request: the way to have no limits is to switch them off."""
    with pytest.raises(ValueError, match="switch the limits off"):
        Limits(**{kind: 0})


def test_the_counting_statement_is_compiled_once(tmp_path: Path) -> None:
    """Every click runs it: SQLAlchemy must find it compiled in its cache (a multi-row
    VALUES cannot be cached, and compiling it again took half the limiter's time)."""
    hits: list[object] = []

    def watch(_conn: Any, _cursor: Any, statement: str, _params: Any, context: Any, _: Any) -> None:
        if statement.startswith("INSERT INTO rate_counts"):
            hits.append(context.cache_hit)

    with limited(tmp_path, Clock()) as application:
        limiter = application.state.limiter
        engine = application.state.engine
        event.listen(engine, "before_cursor_execute", watch)
        try:
            for player in ("first", "second", "third"):
                assert limiter.allow(limiter.action_count(player, "198.51.100.1"))
        finally:
            event.remove(engine, "before_cursor_execute", watch)
    assert hits[1:] == [CACHE_HIT, CACHE_HIT]
