"""Issue 10: hints and the review of a hand through the web app, with the search itself.

The hint is the strong level's choice for the human's view and the hint's seed; there is none in a
ranked daily game; every hint asked is recorded with the game and changes nothing else. The
review has a row for every decision the human made, is computed once in the background and
kept: reloading reads it. A win thrown away in the last tricks is a blunder, the winning card
costs nothing."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.hints import STRONG, hint_seed
from app.models import GameRow, HandReview, HintUse
from app.review import Moment, weigh
from app.review_jobs import review_evaluation
from app.service import HUMAN, Table
from app.store import read_table
from bots.search.solver import VALUE_SCALE
from engine import Act, Action, Card, parse_record, view_of
from tests.test_search_solver import brute_force
from tests.web.driver import (
    HTMX,
    data_actions,
    default_choice,
    hand_is_over,
    page_version,
    post_action,
    start_game,
)
from tests.web.test_daily import start_daily

DECISION = re.compile(
    r'<li data-decision data-chosen="([^"]+)" data-best="([^"]+)" data-loss="([0-9.]+)"'
)
HINTED = re.compile(r'data-hint-action="([^"]+)"')
REVIEW_SECONDS = 90
THROWN_WIN = Path(__file__).resolve().parents[1] / "review" / "thrown-win.record.json"


def stored(app: FastAPI, url: str) -> tuple[GameRow, Table]:
    with app.state.sessions() as session:
        row = session.get(GameRow, url.rsplit("/", 1)[1])
        assert row is not None
        return row, read_table(row, app.state.bots)


def hint_uses(app: FastAPI) -> list[HintUse]:
    with app.state.sessions() as session:
        return list(session.scalars(select(HintUse)))


def test_the_hint_is_search_v1s_choice_and_changes_nothing(
    app: FastAPI, client: TestClient
) -> None:
    url = start_game(client, "hint-1")
    page = client.get(url).text
    assert "data-hint" in page
    version = page_version(page)
    answers = [
        client.post(f"{url}/hint", data={"version": str(version)}, headers=HTMX) for _ in range(2)
    ]
    assert [a.status_code for a in answers] == [200, 200]
    hinted = {HINTED.search(a.text).group(1) for a in answers}  # type: ignore[union-attr]
    row, table = stored(app, url)
    view = view_of(table.game.hand, HUMAN)
    expected = STRONG.choose(view, random.Random(hint_seed(table))).notation
    assert hinted == {expected}
    assert row.version == version, "the hint changed nothing"
    uses = hint_uses(app)
    assert [(use.version, use.suggested) for use in uses] == [(version, expected)]


def test_no_hint_in_a_ranked_daily_game(app: FastAPI, client: TestClient) -> None:
    url = start_daily(client)
    page = client.get(url).text
    assert "data-hint" not in page
    answer = client.post(f"{url}/hint", data={"version": str(page_version(page))}, headers=HTMX)
    assert answer.status_code == 403
    assert hint_uses(app) == []


def played_hand(client: TestClient, seed: str) -> tuple[str, str]:
    url = start_game(client, seed)
    body = client.get(url).text
    while not hand_is_over(body):
        body = post_action(client, url, body, default_choice(data_actions(body))).text
    return url, body


def finished_review(client: TestClient, review_url: str) -> str:
    deadline = time.monotonic() + REVIEW_SECONDS
    while time.monotonic() < deadline:
        fragment = client.get(review_url, headers=HTMX)
        assert fragment.status_code == 200
        if "review-summary" in fragment.text:
            return fragment.text
        assert "Weighing your decisions" in fragment.text
        time.sleep(0.5)
    raise AssertionError(f"the review was not ready within {REVIEW_SECONDS} s")


def test_the_review_weighs_every_decision_once(app: FastAPI, client: TestClient) -> None:
    url, _ = played_hand(client, "review-1")
    review_url = f"{url}/hands/1/review"
    first = client.get(review_url)
    assert first.status_code == 200 and "Trick" in first.text
    ready = finished_review(client, review_url)
    record = client.get(f"{url}/hands/1/record.json").json()
    own = [entry for entry in record["actions"] if entry["seat"] == HUMAN]
    rows = DECISION.findall(ready)
    assert len(rows) == len(own), "a row for every decision of the human"
    assert sorted(chosen for chosen, _, _ in rows) == sorted(_notation(e) for e in own)
    losses = [float(loss) for _, _, loss in rows]
    assert losses == sorted(losses, reverse=True) and min(losses) >= 0
    assert all((best == chosen) == (float(loss) == 0) for chosen, best, loss in rows)

    with app.state.sessions() as session:
        before = session.get(HandReview, (url.rsplit("/", 1)[1], 1))
        assert before is not None and before.status == "done"
        kept = (before.started_at, before.finished_at, before.decisions)
    again = client.get(review_url)
    assert DECISION.findall(again.text) == rows
    with app.state.sessions() as session:
        after = session.get(HandReview, (url.rsplit("/", 1)[1], 1))
        assert after is not None and (after.started_at, after.finished_at, after.decisions) == kept
        assert session.scalar(select(func.count()).select_from(HandReview)) == 1


def test_no_review_of_a_hand_not_yet_finished(client: TestClient) -> None:
    url = start_game(client, "review-2")
    assert client.get(f"{url}/hands/1/review").status_code == 404


def _notation(entry: dict[str, object]) -> str:
    return Action.from_record(entry).notation


def test_a_win_thrown_away_is_a_blunder_and_the_winning_card_costs_nothing() -> None:
    """A position of the last tricks (in `tests/review/`): in the real deal K♦ wins 4 game
    points and Q♠ loses 3 (checked by brute force over every line of play); the review, which
    sees only the human's cards and the table, must say so too."""
    record = parse_record(THROWN_WIN.read_text())
    hand = record.replay()
    good, bad = Card.parse("KD"), Card.parse("QS")
    truth = {index: value // VALUE_SCALE for index, value in brute_force(hand, HUMAN).items()}
    assert truth[good.index] - truth[bad.index] >= 2
    view = view_of(hand, HUMAN)
    index = len(record.actions)
    thrown = weigh(Moment(index, view, Action(HUMAN, Act.PLAY, card=bad)), review_evaluation, "t")
    kept = weigh(Moment(index, view, Action(HUMAN, Act.PLAY, card=good)), review_evaluation, "t")
    assert (thrown.grade, thrown.best) == ("blunder", "play KD")
    assert (kept.loss, kept.best, kept.grade) == (0.0, "play KD", "")
