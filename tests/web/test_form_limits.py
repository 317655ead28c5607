"""What is refused before a form is read (`app.web.form_limits`): an outside check slowed
every other player's pages about 90 times by posting refused multipart forms from one
address (`bench/forms.py`). A multipart body is refused unread; past the malformed requests
an address may send in a minute, its requests with a body wait a pause before they are read,
and are then answered as any other (another player behind the same address plays on), while
another address waits for nothing and a new minute brings a new allowance. Refusals a page can meet
(rules that cannot be combined) are not counted, nor requests without an address."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from app.operations.ratelimit import REFUSERS_KEPT, Limits, RateLimiter
from app.storage.models import GameRow
from app.web import form_limits
from app.web.security import MAX_BODY
from tests.web.helpers.daily import count
from tests.web.helpers.rate_limits import OTHER_ADDRESS, Clock, limited, noted_pauses

PROBER = ("198.51.100.7", 40000)
MULTIPART = {"Content-Type": "multipart/form-data; boundary=x"}
PARTS = b'--x\r\nContent-Disposition: form-data; name="seed"\r\n\r\nabc\r\n--x--\r\n'
UNREADABLE = {"version": "x", "action": "healthy"}
"""A click no table sends: its version is no number."""
ACTIONS = "/games/0123456789abcdef0123456789abcdef/actions"
BAD_RULES = {"preset": "nonsense"}
"""Refused with its reason (the Rules dialog's words): a player's mistake, not a probe."""


def prober(application: FastAPI) -> TestClient:
    return TestClient(application, client=PROBER)


def test_a_multipart_form_is_refused_unread(tmp_path: Path) -> None:
    """A well-formed multipart New-game form: the same fields URL-encoded start a game."""
    with limited(tmp_path, Clock()) as application, prober(application) as client:
        refused = client.post("/games", content=PARTS, headers=MULTIPART, follow_redirects=False)
        assert refused.status_code == 400
        assert "This request is not understood." in refused.text
        assert count(application, GameRow) == 0
        taken = client.post("/games", data={"seed": "abc"}, follow_redirects=False)
        assert taken.status_code == 303


@pytest.fixture
def pauses(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The pauses the form limits make, each noted instead of waited."""
    return noted_pauses(monkeypatch, form_limits)


def test_an_address_past_its_malformed_requests_waits_and_is_then_answered(
    tmp_path: Path, pauses: list[float]
) -> None:
    clock = Clock()
    with limited(tmp_path, clock, refusals_per_ip=3) as application:
        with prober(application) as client:
            assert client.post(ACTIONS, data=UNREADABLE).status_code == 400
            assert client.post("/games", content=PARTS, headers=MULTIPART).status_code == 400
            too_large = client.post("/games", content=b"seed=" + b"a" * MAX_BODY)
            assert too_large.status_code == 413, "a refusal counted too"
            assert client.post(ACTIONS, data=UNREADABLE).status_code == 400
            assert pauses == [], "no pause within the allowance"
            assert client.post(ACTIONS, data=UNREADABLE).status_code == 400
            assert pauses == [application.state.limiter.page_pause]
            assert client.get("/how-to-play").status_code == 200, "pages are read on"
            assert len(pauses) == 1, "a page has no pause of this kind"
            taken = client.post("/games", data={"seed": "abc"}, follow_redirects=False)
            assert taken.status_code == 303, "a good form is answered, after its pause"
            assert len(pauses) == 2
            assert count(application, GameRow) == 1
        with TestClient(application, client=OTHER_ADDRESS) as other:
            assert other.post("/games", follow_redirects=False).status_code == 303
            assert len(pauses) == 2, "another address waits for nothing"
        clock.now += 60
        with prober(application) as client:
            taken = client.post("/games", data={"seed": "abc"}, follow_redirects=False)
            assert taken.status_code == 303
            assert len(pauses) == 2, "a new minute, a new allowance"


def test_a_players_own_mistakes_and_requests_without_an_address_are_not_counted(
    tmp_path: Path, pauses: list[float]
) -> None:
    """Rules that do not exist are refused with their reason, as the dialog can send them;
    a client without an address stands for everyone behind a proxy the settings do not
    name, so it is never slowed."""
    with limited(tmp_path, Clock(), refusals_per_ip=1) as application:
        with prober(application) as client:
            for _ in range(3):
                assert client.post("/rules", data=BAD_RULES).status_code == 400
            assert client.post("/games", follow_redirects=False).status_code == 303
        with TestClient(application) as nameless:
            for _ in range(3):
                assert nameless.post(ACTIONS, data=UNREADABLE).status_code == 400
            assert nameless.post("/games", follow_redirects=False).status_code == 303
        assert pauses == []


def test_without_rate_limits_nothing_is_counted(tmp_path: Path) -> None:
    """`DOKO_RATE_LIMITS=off` (load tests) switches the count off with the other limits."""
    with limited(tmp_path, Clock()) as application, prober(application) as client:
        application.state.limiter = None
        for _ in range(5):
            assert client.post(ACTIONS, data=UNREADABLE).status_code == 400
        assert client.post("/games", follow_redirects=False).status_code == 303


def test_the_count_keeps_one_minute_and_a_bounded_number_of_addresses() -> None:
    """Past `REFUSERS_KEPT` addresses in a minute a new one goes uncounted: a flood from
    many addresses cannot make each refusal pay for a growing table (a review measured 52 s
    of the event loop for 30,000 addresses when each new one rebuilt it)."""
    clock = Clock()
    limiter = RateLimiter(Limits(refusals_per_ip=1), create_engine("sqlite://"), clock)
    for number in range(REFUSERS_KEPT + 5):
        limiter.note_refusal(f"10.0.{number // 256}.{number % 256}")
    limiter.note_refusal("10.0.0.0")
    assert limiter.slows("10.0.0.0")
    assert not limiter.slows(f"10.0.{(REFUSERS_KEPT + 4) // 256}.{(REFUSERS_KEPT + 4) % 256}")
    clock.now += 60
    assert not limiter.slows("10.0.0.0"), "a new minute forgets the last"
