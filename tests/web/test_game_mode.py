"""A game's mode is the enum `GameMode` wherever it is read, not the free string stored in its
column (issue 28: the mode was a string compared in seven places)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.storage.models import GameRow
from app.storage.modes import GameMode
from tests.web.driver import start_game
from tests.web.helpers.daily import game_id


def test_a_stored_game_reads_back_its_mode_as_the_enum(app: FastAPI, client: TestClient) -> None:
    url = start_game(client, "mode-1")
    with app.state.sessions() as session:
        row = session.get(GameRow, game_id(url))
        assert row is not None and type(row.mode) is GameMode and row.mode is GameMode.NEW
        (mode,) = session.execute(select(GameRow.mode)).scalars()
        assert type(mode) is GameMode
        found = session.scalars(select(GameRow).where(GameRow.mode == GameMode.NEW)).all()
        assert [each.id for each in found] == [row.id]
