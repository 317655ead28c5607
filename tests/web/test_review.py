"""Issue 10: hints and the review of a hand through the web app, with the search itself.

The hint is the strong level's choice for the human's view and the hint's seed; there is none in a
ranked daily game; every hint asked is recorded with the game and changes nothing else. The
review has a row for every decision the human made, is computed once in the background and
kept: reloading reads it. A win thrown away in the last tricks is a blunder, the winning card
costs nothing."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from threading import Event
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from app.learning.hints import STRONG, Hint, HintKeeper, HintsBusy, hint_of, hint_seed
from app.learning.review import Decision, Moment, human_moments, weigh
from app.learning.review_jobs import EVALUATOR, REVIEW_BUDGET, Reviewer, review_evaluation
from app.operations.settings import Settings, utc_now
from app.storage.models import GameRow, HandReview
from app.table.service import HUMAN, Table, new_table
from app.table.table_cache import read_table
from app.web.factory import create_app
from bots.levels import LEVELS
from bots.registry import bot_named
from bots.search.bot import SearchBot
from bots.search.solver import VALUE_SCALE
from bots.table import play_out
from engine import PAGAT, Act, Action, Card, Hand, HandRecord, deal, parse_record, view_of
from tests.helpers.search_solver import brute_force
from tests.helpers.settings import assert_refused
from tests.waiting import waited
from tests.web.driver import (
    HTMX,
    page_version,
    post_action,
    start_game,
)
from tests.web.helpers.daily import start_daily
from tests.web.helpers.review import REVIEW_WORLDS, hint_uses, played_hand, reviews_of

DECISION = re.compile(
    r'<li data-decision data-chosen="([^"]+)" data-best="([^"]+)" data-loss="(-?[0-9.]+)"'
)
HINTED = re.compile(r'data-hint-action="([^"]+)"')
REVIEW_SECONDS = 90
THROWN_WIN = Path(__file__).resolve().parents[1] / "review" / "thrown-win.record.json"


def stored(app: FastAPI, url: str) -> tuple[GameRow, Table]:
    with app.state.sessions() as session:
        row = session.get(GameRow, url.rsplit("/", 1)[1])
        assert row is not None
        return row, read_table(row, app.state.bots)


def test_the_hint_is_the_strong_levels_choice_and_changes_nothing(
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


def test_a_review_is_weighed_by_the_strong_levels_search_and_labelled_so() -> None:
    """The README says the strong level weighs the decisions: the stored label names its bot
    (it once said `search-v1`), and the review thinks with four times its worlds."""
    strong = bot_named(LEVELS["strong"])
    assert isinstance(strong, SearchBot)
    assert EVALUATOR == f"{strong.id}/{REVIEW_BUDGET.worlds}/split" == "search-v2/160/split"
    assert strong.budget.scaled(4 * strong.budget.worlds) == REVIEW_BUDGET


def test_the_reviews_worlds_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DOKO_REVIEW_WORLDS", raising=False)
    assert Settings.from_env().review_worlds == REVIEW_BUDGET.worlds
    monkeypatch.setenv("DOKO_REVIEW_WORLDS", " 16 ")
    assert Settings.from_env().review_worlds == 16
    assert_refused(monkeypatch, "DOKO_REVIEW_WORLDS", "0", "401", "many")


OPTION = re.compile(r'<li data-option="([^"]+)">[^<]*: ([^<]+)</li>')


def backs_the_hint(hint: Hint) -> bool:
    """No values, or the hinted action first with the best of them."""
    if not hint.options:
        return True
    first = hint.options[0]
    return first.action == hint.action and all(o.expected <= first.expected for o in hint.options)


@pytest.mark.parametrize("seed", ["probe363", "probe410"])
def test_a_hinted_armut_reply_is_not_the_one_its_values_rate_worse(
    client: TestClient, seed: str
) -> None:
    """Found by a probe: the strong level answers an Armut with the heuristic, and the hint
    took the Armut while listing declining as 1.8 game points better."""
    url = start_game(client, seed)
    body = post_action(client, url, client.get(url).text, "healthy").text
    answer = client.post(f"{url}/hint", data={"version": str(page_version(body))}, headers=HTMX)
    hinted = HINTED.search(answer.text).group(1)  # type: ignore[union-attr]
    assert hinted in ("armut-accept", "armut-decline")
    listed = [
        (action, float(value.replace("\u2212", "-")))
        for action, value in OPTION.findall(answer.text)
    ]
    assert all(value <= listed[0][1] for _, value in listed), listed
    assert not listed or listed[0][0] == hinted, listed


@pytest.mark.slow
def test_every_hint_of_a_hand_is_backed_by_its_values() -> None:
    """A hand with the decisions where the strong level passes over the best raw value: the
    Armut reply, a card within the noise of a better one, and a call short of its margin."""
    dealt = deal("hint/5", 0)
    model = bot_named("heuristic-v1")
    hand = play_out(Hand(PAGAT, dealt.hands, dealt.dealer), [model] * 4, [random.Random(0)] * 4)
    hints = [hint_of(m.view, f"hint/5/{m.index}") for m in human_moments(HandRecord.of_hand(hand))]
    assert [h for h in hints if not backs_the_hint(h)] == []
    assert any(h.options for h in hints), "values are still shown where they back the hint"


def test_a_hint_asked_again_is_worked_out_once(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same game and version always get the same hint: asking again (a reload, a
    script asking over and over) must not take the workers' time again."""
    roster = app.state.bots
    worked_out: list[object] = []

    def counted(work: Callable[..., Any], *args: Any) -> Future[Any]:
        if work is hint_of:
            worked_out.append(args)
        return submit(work, *args)

    submit = roster.submit_hint
    monkeypatch.setattr(roster, "submit_hint", counted)
    url = start_game(client, "hint-2")
    version = page_version(client.get(url).text)
    answers = [
        client.post(f"{url}/hint", data={"version": str(version)}, headers=HTMX) for _ in range(3)
    ]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert len({HINTED.search(a.text).group(1) for a in answers}) == 1  # type: ignore[union-attr]
    assert len(worked_out) == 1


def test_a_hint_waits_for_the_search_without_a_pooled_connection(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint may wait for a worker behind many others: were the request's connection held
    meanwhile, a burst of hints took the whole pool and every other page failed with a 500
    after the pool's timeout."""
    roster = app.state.bots
    held: list[int] = []

    def counted(work: Callable[..., Any], *args: Any) -> Future[Any]:
        if work is hint_of:
            held.append(app.state.engine.pool.checkedout())
        return submit(work, *args)

    submit = roster.submit_hint
    monkeypatch.setattr(roster, "submit_hint", counted)
    url = start_game(client, "hint-pool")
    version = page_version(client.get(url).text)
    answer = client.post(f"{url}/hint", data={"version": str(version)}, headers=HTMX)
    assert answer.status_code == 200
    assert held == [0]
    assert len(hint_uses(app)) == 1


def blocked_search(app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> tuple[Event, Event]:
    """Makes every hint's search wait until the second returned event is set; the first is
    set once a search is waiting (so it holds its slot)."""
    roster = app.state.bots
    submit = roster.submit_hint
    started, release = Event(), Event()

    def waiting(work: Callable[..., Any], *args: Any) -> Future[Any]:
        if work is hint_of:
            started.set()
            release.wait(30)
        return submit(work, *args)

    monkeypatch.setattr(roster, "submit_hint", waiting)
    return started, release


def test_hints_past_the_slots_are_refused_at_once_and_the_same_hint_is_shared(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every slot working out a hint, a hint on another game is refused at once (it
    would hold a server thread while it waited); one on the same game and version waits
    for the hint being worked out."""
    keeper = HintKeeper(app.state.bots, slots=1)
    started, release = blocked_search(app, monkeypatch)
    first, other = (new_table(PAGAT, seed, STRONG) for seed in ("slots-1", "slots-2"))
    with ThreadPoolExecutor(2) as threads:
        working = threads.submit(keeper.hint, "game-1", first)
        assert started.wait(30), "the first hint's search did not start"
        sharing = threads.submit(keeper.hint, "game-1", first)
        with pytest.raises(HintsBusy):
            keeper.hint("game-2", other)
        release.set()
        assert working.result(30) == sharing.result(30)
    assert keeper.hint("game-2", other).action


def test_a_busy_hint_is_said_in_the_hint_box_and_nothing_is_recorded(
    app: FastAPI, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.state.hints = HintKeeper(app.state.bots, slots=1)
    started, release = blocked_search(app, monkeypatch)
    url = start_game(client, "hint-busy")
    other_url = start_game(client, "hint-busy-2")
    with ThreadPoolExecutor(1) as threads:
        version = page_version(client.get(url).text)
        working = threads.submit(
            client.post, f"{url}/hint", data={"version": str(version)}, headers=HTMX
        )
        assert started.wait(30), "the first hint's search did not start"
        other_version = page_version(client.get(other_url).text)
        answer = client.post(
            f"{other_url}/hint", data={"version": str(other_version)}, headers=HTMX
        )
        release.set()
        assert working.result(30).status_code == 200
    assert answer.status_code == 429
    assert answer.headers["retry-after"] == "2"
    assert "data-hint-busy" in answer.text
    assert "Hints are busy just now" in answer.text
    assert [use.game_id for use in hint_uses(app)] == [url.rsplit("/", 1)[1]]


def test_no_hint_in_a_ranked_daily_game(app: FastAPI, client: TestClient) -> None:
    url = start_daily(client)
    page = client.get(url).text
    assert "data-hint" not in page
    answer = client.post(f"{url}/hint", data={"version": str(page_version(page))}, headers=HTMX)
    assert answer.status_code == 403
    assert hint_uses(app) == []


def finished_review(client: TestClient, review_url: str) -> str:

    def summary() -> str | None:
        fragment = client.get(review_url, headers=HTMX)
        assert fragment.status_code == 200
        if "review-summary" in fragment.text:
            return fragment.text
        assert "Weighing your decisions" in fragment.text or "data-review-queued" in fragment.text
        return None

    return waited(summary, "the review", REVIEW_SECONDS)


@pytest.mark.slow
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
    assert losses == sorted(losses, reverse=True)
    assert all(float(loss) == 0 for chosen, best, loss in rows if best == chosen)

    with app.state.sessions() as session:
        before = session.get(HandReview, (url.rsplit("/", 1)[1], 1))
        assert before is not None and before.status == "done"
        kept = (before.started_at, before.finished_at, before.decisions)
        reasons = [d["reason"] is not None for d in before.decisions]
        better = [Decision.from_json(d).better_found for d in before.decisions]
        assert reasons == better, "stored with each decision"
        assert before.evaluator == f"search-v2/{REVIEW_WORLDS}/split", "the app's own worlds"
        assert all(d["measured"] for d in before.decisions)
    assert ready.count('<p class="reason"') == sum(better), "each better action says why"
    again = client.get(review_url)
    assert DECISION.findall(again.text) == rows
    with app.state.sessions() as session:
        after = session.get(HandReview, (url.rsplit("/", 1)[1], 1))
        assert after is not None and (after.started_at, after.finished_at, after.decisions) == kept
        assert session.scalar(select(func.count()).select_from(HandReview)) == 1


@pytest.mark.slow
def test_a_player_has_one_review_computed_at_a_time(app: FastAPI, client: TestClient) -> None:
    """One player opening the reviews of many hands must not keep the workers from the
    others' bots and hints: a further review waits its turn (the page says so and asks
    again) until the player's review being computed, here by another process, is done."""
    first, _ = played_hand(client, "review-turn-1")
    second, _ = played_hand(client, "review-turn-2")
    computing = HandReview(
        game_id=first.rsplit("/", 1)[1],
        hand=1,
        status="pending",
        started_at=utc_now(),
        evaluator=EVALUATOR,
        decisions=[],
    )
    with app.state.sessions() as session:
        session.add(computing)
        session.commit()

    for headers in ({}, HTMX):
        waiting = client.get(f"{second}/hands/1/review", headers=headers)
        assert waiting.status_code == 200
        assert "waits its turn" in waiting.text and 'hx-trigger="every 1s"' in waiting.text
    assert reviews_of(app, second) == []

    with app.state.sessions() as session:
        session.execute(update(HandReview).values(status="done"))
        session.commit()
    finished_review(client, f"{second}/hands/1/review")
    assert [review.status for review in reviews_of(app, second)] == ["done"]


def test_two_processes_on_one_sqlite_file_compute_one_review_of_a_player_at_a_time(
    app: FastAPI, client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two server processes may serve one SQLite file (`serve --workers 2`). Each keeps its
    own requests apart; the player's row, held from the check of the player's other reviews
    to the claim's commit, must keep the other process's apart too. Process one pauses
    right after its check made holding the player until process two has answered (or a
    second has passed): only one of them may then claim a review, and the other says it
    waits behind it."""
    first, _ = played_hand(client, "two-processes-1")
    second, _ = played_hand(client, "two-processes-2")
    one_checked, two_answered = Event(), Event()
    checking = Reviewer._reviewing
    checks_of_one: list[str] = []

    def pausing_after_one_checked(jobs: Reviewer, session: Any, job: Any, now: Any) -> bool:
        """Process one checks once before holding the player (a quick way out) and once
        holding it: it pauses after the second."""
        others = checking(jobs, session, job, now)
        if job.game_id == first.rsplit("/", 1)[1]:
            checks_of_one.append(job.game_id)
            if len(checks_of_one) == 2:
                one_checked.set()
                two_answered.wait(timeout=1)
        return others

    monkeypatch.setattr(Reviewer, "_reviewing", pausing_after_one_checked)
    process_two = create_app(settings)
    try:
        with (
            TestClient(process_two, cookies=dict(client.cookies)) as two,
            ThreadPoolExecutor(1) as pool,
        ):
            one = pool.submit(client.get, f"{first}/hands/1/review")
            assert one_checked.wait(timeout=10)
            answers = [two.get(f"{second}/hands/1/review")]
            two_answered.set()
            answers.append(one.result(timeout=30))
    finally:
        process_two.state.engine.dispose()
    assert [answer.status_code for answer in answers] == [200, 200]
    behind = "your review of another hand is being worked out first"
    assert sum(behind in answer.text for answer in answers) == 1
    assert len(reviews_of(app, first)) + len(reviews_of(app, second)) == 1


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
