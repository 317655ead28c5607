"""The app on PostgreSQL (by URL, through psycopg): migrations, a whole daily game (on the
board once its fair-play check is done), the board and a restart, against a throwaway server
started from Debian's postgresql binaries."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, func, inspect, select, text
from sqlalchemy.orm import Session, sessionmaker

from app.challenges.attempts import ATTEMPTS
from app.challenges.refusals import ChallengeRefused
from app.operations.migrate import upgrade
from app.operations.settings import Settings
from app.play.challenges import Network, start_at_challenge
from app.storage.db import insert_unless_present, make_counter_engine, make_engine
from app.storage.models import Challenge, ChallengeGame, DailyPar, GameRow, Player
from app.storage.modes import GameMode
from app.table.service import new_table
from app.table.store import GameKind
from app.web.factory import create_app
from bots.registry import bot_named
from engine import RuleSet
from tests.databases import migrated_at_once
from tests.postgres import throwaway_postgres
from tests.web.driver import HTMX, page_version, play_game
from tests.web.helpers.daily import fair_play_checked

pytestmark = pytest.mark.postgres


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with throwaway_postgres() as server:
        yield server.url


def test_times_come_back_in_utc_whatever_the_servers_zone() -> None:
    """A server set up in Auckland hands back its own zone's times unless asked: the pages,
    which write every time as UTC, showed the history's game of 20:19 as 09:19 the next day."""
    with throwaway_postgres() as server:
        url = server.new_database("auckland")
        setup = create_engine(server.url, isolation_level="AUTOCOMMIT")
        with setup.connect() as connection:
            connection.exec_driver_sql("ALTER DATABASE auckland SET timezone = 'Pacific/Auckland'")
        setup.dispose()
        moment = datetime(2026, 12, 7, 20, 19, tzinfo=UTC)
        engine = make_engine(url)
        for each in (engine, make_counter_engine(url, engine)):
            with each.connect() as connection:
                back = connection.execute(text("SELECT CAST(:at AS timestamptz)"), {"at": moment})
                stored = back.scalar_one()
            assert (stored, stored.utcoffset()) == (moment, timedelta(0))
            each.dispose()
        own = make_engine(f"{url}&options=-c%20statement_timeout%3D1234")
        with own.connect() as connection:
            kept = connection.exec_driver_sql("SHOW statement_timeout").scalar_one()
            zone = connection.exec_driver_sql("SHOW timezone").scalar_one()
        own.dispose()
        assert (kept, zone) == ("1234ms", "UTC"), "the URL's own options are kept"


def lock_waits(url: str) -> list[str]:
    """The lock timeout of each engine the server and its commands make on `url`: the
    requests', the rate limits', and the one migrations use."""
    serving = make_engine(url, for_requests=True)
    engines = (serving, make_counter_engine(url, serving), make_engine(url))
    waits = []
    for engine in engines:
        with engine.connect() as connection:
            waits.append(connection.exec_driver_sql("SHOW lock_timeout").scalar_one())
        engine.dispose()
    return waits


def test_a_requests_statement_waits_for_a_lock_as_long_as_on_sqlite(postgres_url: str) -> None:
    """A click whose game row an operator's session holds fails after 5 s (a 503), as on
    SQLite, instead of holding a thread and a connection for as long as that session stays
    open; migrations wait for each other without a limit; an operator's own wait wins."""
    assert lock_waits(postgres_url) == ["5s", "5s", "0"]
    assert lock_waits(f"{postgres_url}&options=-c%20lock_timeout%3D250")[:2] == ["250ms", "250ms"]


def test_migrations_run_at_once_on_an_empty_database_all_succeed() -> None:
    """Several hosts' serve scripts may migrate at the same moment: one migrates, the others
    wait for it and find nothing left to do (without the lock, some failed on a duplicate
    type or table)."""
    with throwaway_postgres() as server:
        assert migrated_at_once(server.new_database("at_once")) == []


def test_migrations_create_every_table(postgres_url: str) -> None:
    upgrade(postgres_url)
    engine = create_engine(postgres_url)
    tables = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"players", "games", "daily_attempts", "daily_par", "alembic_version"} <= tables


def test_a_row_is_inserted_unless_present_and_says_which(postgres_url: str) -> None:
    """The claims of reviews, pars and fair-play checks rest on it: SQLAlchemy counted no
    inserted row on PostgreSQL (-1), so the first request never took its claim."""
    upgrade(postgres_url)
    engine = make_engine(postgres_url)
    values = {"day": date(2024, 1, 1), "rules_key": "pagat", "bot_id": "x", "status": "pending"}
    with Session(engine) as session:
        assert insert_unless_present(session, DailyPar, values)
        assert not insert_unless_present(session, DailyPar, values | {"bot_id": "y"})
        session.rollback()
    engine.dispose()


def test_a_daily_game_is_played_ranked_and_resumed_after_a_restart(postgres_url: str) -> None:
    upgrade(postgres_url)
    settings = Settings(database_url=postgres_url, secret_key="pg", bot_delay_ms=0, limits=None)
    app = create_app(settings)
    with TestClient(app) as client:
        table = client.post("/daily/ddv")
        url = table.url.path
        version = page_version(table.text)
    app.state.engine.dispose()
    restarted = create_app(settings)
    with TestClient(restarted, cookies=client.cookies) as client:
        resumed = client.get(url, headers=HTMX)
        assert page_version(resumed.text) == version
        play_game(client, url)
        fair_play_checked(restarted)
        board = client.get("/leaderboard?rules=ddv")
    restarted.state.engine.dispose()
    assert 'class="own"' in board.text
    assert "bot par:" in board.text


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/games/a%00b"),
        ("GET", "/games/a%00b/hands/1/record.json"),
        ("GET", "/games/a%00b/hands/1/review"),
        ("POST", "/games/a%00b/actions"),
        ("POST", "/games/a%00b/next"),
        ("POST", "/games/a%00b/hint"),
    ],
)
def test_a_game_id_postgresql_cannot_hold_is_not_found(
    postgres_url: str, method: str, path: str
) -> None:
    """PostgreSQL refuses a NUL in a string with an error (a 500 when the id was looked up)."""
    upgrade(postgres_url)
    settings = Settings(database_url=postgres_url, secret_key="pg", bot_delay_ms=0, limits=None)
    app = create_app(settings)
    with TestClient(app) as client:
        answer = client.request(method, path, data={"version": "1", "action": "healthy"})
    app.state.engine.dispose()
    assert answer.status_code == 404


def challenge_with_one_place_left(session: Session) -> str:
    """A challenge whose counting games (unplayed rows: only their number matters here) leave
    one place."""
    now = datetime.now(UTC)
    session.add(Player(id="maker"))
    session.flush()
    session.add(
        Challenge(
            id="one-place-left",
            creator_id="maker",
            rules_key="pagat",
            bot_id="random-v1",
            seed="one-place-left",
            created_at=now,
            closes_at=now + timedelta(days=1),
        )
    )
    for number in range(ATTEMPTS - 1):
        player = f"early-{number}"
        session.add(Player(id=player))
        session.add(
            GameRow(id=player, player_id=player, rules_key="pagat", seed="x", bot_id="r", version=0)
        )
        session.flush()
        session.add(
            ChallengeGame(
                challenge_id="one-place-left", game_id=player, player_id=player, counted_by=player
            )
        )
    session.commit()
    return "one-place-left"


def test_two_players_starting_at_once_take_only_the_last_place(postgres_url: str) -> None:
    """The first start holds the challenge until it commits: the second, which began while
    the first had counted but not yet committed, waits for it and is then refused. Without
    the lock both counted the other's game as not there and both were stored."""
    upgrade(postgres_url)
    engine = make_engine(postgres_url)
    sessions = sessionmaker(engine)
    with sessions() as session:
        link = challenge_with_one_place_left(session)
        for player in ("late-first", "late-second"):
            session.add(Player(id=player))
        session.commit()
    counted, release = threading.Event(), threading.Event()
    outcome: dict[str, object] = {}

    def start(player: str, session: Session) -> None:
        with session:
            challenge = session.get(Challenge, link)
            seat = session.get(Player, player)
            kind, now = GameKind(GameMode.CHALLENGE), datetime.now(UTC)
            try:
                network = Network(player, 0)
                table = new_table(RuleSet.from_key("pagat"), challenge.seed, bot_named("random-v1"))
                start_at_challenge(session, challenge, seat, table, kind, now, network)
                outcome[player] = "started"
            except ChallengeRefused as refused:
                outcome[player] = refused.status

    first_session = sessions()
    event.listen(first_session, "before_commit", lambda _: (counted.set(), release.wait(30)))
    first = threading.Thread(target=start, args=("late-first", first_session))
    first.start()
    assert counted.wait(30)
    second = threading.Thread(target=start, args=("late-second", sessions()))
    second.start()
    deadline = time.monotonic() + 30
    with engine.connect() as watcher:
        waiting = text("SELECT count(*) FROM pg_locks WHERE NOT granted")
        while second.is_alive() and not watcher.execute(waiting).scalar():
            assert time.monotonic() < deadline, "the second start neither waited nor ended"
            watcher.rollback()
            time.sleep(0.01)
    release.set()
    first.join(30)
    second.join(30)
    assert outcome == {"late-first": "started", "late-second": 403}
    with sessions() as session:
        query = select(func.count()).where(
            ChallengeGame.challenge_id == link, ChallengeGame.counted_by.is_not(None)
        )
        assert session.scalar(query) == ATTEMPTS
    engine.dispose()
