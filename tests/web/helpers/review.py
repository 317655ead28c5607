"""A hand played through the site, its reviews and the hints used. Shared by several test
modules (moved out of `tests/web/test_review.py`, so that no test module imports another)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from app.storage.models import HandReview, HintUse
from tests.web.driver import (
    data_actions,
    default_choice,
    hand_is_over,
    post_action,
    start_game,
)

REVIEW_WORLDS = 16
"""A review's worlds (`DOKO_REVIEW_WORLDS`) in tests of what happens around a review (its
claim, queue, limits, page and polling), not of how well it weighs: a tenth of the server's
160, so a hand's review takes a second of one core instead of several. The tests of the
weighing itself call `weigh_by_search` with the server's budget."""


def hint_uses(app: FastAPI) -> list[HintUse]:
    with app.state.sessions() as session:
        return list(session.scalars(select(HintUse)))


def played_hand(client: TestClient, seed: str) -> tuple[str, str]:
    url = start_game(client, seed)
    body = client.get(url).text
    while not hand_is_over(body):
        body = post_action(client, url, body, default_choice(data_actions(body))).text
    return url, body


def reviews_of(app: FastAPI, url: str) -> list[HandReview]:
    with app.state.sessions() as session:
        game = url.rsplit("/", 1)[1]
        return list(session.scalars(select(HandReview).where(HandReview.game_id == game)))
