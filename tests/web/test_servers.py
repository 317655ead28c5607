"""Issue 12: two real server processes on one throwaway PostgreSQL, as behind a load balancer.

A game goes on through either; both keep the one secret in the database (same cookie, same
daily deals); the rate limit is counted across both; a day's par is played once; and after a
PostgreSQL restart in the middle of a game the servers answer 503 while it is down, then
play on."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import httpx
import pytest
from sqlalchemy import Engine, create_engine, text

import app.storage.db
from tests.live import LiveServer, migrate
from tests.postgres import Postgres, throwaway_postgres
from tests.web.driver import data_actions, default_choice, hand_is_over, page_version
from tests.web.helpers.concurrency import statuses, together
from tests.windows import in_one_window

pytestmark = pytest.mark.postgres

HTMX = {"HX-Request": "true"}
CARD = re.compile(r'data-action="play ([^"]+)"|aria-label="([^"]+), not playable now"')


@dataclass
class Pair:
    postgres: Postgres
    servers: tuple[LiveServer, LiveServer]


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    logs = tmp_path_factory.mktemp("servers")
    with throwaway_postgres() as postgres:
        migrate(postgres.url)
        servers = tuple(
            LiveServer(postgres.url, logs / f"server-{n}.log", secret=None) for n in (1, 2)
        )
        for server in servers:
            server.start()
        try:
            yield Pair(postgres, (servers[0], servers[1]))
        finally:
            for server in servers:
                server.stop()


def rows(pair: Pair, query: str) -> int:
    engine = create_engine(pair.postgres.url)
    with engine.connect() as connection:
        found = int(connection.execute(text(query)).scalar_one())
    engine.dispose()
    return found


def move(client: httpx.Client, base: str, game: str, body: str) -> str:
    data = {"version": str(page_version(body)), "action": default_choice(data_actions(body))}
    answer = client.post(f"{base}{game}/actions", data=data, headers=HTMX)
    assert answer.status_code == 200, answer.text[:500]
    return answer.text


def test_a_game_goes_on_through_either_server(pair: Pair) -> None:
    one, two = (server.url for server in pair.servers)
    with httpx.Client(timeout=30) as client:
        game = client.post(f"{one}/games", data={"seed": "two-servers"}).headers["location"]
        body = client.get(one + game).text
        bases = [one, two]
        turn = 0
        while not hand_is_over(body):
            body = move(client, bases[turn % 2], game, body)
            turn += 1
            fresh = client.get(bases[turn % 2] + game).text
            assert page_version(fresh) == page_version(body), "no stale table on the other"
        assert turn > 8


def test_both_servers_share_the_secret_and_the_daily_deal(pair: Pair) -> None:
    one, two = (server.url for server in pair.servers)
    assert rows(pair, "SELECT count(*) FROM server_secrets") == 1
    with (
        httpx.Client(timeout=30, follow_redirects=False) as player,
        httpx.Client(timeout=30, follow_redirects=False) as other,
    ):
        game = player.post(f"{one}/daily/pagat").headers["location"]
        again = player.post(f"{two}/daily/pagat")
        assert again.headers["location"] == game, "the cookie of one is a player on the other"
        mine = player.get(two + game).text
        theirs = other.get(two + other.post(f"{two}/daily/pagat").headers["location"]).text
    assert sorted(CARD.findall(mine)) == sorted(CARD.findall(theirs)), "the same daily deal"


def test_starts_at_the_address_cap_on_both_servers_rank_only_the_cap(pair: Pair) -> None:
    """Issue 24: eight new players behind one address press Daily (ddv) at once, half of
    them on each server: the four the cap allows play ranked, the others are refused, every
    attempt with the same network hash (the day's salt is the database's)."""
    servers = [server.url for server in pair.servers]
    starts = iter(range(8))

    def start() -> httpx.Response:
        base = servers[next(starts) % 2]
        return httpx.post(f"{base}/daily/ddv", timeout=30)

    answers = together(8, start)
    assert statuses(answers) == [303] * 4 + [403] * 4, [answer.text[:300] for answer in answers]
    ddv = "FROM daily_attempts WHERE rules_key = 'ddv'"
    assert rows(pair, f"SELECT count(*) {ddv}") == 4
    assert rows(pair, f"SELECT count(DISTINCT network) {ddv}") == 1
    assert rows(pair, f"SELECT count(DISTINCT network_slot) {ddv}") == 4
    assert rows(pair, "SELECT count(*) FROM games WHERE rules_key = 'ddv'") == 4


def test_the_rate_limit_counts_across_both(pair: Pair) -> None:
    def starts() -> list[int]:
        with httpx.Client(timeout=30, follow_redirects=False) as client:
            return [client.post(f"{pair.servers[n % 2].url}/games").status_code for n in range(21)]

    answers = in_one_window(starts)
    assert answers[:20] == [303] * 20, "20 new games a minute per player, on both together"
    assert answers[20] == 429


def test_the_par_is_played_once(pair: Pair) -> None:
    boards = [f"{server.url}/leaderboard?rules=ddv" for server in pair.servers]
    first = [httpx.get(board, timeout=30) for board in boards]
    assert [answer.status_code for answer in first] == [200, 200]
    assert rows(pair, "SELECT count(*) FROM daily_par WHERE rules_key = 'ddv'") == 1


def test_a_database_restart_mid_game(pair: Pair) -> None:
    one, two = (server.url for server in pair.servers)
    with httpx.Client(timeout=30) as client:
        game = client.post(f"{one}/games", data={"seed": "restart-pg"}).headers["location"]
        body = move(client, one, game, client.get(one + game).text)
        pair.postgres.stop()
        try:
            assert httpx.get(f"{one}/healthz", timeout=30).status_code == 503
            down = client.post(
                f"{two}{game}/actions",
                data={"version": str(page_version(body)), "action": "healthy"},
                headers=HTMX,
            )
            assert down.status_code == 503
        finally:
            pair.postgres.start()
        assert httpx.get(f"{two}/healthz", timeout=30).status_code == 200
        body = client.get(two + game).text
        for base in (one, two, one):
            body = move(client, base, game, body)


def test_a_server_idle_through_a_restart_plays_on_at_once(pair: Pair) -> None:
    """Nobody asks the server while the database restarts, so its pooled connections die
    unnoticed; the first clicks after it must not fail on them (a connection idle for a
    while is pinged and, if dead, replaced)."""
    one = pair.servers[0].url
    with httpx.Client(timeout=30) as client:
        game = client.post(f"{one}/games", data={"seed": "idle-restart"}).headers["location"]
        body = move(client, one, game, client.get(one + game).text)
        pair.postgres.stop()
        pair.postgres.start()
        time.sleep(app.storage.db.IDLE_PING_S)
        for _ in range(3):
            body = move(client, one, game, body)


def test_a_connection_the_restart_closed_is_replaced_however_recently_used(
    pair: Pair, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's goodbye shows on the connection's socket: a pooled connection used a
    moment before the restart is replaced without a ping (none is due yet)."""
    monkeypatch.setattr(app.storage.db, "IDLE_PING_S", 3600.0)
    engine = app.storage.db.make_engine(pair.postgres.url)
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        pair.postgres.stop()
        pair.postgres.start()
        with engine.connect() as connection:
            assert connection.execute(text("SELECT 1")).scalar_one() == 1
    finally:
        engine.dispose()


UVICORN_KEEP_ALIVE_S = 5


def test_a_thinking_player_keeps_the_connection_and_so_the_process(pair: Pair) -> None:
    """A pause between clicks longer than uvicorn's default keep-alive does not drop the
    player's connection: a new one might reach the other process, which would have to replay
    the game."""
    one = pair.servers[0].url

    def local_port(answer: httpx.Response) -> int:
        return int(answer.extensions["network_stream"].get_extra_info("client_addr")[1])

    browser_like = httpx.Limits(keepalive_expiry=60)
    with httpx.Client(timeout=30, limits=browser_like) as client:
        first = local_port(client.get(f"{one}/healthz"))
        time.sleep(UVICORN_KEEP_ALIVE_S + 1.5)
        second = client.get(f"{one}/healthz")
        assert second.status_code == 200
        assert local_port(second) == first


PROBE_S = 4.0
"""How long the requests made while a click waits for its game's row may take: far more than
they take (milliseconds), far less than a wait for the row (until the test lets it go)."""


def test_a_click_waiting_for_its_game_row_holds_up_no_other_request(pair: Pair) -> None:
    """A click played on the event loop (a table kept, bots that decide at once) whose game
    row another transaction holds must not hold the loop: the health check and another
    page answer at once, and the click is stored once the row is let go."""
    one = pair.servers[0].url
    with httpx.Client(timeout=30) as client:
        game = client.post(f"{one}/games", data={"seed": "locked-row"}).headers["location"]
        body = move(client, one, game, client.get(one + game).text)
        engine = create_engine(pair.postgres.url)
        try:
            with engine.connect() as holder, ThreadPoolExecutor(1) as clicks:
                holder.execute(
                    text("SELECT id FROM games WHERE id = :id FOR UPDATE"),
                    {"id": game.rsplit("/", 1)[-1]},
                )
                click = clicks.submit(move, client, one, game, body)
                wait_for_a_lock_wait(engine)
                health = httpx.get(f"{one}/healthz", timeout=PROBE_S)
                other = httpx.get(f"{one}/how-to-play", timeout=PROBE_S)
                assert not click.done()
                holder.rollback()
                stored = click.result(timeout=30)
        finally:
            engine.dispose()
    assert (health.status_code, other.status_code) == (200, 200)
    assert page_version(stored) > page_version(body)


def wait_for_a_lock_wait(engine: Engine) -> None:
    """Until some statement waits for a lock another transaction holds (the click's, on the
    game's row), polling PostgreSQL's own view of its locks."""
    deadline = time.monotonic() + 10
    waiting = text("SELECT count(*) FROM pg_locks WHERE NOT granted")
    while time.monotonic() < deadline:
        with engine.connect() as connection:
            if connection.execute(waiting).scalar_one() > 0:
                return
        time.sleep(0.05)
    pytest.fail("the click never waited for the game's row")
