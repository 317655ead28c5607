"""The daily game through a TestClient: everyone gets the same deals (from the HMAC of the date
and rule set under the server secret) and the same bot answers for the same play; one ranked
attempt per player, day and rule set, counted from the start and enforced by the database;
later tries are practice; a restarted server resumes the ranked game.

The helpers at the top are shared with test_leaderboard.py and test_rate_limits.py.
"""

from __future__ import annotations

import hashlib
import hmac
import html
import itertools
import json
import random
import re
import time as clock
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

import app.play.daily as daily_service
from app.daily.attempts import attempt_of, attempts_close_at
from app.operations.ratelimit import Limits
from app.operations.settings import Settings
from app.storage.models import DailyAttempt, GameRow
from app.web.factory import create_app
from engine import Action, Game, RuleSet, deal
from engine.replay import run as replay
from tests.databases import migrated_sqlite
from tests.web.driver import (
    HTMX,
    Choose,
    data_actions,
    default_choice,
    hand_is_over,
    page_version,
    play_game,
    post_action,
)

SECRET = "daily-web-secret"
DAY = date(2024, 3, 14)
RANKS = {"Ace": "A", "Ten": "10", "King": "K", "Queen": "Q", "Jack": "J", "Nine": "9"}
SUITS = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D"}
CARD_LABEL = re.compile(
    r'aria-label="(Ace|Ten|King|Queen|Jack|Nine) of (clubs|spades|hearts|diamonds)'
)
HAND_REGION = re.compile(r'<div class="hand[ "][^>]*>(.*?)</div>', re.DOTALL)
PLAYED = re.compile(r'role="img"\s+aria-label="([^"]*)"')
CALLS = re.compile(r'<ul class="calls"[^>]*>(.*?)</ul>', re.DOTALL)
STATUS = re.compile(r'<p class="status" role="status">(.*?)</p>', re.DOTALL)
SUMMARY = re.compile(r'<section class="summary".*?</section>', re.DOTALL)
TITLE = re.compile(r'<p class="game-title">([^<]*)')


# ---- apps, clients and the database ----------------------------------------------------------


def noon(day: date) -> datetime:
    return datetime.combine(day, time(12), UTC)


def daily_settings(
    tmp_path: Path,
    day: date = DAY,
    secret: str = SECRET,
    limits: Limits | None = None,
    database: str = "doko",
    at: datetime | None = None,
) -> Settings:
    """A migrated SQLite file (shared by every app made with the same `database` name), a
    fixed time (noon of `day` unless `at` says otherwise), and no rate limits unless asked: a
    whole game is over a hundred requests."""
    url = migrated_sqlite(tmp_path / f"{database}.sqlite3")
    moment = at or noon(day)
    return Settings(
        database_url=url, secret_key=secret, bot_delay_ms=0, limits=limits, clock=lambda: moment
    )


@contextmanager
def running(settings: Settings) -> Iterator[FastAPI]:
    """An app instance; a second one on the same settings is a restarted server."""
    application = create_app(settings)
    try:
        yield application
    finally:
        application.state.engine.dispose()


@contextmanager
def browsers(application: FastAPI, count: int) -> Iterator[list[TestClient]]:
    """`count` players: separate cookie jars on the same server."""
    clients = [TestClient(application) for _ in range(count)]
    try:
        yield clients
    finally:
        for client in clients:
            client.close()


def publish(application: FastAPI) -> None:
    """Moves the running server's clock to when the seed of `DAY` is published: the hand
    records and reviews of its deals are available from then (issue 24)."""
    published = attempts_close_at(DAY)
    application.state.settings = replace(application.state.settings, clock=lambda: published)


def rows(application: FastAPI, model: type[Any], **where: Any) -> list[Any]:
    with application.state.sessions() as session:
        return list(session.scalars(select(model).filter_by(**where)))


def count(application: FastAPI, model: type[Any]) -> int:
    with application.state.sessions() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


FAIR_PLAY_SECONDS = 240
"""Long enough for a few fair-play checks one after the other on a busy machine (one takes
about 5 s of one worker for a ranked pagat game)."""


def fair_play_checked(application: FastAPI, timeout: float = FAIR_PLAY_SECONDS) -> None:
    """Waits until the fair-play check of every finished ranked attempt is done: a finished
    attempt goes on the board only then (`app.daily.fairplay`)."""
    waiting = select(func.count()).where(
        DailyAttempt.finished_at.is_not(None), DailyAttempt.fair_play == "pending"
    )
    deadline = clock.monotonic() + timeout
    while True:
        with application.state.sessions() as session:
            pending = int(session.scalar(waiting) or 0)
        if not pending:
            return
        assert clock.monotonic() < deadline, f"{pending} fair-play checks not done"
        clock.sleep(0.2)


def game_id(url: str) -> str:
    return url.rsplit("/", 1)[1]


def reference_seed(secret: str, day: date, rules_key: str) -> str:
    """The day's seed as the issue defines it, with the standard library only."""
    message = f"{day.isoformat()}|{rules_key}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def start_daily(client: TestClient, rules_key: str = "pagat", **headers: str) -> str:
    """Presses a Daily button; returns the table's path `/games/<id>`."""
    response = client.post(f"/daily/{rules_key}", headers=headers, follow_redirects=False)
    assert response.status_code == 303, response.text[:2000]
    location = response.headers["location"]
    assert re.fullmatch(r"/games/[0-9a-f]+", location), location
    return location


# ---- reading pages ---------------------------------------------------------------------------


def hand_codes(body: str) -> list[str]:
    """The human's cards as shown, in card notation (from the cards' accessible names)."""
    match = HAND_REGION.search(body)
    assert match is not None, "no hand on the page"
    return [RANKS[rank] + SUITS[suit] for rank, suit in CARD_LABEL.findall(match.group(1))]


def title_of(body: str) -> str:
    match = TITLE.search(body)
    assert match is not None, "no game title on the table"
    return html.unescape(match.group(1)).strip()


@dataclass(frozen=True)
class Seen:
    """What a player sees of one table state; equal play must give equal sights."""

    version: int
    actions: tuple[str, ...]
    hand: tuple[str, ...]
    played: tuple[str, ...]
    calls: str
    status: str
    summary: str

    @staticmethod
    def of(body: str, url: str) -> Seen:
        calls, status = CALLS.search(body), STATUS.search(body)
        summary = SUMMARY.search(body)
        return Seen(
            page_version(body),
            tuple(data_actions(body)),
            tuple(hand_codes(body)),
            tuple(PLAYED.findall(body)),
            calls.group(1) if calls else "",
            status.group(1) if status else "",
            summary.group(0).replace(game_id(url), "<game>") if summary else "",
        )


# ---- playing ---------------------------------------------------------------------------------


def random_choice(seed: str) -> Choose:
    """Any offered action, reproducibly: announcements, solos and Armut included."""
    rng = random.Random(seed)
    return lambda actions: rng.choice(actions)


class Recorder:
    """Wraps a choice function and remembers what was offered and chosen, step by step."""

    def __init__(self, choose: Choose) -> None:
        self.choose = choose
        self.steps: list[tuple[list[str], str]] = []

    def __call__(self, actions: list[str]) -> str:
        chosen = self.choose(actions)
        self.steps.append((list(actions), chosen))
        return chosen


class Repeater:
    """Makes the recorded choices again, checking that the same actions are offered."""

    def __init__(self, recorder: Recorder) -> None:
        self.steps = iter(recorder.steps)

    def __call__(self, actions: list[str]) -> str:
        offered, chosen = next(self.steps)
        assert actions == offered, "the second player was offered other actions"
        return chosen


def hand_records(client: TestClient, url: str) -> list[dict[str, Any]]:
    """Every finished hand's downloadable record, Armut redeals included, in order."""
    records = []
    for number in itertools.count(1):
        response = client.get(f"{url}/hands/{number}/record.json")
        if response.status_code == 404:
            return records
        assert response.status_code == 200, response.text[:500]
        records.append(response.json())
    raise AssertionError("unreachable")


def stored_records(application: FastAPI, url: str) -> list[dict[str, Any]]:
    """What `hand_records` downloads, made by the engine from the stored game: the records of
    a game at the day's deals are refused until the seed is published (issue 24)."""
    with application.state.sessions() as session:
        row = session.get(GameRow, game_id(url))
        assert row is not None
        game = Game(RuleSet.from_key(row.rules_key), row.seed)
        for number, actions in enumerate(row.log):
            if number:
                game.next_hand()
            for entry in actions:
                game.hand.apply(Action.from_record(entry))
    return [json.loads(json.dumps(record.to_json())) for record in game.finished_records]


def replayed_results(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The result objects of the played hands, by `engine.replay` (redeals have none)."""
    results = []
    for record in records:
        lines, code = replay(json.dumps(record), False)
        assert code == 0, lines
        if lines[-1].get("redeal"):
            continue
        assert "scores" in lines[-1], lines[-1]
        results.append(lines[-1])
    return results


def seat0_total(results: list[dict[str, Any]]) -> int:
    return sum(result["scores"][0] for result in results)


def seat0_hands_won(results: list[dict[str, Any]]) -> int:
    return sum(1 for result in results if result["winner"] and 0 in result[result["winner"]])


def advance(client: TestClient, url: str, moves: int) -> str:
    """A few default moves (healthy, first playable card) inside the first hand."""
    body = client.get(url).text
    for _ in range(moves):
        assert not hand_is_over(body)
        response = post_action(client, url, body, default_choice(data_actions(body)))
        assert response.status_code == 200, response.text[:2000]
        body = response.text
    return body


# ---- tests -----------------------------------------------------------------------------------


@pytest.fixture
def daily_app(tmp_path: Path) -> Iterator[FastAPI]:
    with running(daily_settings(tmp_path)) as application:
        yield application


def test_home_offers_both_daily_games_and_a_new_game(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        page = client.get("/").text
    plain_words = {"pagat": "pagat.com rules, 8 hands", "ddv": "German club rules (DDV), 12 hands"}
    for key, rules in plain_words.items():
        assert re.search(
            rf'<form method="post" action="/daily/{key}">\s*<button[^>]*>'
            rf'<span class="mode-name">Daily game</span>\s*'
            rf'<span class="mode-rules">{re.escape(rules)}</span>',
            page,
        )
    assert '<form method="post" action="/games">' in page


@pytest.mark.slow
def test_two_players_get_the_same_deals_and_bot_answers_for_the_same_play(
    daily_app: FastAPI,
) -> None:
    with browsers(daily_app, 2) as (first, second):
        first_url, second_url = start_daily(first), start_daily(second)
        assert first_url != second_url, "each player has a game of their own"
        recorder = Recorder(random_choice("two players"))
        first_bodies = play_game(first, first_url, recorder)
        second_bodies = play_game(second, second_url, Repeater(recorder))

        first_seen = [Seen.of(body, first_url) for body in first_bodies]
        second_seen = [Seen.of(body, second_url) for body in second_bodies]
        assert len(first_seen) == len(second_seen)
        for step, (mine, theirs) in enumerate(zip(first_seen, second_seen, strict=True)):
            assert mine == theirs, f"the tables differ after step {step}"
        assert any(seen.played for seen in first_seen), "cards were played and compared"

        assert first.get(f"{first_url}/hands/1/record.json").status_code == 403, "not today"
        publish(daily_app)
        first_records = hand_records(first, first_url)
        assert len(first_records) >= 8
        assert first_records == hand_records(second, second_url)


@pytest.mark.parametrize("rules_key", ["pagat", "ddv"])
def test_the_daily_deal_is_the_hmac_of_date_and_rules(tmp_path: Path, rules_key: str) -> None:
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        url = start_daily(client, rules_key)
        body = client.get(url).text
    seed = reference_seed(SECRET, DAY, rules_key)
    assert sorted(hand_codes(body)) == sorted(str(card) for card in deal(seed, 0).hands[0])
    assert title_of(body).startswith(f"Daily {DAY.isoformat()} ({rules_key}), ranked")
    assert f"<code>{rules_key}</code>" in body


def test_dates_rules_and_secrets_each_change_the_deals(tmp_path: Path) -> None:
    """Seat 0's first hand for each (day, secret, rule set): all different, each the deal of
    the documented seed."""
    seen: dict[tuple[date, str, str], list[str]] = {}
    for day, secret in [(DAY, SECRET), (date(2024, 3, 15), SECRET), (DAY, "another secret")]:
        settings = daily_settings(tmp_path, day=day, secret=secret)
        with running(settings) as application, browsers(application, 1) as (client,):
            for rules_key in ("pagat", "ddv"):
                body = client.get(start_daily(client, rules_key)).text
                seen[(day, secret, rules_key)] = sorted(hand_codes(body))
    for (day, secret, rules_key), cards in seen.items():
        expected = deal(reference_seed(secret, day, rules_key), 0).hands[0]
        assert cards == sorted(str(card) for card in expected), (day, secret, rules_key)
    assert len({tuple(cards) for cards in seen.values()}) == len(seen)


def test_the_daily_game_ignores_the_remembered_rules(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        form = {"preset": "pagat", "hands_per_game": "2", "scoring": "pagat"}
        form |= {"hochzeit_deadline_shift": "tricks", "armut": "on"}
        assert client.post("/rules", data=form).status_code == 200
        assert "pagat+" in client.cookies.get("doko_rules", "")
        body = client.get(start_daily(client, "pagat")).text
    assert "<code>pagat</code>" in body
    assert re.search(r"hand(?:\s|&nbsp;)+1(?:\s|&nbsp;)+of(?:\s|&nbsp;)+8", body)


@pytest.mark.parametrize("rules_key", ["skat", "PAGAT", "pagat+armut=off"])
def test_only_the_presets_have_a_daily_game(daily_app: FastAPI, rules_key: str) -> None:
    with browsers(daily_app, 1) as (client,):
        response = client.post(f"/daily/{rules_key}", follow_redirects=False)
    assert response.status_code == 404
    assert count(daily_app, GameRow) == 0
    assert count(daily_app, DailyAttempt) == 0


def test_the_attempt_counts_from_the_start(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        url = start_daily(client)
        (attempt,) = rows(daily_app, DailyAttempt)
        assert attempt.game_id == game_id(url)
        assert (attempt.day, attempt.rules_key) == (DAY, "pagat")
        assert attempt.finished_at is None and attempt.total is None
        assert "ranked" in title_of(client.get(url).text)


def test_abandoning_the_daily_game_does_not_give_a_new_attempt(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        url = start_daily(client)
        assert start_daily(client) == url, "starting again at once resumes the game"

        body = advance(client, url, 3)
        version = page_version(body)
        new_game = client.post("/games", follow_redirects=False).headers["location"]
        assert new_game != url
        assert 'href="' + new_game + '"' in client.get("/").text

        assert start_daily(client) == url, "after a new game the daily one still resumes"
        resumed = client.get(url).text
        assert page_version(resumed) == version
        assert "ranked" in title_of(resumed)
        assert len(rows(daily_app, DailyAttempt)) == 1
        assert start_daily(client, "ddv") != url, "the other rule set has its own attempt"
        assert len(rows(daily_app, DailyAttempt)) == 2


@pytest.mark.slow
def test_a_second_try_after_the_ranked_game_is_practice(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        ranked_url = start_daily(client)
        ranked = play_game(client, ranked_url, random_choice("ranked"))
        assert 'action="/players/nickname"' in ranked[-1], "a ranked game asks for a nickname"
        (attempt,) = rows(daily_app, DailyAttempt)
        assert attempt.finished_at is not None
        total = attempt.total

        practice_url = start_daily(client)
        assert practice_url != ranked_url
        practice = client.get(practice_url).text
        assert title_of(practice).startswith(f"Daily {DAY.isoformat()} (pagat), practice")
        assert "practice" in practice
        assert hand_codes(practice) == hand_codes(ranked[0]), "the same deals again"
        assert rows(daily_app, GameRow, id=game_id(practice_url))[0].mode == "practice"

        bodies = play_game(client, practice_url, random_choice("practice"))
        assert 'action="/players/nickname"' not in bodies[-1], "practice is not ranked"
        (attempt,) = rows(daily_app, DailyAttempt)
        assert (attempt.game_id, attempt.total) == (game_id(ranked_url), total)
        assert start_daily(client) not in (ranked_url, practice_url), "practice again"
        assert len(rows(daily_app, DailyAttempt)) == 1


def test_the_database_refuses_a_second_attempt_row(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        ranked = game_id(start_daily(client))
        other = game_id(client.post("/games", follow_redirects=False).headers["location"])
    (attempt,) = rows(daily_app, DailyAttempt)
    assert attempt.game_id == ranked
    with daily_app.state.sessions() as session:
        session.add(
            DailyAttempt(player_id=attempt.player_id, day=DAY, rules_key="pagat", game_id=other)
        )
        with pytest.raises(IntegrityError):
            session.commit()
    with daily_app.state.sessions() as session:
        session.add(
            DailyAttempt(
                player_id=attempt.player_id, day=date(2024, 3, 13), rules_key="pagat", game_id=other
            )
        )
        session.flush()
        session.rollback()
    assert len(rows(daily_app, DailyAttempt)) == 1


def test_a_start_that_raced_another_goes_to_its_ranked_game(
    daily_app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A double click on the Daily button: both clicks look for the attempt before either
    has stored it, and the second's insert is refused. The browser shows the answer to the
    last click, which was an error page; it is the ranked game, as for the first."""
    with browsers(daily_app, 1) as (client,):
        url = start_daily(client)
        games = count(daily_app, GameRow)
        looks: list[object] = []

        def not_yet_stored(*args: Any) -> DailyAttempt | None:
            looks.append(args)
            return None if len(looks) == 1 else attempt_of(*args)

        monkeypatch.setattr(daily_service, "attempt_of", not_yet_stored)
        assert start_daily(client) == url
    assert len(rows(daily_app, DailyAttempt)) == 1
    assert count(daily_app, GameRow) == games


def test_a_restarted_server_resumes_the_daily_game(tmp_path: Path) -> None:
    settings = daily_settings(tmp_path)
    with running(settings) as before, browsers(before, 1) as (client,):
        url = start_daily(client)
        body = advance(client, url, 4)
        seen = Seen.of(body, url)
        cookies = dict(client.cookies)
    with running(settings) as after, TestClient(after, cookies=cookies) as client:
        assert start_daily(client) == url
        resumed = client.get(url).text
        assert Seen.of(resumed, url).version == seen.version
        assert Seen.of(resumed, url).hand == seen.hand
        assert "ranked" in title_of(resumed)
        bodies = play_game(client, url)
        assert "Final standings" in bodies[-1]
        (attempt,) = rows(after, DailyAttempt)
        assert attempt.game_id == game_id(url) and attempt.finished_at is not None


def test_an_htmx_start_resumes_the_ranked_game_too(daily_app: FastAPI) -> None:
    """The daily buttons are plain forms, but an htmx post must not get around the attempt."""
    with browsers(daily_app, 1) as (client,):
        url = start_daily(client, **HTMX)
        assert start_daily(client, **HTMX) == url
    assert len(rows(daily_app, DailyAttempt)) == 1
