"""Each address's share of the server's time (`app.operations.pacing`, `app.web.pacing`): an
outside check flooded a long game's table, a long history and How to play from one address,
each within every count limit, and the other players' pages came 3 to 20 times slower. Past
its share an address's requests wait, then are refused; other addresses are not held up; an
answer, a static file's too, is charged at least 2 ms and at most a second, a server's
failure nothing."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.operations import pacing
from app.operations.pacing import BURST_SECONDS, LONGEST_WAIT, Pacer
from app.operations.ratelimit import PAGE_PAUSE_SECONDS
from app.operations.settings import MOST_APP_MS_PER_ADDRESS, Settings, SettingsError
from app.web import pacing as web_pacing
from app.web.pacing import LEAST_CHARGED, MOST_CHARGED
from tests.web.helpers.rate_limits import OTHER_ADDRESS, Clock, limited, noted_pauses

FLOODER = ("198.51.100.9", 40000)
A_SECOND_A_SECOND = 60_000
"""`Limits.app_ms_per_ip` of one second of the app's time each second."""


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


def charged(answer: httpx.Response) -> float:
    """What the answer was charged: the app's time in its `Server-Timing`, or the least."""
    took = float(answer.headers["server-timing"].removeprefix("app;dur=")) / 1000
    return max(took, LEAST_CHARGED)


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
    for wrong in ("0", "a lot", str(MOST_APP_MS_PER_ADDRESS + 1)):
        monkeypatch.setenv("DOKO_APP_MS_PER_ADDRESS", wrong)
        with pytest.raises(SettingsError, match="DOKO_APP_MS_PER_ADDRESS"):
            Settings.from_env()
