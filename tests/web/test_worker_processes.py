"""The server's background work in real worker processes, as a served app runs it.

The other web tests run it in the server's own threads (`background_workers=0` in their
settings): a spawned worker costs a second or two, and an app's shutdown waits for the work
it is doing. Here each kind of work goes to a spawned worker, so what it sends there (the
work and its arguments, pickled) and what comes back must travel between processes: a
fair-play check, a review, a challenge's par and a hint.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import pytest
from fastapi import FastAPI

from app.storage.models import Challenge, FairPlayCheck
from tests.waiting import until
from tests.web.driver import HTMX, page_version, play_game, start_game
from tests.web.helpers.daily import (
    browsers,
    daily_settings,
    fair_play_checked,
    random_choice,
    rows,
    running,
    start_daily,
)
from tests.web.helpers.review import played_hand, reviews_of

WAIT_SECONDS = 120
"""Long enough for a spawned worker to start and finish a piece of work on a busy machine."""


def review_done(application: FastAPI, url: str) -> bool:
    return [review.status for review in reviews_of(application, url)] == ["done"]


def par_done(application: FastAPI, link: str) -> bool:
    (challenge,) = rows(application, Challenge, id=link)
    return bool(challenge.par_status == "done")


@pytest.mark.slow
def test_checks_reviews_pars_and_hints_run_in_a_spawned_worker(tmp_path: Path) -> None:
    settings = daily_settings(tmp_path, background_workers=1)
    with running(settings) as application, browsers(application, 1) as (client,):
        play_game(client, start_daily(client), random_choice("worker"))
        fair_play_checked(application)
        assert [check.status for check in rows(application, FairPlayCheck)] == ["done"]
        assert multiprocessing.active_children(), "the check ran in this process"

        url, _ = played_hand(client, "worker-review")
        assert client.get(f"{url}/hands/1/review").status_code == 200
        until(lambda: review_done(application, url), "the review", WAIT_SECONDS)

        made = client.post("/challenges", follow_redirects=False)
        assert made.status_code == 303, made.text[:500]
        link = made.headers["location"].rsplit("/", 1)[1]
        # The board's first view starts the par (shown only to a player who has finished).
        assert client.get(f"/challenges/{link}").status_code == 200
        until(lambda: par_done(application, link), "the par", WAIT_SECONDS)

        table = start_game(client, "worker-hint")
        version = page_version(client.get(table).text)
        hint = client.post(f"{table}/hint", data={"version": str(version)}, headers=HTMX)
        assert hint.status_code == 200
        assert 'data-hint-action="' in hint.text, hint.text[:500]
