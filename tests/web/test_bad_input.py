"""Issue 8, finding 3 and the bad-input sweep: whatever a client sends, the answer is a 4xx
with a clear message, never a 5xx, and a refused request changes nothing in the database.

The sweep sends several hundred malformed or hostile requests over every route (random
bytes, huge fields, wrong types, unknown ids, another player's game, other sites' forms,
wrong methods) from a seeded generator, and compares a dump of every table before and after.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.storage.db import Base
from tests.web.driver import HTMX, data_actions, page_version, post_action, start_game

FORM = {"Content-Type": "application/x-www-form-urlencoded"}
MESSAGE = re.compile(r"<h1>(.*?)</h1>\s*<p>(.*?)</p>", re.DOTALL)


def dump(app: FastAPI) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, in key order."""
    tables: dict[str, list[tuple[Any, ...]]] = {}
    with app.state.sessions() as session:
        for name, table in sorted(Base.metadata.tables.items()):
            query = select(table).order_by(*table.primary_key.columns)
            tables[name] = [tuple(row) for row in session.execute(query)]
    return tables


def clear_message(response: httpx.Response) -> str:
    found = MESSAGE.search(response.text)
    assert found is not None, f"no message page: {response.text[:500]}"
    return found.group(2)


def test_an_over_long_number_is_a_clear_400(client: TestClient) -> None:
    form = {"preset": "pagat", "hands_per_game": "9" * 4301}
    response = client.post("/rules", data=form)
    assert response.status_code == 400
    assert "hands per game must be a number from 1 to 100" in clear_message(response)


def test_an_over_long_version_is_a_clear_400(client: TestClient) -> None:
    url = start_game(client, "long-version")
    response = client.post(f"{url}/actions", data={"version": "7" * 5000, "action": "healthy"})
    assert response.status_code == 400
    assert "version" in clear_message(response)


def test_a_body_over_the_limit_is_refused_unread(client: TestClient) -> None:
    response = client.post("/games", content=b"seed=" + b"a" * 100_000, headers=FORM)
    assert response.status_code == 413
    assert "too large" in clear_message(response)


@dataclass(frozen=True)
class Attempt:
    method: str
    path: str
    data: dict[str, Any] | None = None
    content: bytes | None = None
    headers: dict[str, str] | None = None
    foreign_cookies: bool = False


@pytest.fixture
def tables(client: TestClient, other: TestClient) -> Iterator[tuple[str, str]]:
    """The player's game a few moves in, and another player's game."""
    own = start_game(client, "sweep-own")
    body = client.get(own).text
    for _ in range(3):
        body = post_action(client, own, body, data_actions(body)[0]).text
    yield own, start_game(other, "sweep-other")


def junk(rng: random.Random, size: int) -> str:
    alphabet = string.printable + "äß東\u200b\u0000\U0001f600<>\"'&%"
    return "".join(rng.choice(alphabet) for _ in range(size))


def quoted(rng: random.Random, size: int) -> str:
    """Junk fit for a path segment or a query value."""
    return quote(junk(rng, size), safe="")


def attempts(rng: random.Random, own: str, foreign: str, version: int) -> Iterator[Attempt]:
    """The hostile requests: each family several times with random details."""
    unknown = "/games/" + "0" * 32
    for _ in range(12):
        size = rng.choice([1, 65, 300, 5000])
        yield Attempt("POST", "/games", {"seed": "%" + junk(rng, size)})
        yield Attempt("POST", f"{own}/actions", {"version": junk(rng, 8), "action": "healthy"})
        yield Attempt("POST", f"{own}/actions", {"version": str(version), "action": junk(rng, 12)})
        yield Attempt("POST", f"{own}/actions", {"version": str(version + rng.randint(1, 9))})
        yield Attempt("POST", f"{own}/actions", {"version": str(-rng.randint(1, 99))})
        yield Attempt(
            "POST", f"{own}/actions", content=rng.randbytes(rng.randint(1, 3000)), headers=FORM
        )
        yield Attempt(
            "POST",
            f"{own}/actions",
            {"version": str(version), "action": "armut-give", "cards": [junk(rng, 3)] * 4},
        )
        yield Attempt("POST", f"{own}/actions", {"version": str(version), "action": "play XX"})
        yield Attempt("POST", f"{foreign}/actions", {"version": "0", "action": "healthy"})
        yield Attempt("POST", f"{unknown}/actions", {"version": "0", "action": "healthy"})
        yield Attempt("POST", f"{own}/next", {"version": junk(rng, 5)})
        yield Attempt("POST", f"{own}/next", {"version": str(version)})
        yield Attempt("POST", f"{foreign}/next", {"version": "0"})
        yield Attempt("GET", f"/games/{quoted(rng, 40)}")
        yield Attempt("GET", foreign)
        yield Attempt(
            "GET", f"{own}/hands/{rng.choice(['0', '-3', '9' * 400, 'x', '999'])}/record.json"
        )
        yield Attempt("GET", f"{foreign}/hands/1/record.json")
        yield Attempt("POST", f"/daily/{quoted(rng, 10)}")
        yield Attempt("GET", f"/leaderboard?day={quoted(rng, 12)}&rules=pagat")
        yield Attempt("GET", f"/leaderboard?rules={quoted(rng, rng.choice([5, 500]))}")
        yield Attempt("GET", "/leaderboard?day=2999-01-01&rules=ddv")
        yield Attempt("POST", "/players/nickname", {"nickname": junk(rng, rng.choice([30, 300]))})
        yield Attempt("POST", "/players/nickname", {"nickname": "Anonymous"})
        yield Attempt("POST", "/rules", {"preset": junk(rng, rng.choice([4, 40]))})
        yield Attempt(
            "POST", "/rules", {"preset": "pagat", "hands_per_game": rng.choice(["0", "101", "1e3"])}
        )
        yield Attempt("POST", "/rules", {"preset": "ddv", "scoring": junk(rng, 30)})
        yield Attempt("POST", "/games", headers={"Origin": "https://evil.example"})
        yield Attempt("POST", "/rules", {"preset": "ddv"}, headers={"Origin": "null"})
        yield Attempt(
            "POST", "/daily/pagat", headers={"Referer": "https://evil.example/doko-clone"}
        )
        yield Attempt(rng.choice(["PUT", "DELETE", "PATCH"]), rng.choice([own, "/games", "/"]))
        yield Attempt("POST", "/games", content=b"seed=" + b"b" * 70_000, headers=FORM)
        yield Attempt("GET", own, foreign_cookies=True)
        yield Attempt(
            "POST",
            f"{own}/actions",
            {"version": str(version), "action": "healthy"},
            foreign_cookies=True,
        )


def test_hostile_requests_get_4xx_and_change_nothing(
    app: FastAPI, client: TestClient, tables: tuple[str, str]
) -> None:
    own, foreign = tables
    version = page_version(client.get(own).text)
    before = dump(app)
    forged = {"doko_player": "eyJwbGF5ZXIiOiAiYWJjIn0=.forged.signature"}
    sent = 0
    with TestClient(app, cookies=forged) as stranger:
        for attempt in attempts(random.Random(8), own, foreign, version):
            sender = stranger if attempt.foreign_cookies else client
            response = sender.request(
                attempt.method,
                attempt.path,
                data=attempt.data,
                content=attempt.content,
                headers={**HTMX, **(attempt.headers or {})},
            )
            assert 400 <= response.status_code < 500, (attempt, response.text[:300])
            sent += 1
    assert sent >= 200
    assert dump(app) == before


def test_a_click_on_another_players_game_leads_home(client: TestClient, other: TestClient) -> None:
    """A 404 after a click (the game is another device's, or the cookie was lost) replaces
    the table with the message: its button goes home, not back to the page that is gone."""
    url = start_game(client)
    body = client.get(url).text
    data = {"version": str(page_version(body)), "action": data_actions(body)[0]}
    headers = {**HTMX, "HX-Current-URL": f"http://testserver{url}"}
    refused = other.post(f"{url}/actions", data=data, headers=headers)
    assert refused.status_code == 404 and refused.headers["hx-retarget"] == "#main"
    assert '<a class="button primary" href="/">To the home page</a>' in refused.text


def test_a_missing_page_leads_to_the_home_page_by_name(client: TestClient) -> None:
    """A page opened without a click (a link, the address typed) has no table to go back to:
    its button names the home page."""
    missing = client.get("/games/no-such-game")
    assert missing.status_code == 404
    assert '<a class="button primary" href="/">To the home page</a>' in missing.text
