"""Issue 26, point 3: the time of a step must not tell that a bot had a single legal card.

At the strong level a step whose bot replies were all forced answered in 6 ms, one where a
bot chose in 55 ms, and the `Server-Timing` header said the same. Here the strong bot's
search is replaced by one that takes a known time (`SEARCH`) for every real choice and, like
the real one, none for a forced card; the bots decide in the server process
(`search_workers=0`) so that the replacement is the one played. Each step's decisions are
noted as they are made, and the step's answer must take at least a search's time for each
of them, forced or chosen, while its `Server-Timing` leaves all of that out.
"""

from __future__ import annotations

import random
import re
import statistics
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.operations.migrate import upgrade
from app.operations.settings import Settings
from app.web.factory import create_app
from bots.registry import bot_named
from bots.search.bot import SearchBot
from engine import Action, Phase, SeatView
from tests.web.driver import (
    data_actions,
    default_choice,
    game_is_over,
    hand_is_over,
    page_version,
    post_action,
    start_game,
)

pytestmark = pytest.mark.slow
"""Two whole hands paced by real waits of `SEARCH` per decision."""

SEARCH = 0.05
"""Seconds the replaced search takes for every card or call it chooses."""
FLOOR = 0.75
"""Share of `SEARCH` each decision of a step must add to the step's time at least (the
pacing draws from the searches' measured times; before any is measured near a card, from
a fixed 40 ms)."""
HANDS = 2
SEED = "think-8"
"""A deal whose first two hands have 11 forced bot cards, one step of forced cards only."""
SERVER_TIMING = re.compile(r"app;dur=([0-9.]+)")


@dataclass
class Step:
    seconds: float
    """The answer's time as the player sees it."""
    reported: float
    """Seconds the `Server-Timing` header gave."""
    forced: int
    """Bot replies with a single legal card while following with more cards in hand."""
    chosen: int
    """Bot decisions with more than one legal action."""


def forced_in_secret(view: SeatView) -> bool:
    """A forced card that only its holder knew was forced: a follower's, with more than one
    card in hand (a lead, or the last card, is never such a secret)."""
    return (
        view.phase is Phase.PLAY
        and bool(view.current_trick)
        and len(view.hand) >= 2
        and len(view.legal) == 1
    )


@pytest.fixture(scope="module")
def steps(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Step]]:
    """Two hands at the strong level with the replaced search, a `Step` per click."""
    noted: list[str] = []
    model = bot_named("heuristic-v1")

    def timed_search(_: SearchBot, view: SeatView, rng: random.Random) -> Action:
        if len(view.legal) == 1:
            noted.append("forced" if forced_in_secret(view) else "public")
            return view.legal[0]
        noted.append("chosen")
        time.sleep(SEARCH)
        return model.choose(view, rng)

    path: Path = tmp_path_factory.mktemp("think-time") / "doko.sqlite3"
    upgrade(f"sqlite:///{path}")
    settings = Settings(
        database_url=f"sqlite:///{path}", secret_key="test-secret", bot_delay_ms=0, limits=None
    )
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SearchBot, "choose", timed_search)
        app = create_app(replace(settings, search_workers=0))
        with TestClient(app) as client:
            yield list(_played(client, noted))
        app.state.engine.dispose()


def _played(client: TestClient, noted: list[str]) -> Iterator[Step]:
    client.post("/rules", data={"preset": "pagat", "level": "strong"})
    url = start_game(client, SEED)
    body = client.get(url).text
    for hand in range(HANDS):
        if hand:
            version = str(page_version(body))
            body = client.post(f"{url}/next", data={"version": version}).text
        while not hand_is_over(body):
            noted.clear()
            began = time.perf_counter()
            response = post_action(client, url, body, default_choice(data_actions(body)))
            seconds = time.perf_counter() - began
            assert response.status_code == 200, response.text[:2000]
            header = SERVER_TIMING.search(response.headers["server-timing"])
            assert header is not None
            reported = float(header.group(1)) / 1000
            yield Step(seconds, reported, noted.count("forced"), noted.count("chosen"))
            body = response.text
        if game_is_over(body):
            return


def test_the_game_had_forced_and_chosen_replies(steps: list[Step]) -> None:
    """The other tests see both kinds (else they would prove nothing)."""
    assert sum(step.forced for step in steps) >= 3
    assert sum(step.chosen for step in steps) >= 10
    assert any(step.forced and not step.chosen for step in steps), "a step of forced cards only"


def test_a_forced_reply_takes_as_long_as_a_search(steps: list[Step]) -> None:
    """Every step takes a search's time (nearly) for each bot decision, forced or not: a
    step of forced cards only is no faster than one where the bots chose."""
    short = [step for step in steps if step.seconds < FLOOR * SEARCH * (step.forced + step.chosen)]
    assert short == [], "steps answered faster than their bots could have searched"
    forced_only = [step for step in steps if step.forced and not step.chosen]
    assert forced_only, "a step of forced cards only was played"
    assert min(step.seconds / step.forced for step in forced_only) >= FLOOR * SEARCH


def test_server_timing_leaves_out_the_bots_thinking(steps: list[Step]) -> None:
    """The header gives the server's own work: nothing of the searches, nor of the pause
    that paces a forced card."""
    for step in steps:
        hidden = step.seconds - step.reported
        assert hidden >= FLOOR * SEARCH * (step.forced + step.chosen), step
    thinking = [step.reported for step in steps if step.forced + step.chosen >= 2]
    assert statistics.median(thinking) < SEARCH, "the server's own work is short"
