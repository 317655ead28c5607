"""A request's head has a bound (app.operations.http_head): a found attack sent 100 MB headers,
which the HTTP parser took whole on the event loop, stalling every player for 12 s. Past
64 KB the server answers 431 and closes the connection; a browser's head, a long one among
them, and a large body are served as before."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from app.operations.http_head import MOST_HEAD_BYTES
from tests.databases import migrated_sqlite
from tests.live import LiveServer


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    directory = tmp_path_factory.mktemp("http-head")
    server = LiveServer(migrated_sqlite(directory / "doko.sqlite3"), directory / "server.log")
    server.start()
    yield server
    server.stop()


def sent_in_pieces(live: LiveServer, head: bytes, piece: int = 4096) -> tuple[bytes, float]:
    """The server's answer to `head` sent piece by piece, and the seconds until it came."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", live.port), timeout=20) as connection:
        try:
            for at in range(0, len(head), piece):
                connection.sendall(head[at : at + piece])
        except (BrokenPipeError, ConnectionResetError):
            pass
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass
    return answer, time.monotonic() - started


def test_a_head_past_the_bound_is_refused_at_once(live: LiveServer) -> None:
    huge = b"GET / HTTP/1.1\r\nHost: x\r\nX-Filler: " + b"a" * (8 * MOST_HEAD_BYTES)
    answer, seconds = sent_in_pieces(live, huge)
    assert answer.startswith(b"HTTP/1.1 431 "), answer[:200]
    assert seconds < 5
    assert httpx.get(live.url + "/", timeout=10).status_code == 200, "others are served"


def test_a_long_head_within_the_bound_and_a_large_body_are_served(live: LiveServer) -> None:
    long = {"X-Long": "a" * (MOST_HEAD_BYTES * 2 // 3)}
    with httpx.Client(base_url=live.url, timeout=10) as browser:
        answers = [browser.get("/", headers=long).status_code for _ in range(3)]
    assert answers == [200] * 3, "each request on a kept-alive connection is counted afresh"
    body = {"seed": "s" * 200_000}
    answer = httpx.post(live.url + "/games", data=body, timeout=10)
    assert answer.status_code != 431
    assert answer.status_code < 500
