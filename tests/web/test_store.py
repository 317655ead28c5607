"""How a game is kept: hand by hand, a click writing only the hand in progress, and a table
rebuilt from the database always of the version its row says."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event, select

from app.models import GameHand, GameRow
from app.store import TableCache
from tests.web.driver import (
    HTMX,
    data_actions,
    default_choice,
    hand_is_over,
    page_version,
    start_game,
)
from tests.web.test_daily import game_id


def click(client: TestClient, game: str, body: str) -> str:
    data = {"version": str(page_version(body)), "action": default_choice(data_actions(body))}
    answer = client.post(f"{game}/actions", data=data, headers=HTMX)
    assert answer.status_code == 200, answer.text[:300]
    return answer.text


def hands_written(app: FastAPI, client: TestClient, game: str, body: str) -> tuple[str, set[int]]:
    """Clicks once; returns the page and the numbers of the hands the click wrote."""
    written: set[int] = set()

    def watch(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if "game_hands" in statement and not statement.lstrip().upper().startswith("SELECT"):
            rows = parameters if isinstance(parameters, list) else [parameters]
            written.update(int(row[-1] if "UPDATE" in statement else row[1]) for row in rows)

    event.listen(app.state.engine, "before_cursor_execute", watch)
    try:
        return click(client, game, body), written
    finally:
        event.remove(app.state.engine, "before_cursor_execute", watch)


def stored_log(app: FastAPI, game: str) -> list[list[dict[str, Any]]]:
    with app.state.sessions() as session:
        query = select(GameHand).where(GameHand.game_id == game).order_by(GameHand.number)
        return [hand.actions for hand in session.scalars(query)]


def test_a_click_writes_only_the_hand_in_progress(app: FastAPI, client: TestClient) -> None:
    game = start_game(client, "store-1")
    body = client.get(game).text
    while not hand_is_over(body):
        body, written = hands_written(app, client, game, body)
        assert written == {0}
    answer = client.post(f"{game}/next", data={"version": page_version(body)}, headers=HTMX)
    assert answer.status_code == 200
    body = answer.text
    body, written = hands_written(app, client, game, body)
    assert written == {1}, "the second hand's clicks leave the first alone"
    log = stored_log(app, game_id(game))
    assert len(log) == 2
    assert sum(entry["act"] == "play" for entry in log[0]) == 48


def test_a_step_committed_between_row_and_hands_is_seen_whole(
    app: FastAPI, client: TestClient
) -> None:
    """A request reads the game's row, another commits a step, then the first rebuilds the
    table: it gets the game as it now is, row and hands alike, never the row's old version
    with the newer hands (which would apply its click to a position it never saw)."""
    game = start_game(client, "store-2")
    body = client.get(game).text
    cache = TableCache(app.state.tables.roster)
    with app.state.sessions() as session:
        row = session.get(GameRow, game_id(game))
        assert row is not None
        before = row.version
        click(client, game, body)
        table = cache.take(row)
        assert row.version > before
        assert table.version == row.version
