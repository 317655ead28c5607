"""Daily games at a fixed day and secret: servers, browsers, the day's known seeds, the pages'
cards and records. Shared by several test modules (moved out of `tests/web/test_daily.py`, so
that no test module imports another)."""

from __future__ import annotations

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

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.daily.secrecy import attempts_close_at
from app.operations.ratelimit import Limits
from app.operations.settings import Settings
from app.storage.models import DailyAttempt, GameRow
from app.web.factory import create_app
from engine import Action, Game, RuleSet
from engine.replay import run as replay
from tests.databases import migrated_sqlite
from tests.web.driver import (
    Choose,
    data_actions,
    default_choice,
    hand_is_over,
    page_version,
    post_action,
)
from tests.web.helpers.review import REVIEW_WORLDS

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

TITLE = re.compile(r'<p class="game-title">(.*?)(?: · <a |</p>)', re.S)
"""The table's title, up to its link to the board."""


def noon(day: date) -> datetime:
    return datetime.combine(day, time(12), UTC)


PIPELINE_WORLDS = 8
"""The fair-play checks' worlds (`DOKO_FAIR_PLAY_WORLDS`) in tests of what happens around a
check (pending, ranked or held, the board, deadlines), not of how well it judges: a ranked
pagat game is checked in about 1 s of one core instead of 4 (the honest player of these tests
is still ranked). The tests of the verdict itself (`test_fair_play.py`'s scene,
`tests/test_fairplay.py`) search the server's default."""


def daily_settings(
    tmp_path: Path,
    day: date = DAY,
    secret: str = SECRET,
    limits: Limits | None = None,
    database: str = "doko",
    at: datetime | None = None,
    fair_play_worlds: int = PIPELINE_WORLDS,
    background_workers: int = 0,
) -> Settings:
    """A migrated SQLite file (shared by every app made with the same `database` name), a
    fixed time (noon of `day` unless `at` says otherwise), no rate limits unless asked (a
    whole game is over a hundred requests), and quick fair-play checks (`PIPELINE_WORLDS`).
    The background work runs in the server's own threads unless `background_workers` asks
    for worker processes: spawning one costs a second or two, and the app's shutdown waits
    for the work it is doing."""
    url = migrated_sqlite(tmp_path / f"{database}.sqlite3")
    moment = at or noon(day)
    return Settings(
        database_url=url,
        secret_key=secret,
        bot_delay_ms=0,
        limits=limits,
        clock=lambda: moment,
        fair_play_worlds=fair_play_worlds,
        review_worlds=REVIEW_WORLDS,
        background_workers=background_workers,
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


def rows(application: FastAPI, model: type[Any], **where: Any) -> list[Any]:
    with application.state.sessions() as session:
        return list(session.scalars(select(model).filter_by(**where)))


def count(application: FastAPI, model: type[Any]) -> int:
    with application.state.sessions() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


FAIR_PLAY_SECONDS = 240
"""Long enough for a few fair-play checks one after the other on a busy machine (one takes
about 5 s of one worker for a ranked pagat game at the default budget)."""


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
        clock.sleep(0.02)


def game_id(url: str) -> str:
    return url.rsplit("/", 1)[1]


KNOWN_SEEDS = {
    (SECRET, DAY, "pagat"): "9e1e421bcd96e910771dbabc647228548b50e6d0413df4c21e16c45b629dd24a",
    (SECRET, DAY, "ddv"): "e76bf52ec9aac37c1d447f8272f99d1eaafa5a4de33827037bc84745e8eed140",
    (SECRET, date(2024, 3, 15), "pagat"): (
        "cdeed028f1af3ae4c20e3932bbe7690724d1f6a7467eed40a4b091d0b3577263"
    ),
    (SECRET, date(2024, 3, 15), "ddv"): (
        "967b7b0d259f932d5205ba59a19815fb470fc1a67e80282da606bf64612924e9"
    ),
    ("another secret", DAY, "pagat"): (
        "a2604cc51d83faccc79d725bf31d68c93bfa46f0b6dd20f05a79546064af4c14"
    ),
    ("another secret", DAY, "ddv"): (
        "737f8149979606dc5912226e762c04a990543e0151f181cd607cbad947766c5e"
    ),
}
"""Daily seeds worked out once outside the project, as the README defines them (HMAC-SHA256
of the secret and `date|rules`: `printf '2024-03-14|pagat' | openssl dgst -sha256 -mac HMAC
-macopt key:daily-web-secret`): the tests check the server's deals against these values, not
against a copy of the formula."""


def known_seed(secret: str, day: date, rules_key: str) -> str:
    """The day's seed for a secret, day and rule set of `KNOWN_SEEDS`."""
    return KNOWN_SEEDS[(secret, day, rules_key)]


def start_daily(client: TestClient, rules_key: str = "pagat", **headers: str) -> str:
    """Presses a Daily button; returns the table's path `/games/<id>`."""
    response = client.post(f"/daily/{rules_key}", headers=headers, follow_redirects=False)
    assert response.status_code == 303, response.text[:2000]
    location = response.headers["location"]
    assert re.fullmatch(r"/games/[0-9a-f]+", location), location
    return location


def daily_refused(client: TestClient, rules_key: str = "pagat") -> str:
    """Presses a Daily button that cannot start a ranked game (`app.play.daily`): the refusal
    page's text, unescaped."""
    response = client.post(f"/daily/{rules_key}", follow_redirects=False)
    assert response.status_code == 403, response.text[:2000]
    return html.unescape(response.text)


def hand_codes(body: str) -> list[str]:
    """The human's cards as shown, in card notation (from the cards' accessible names)."""
    match = HAND_REGION.search(body)
    assert match is not None, "no hand on the page"
    return [RANKS[rank] + SUITS[suit] for rank, suit in CARD_LABEL.findall(match.group(1))]


def title_of(body: str) -> str:
    match = TITLE.search(body)
    assert match is not None, "no game title on the table"
    return html.unescape(re.sub(r"<[^>]+>", "", match.group(1))).strip()


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


def publish(application: FastAPI) -> None:
    """Moves the running server's clock to when the seed of `DAY` is published: the hand
    records and reviews of its deals are available from then (issue 24)."""
    published = attempts_close_at(DAY)
    application.state.settings = replace(application.state.settings, clock=lambda: published)
