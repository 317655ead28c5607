"""Issue 9: three levels of play chosen with the rules, remembered on the device and shown on
the table; a running game keeps its level; the daily game is normal for everybody."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.storage.models import GameRow
from bots.levels import LEVELS
from tests.web.driver import start_game
from tests.web.helpers.daily import start_daily
from tests.web.helpers.levels import choose


def bot_of(app: FastAPI, url: str) -> str:
    with app.state.sessions() as session:
        row = session.get(GameRow, url.rsplit("/", 1)[1])
        assert row is not None
        return row.bot_id


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_the_chosen_level_plays_and_is_remembered(
    app: FastAPI, client: TestClient, level: str
) -> None:
    url = choose(client, level)
    assert bot_of(app, url) == LEVELS[level]
    assert f"{level} opponents" in client.get(url).text
    assert client.cookies.get("doko_level") == level
    later = start_game(client)
    assert bot_of(app, later) == LEVELS[level], "New game keeps the remembered level"
    assert f'value="{level}" checked' in client.get("/").text


def test_a_running_game_keeps_its_level(app: FastAPI, client: TestClient) -> None:
    easy = choose(client, "easy")
    choose(client, "strong")
    assert bot_of(app, easy) == "casual-v1"
    assert "easy opponents" in client.get(easy).text


def test_the_daily_game_is_normal_for_everybody(app: FastAPI, client: TestClient) -> None:
    choose(client, "strong")
    daily = start_daily(client)
    assert bot_of(app, daily) == LEVELS["normal"]
    assert "normal opponents" in client.get(daily).text


def test_an_unknown_level_is_refused(app: FastAPI, client: TestClient) -> None:
    answer = client.post("/rules", data={"preset": "pagat", "level": "godlike"})
    assert answer.status_code == 400 and "easy, normal, strong" in answer.text
    with app.state.sessions() as session:
        assert session.query(GameRow).count() == 0
