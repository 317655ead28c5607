"""Requests sent together, and their statuses. Shared by several test modules (moved out of
`tests/web/test_concurrency.py`, so that no test module imports another)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx


def together(count: int, request: Callable[[], httpx.Response]) -> list[httpx.Response]:
    """`count` threads send their request at the same moment (a barrier releases them)."""
    barrier = threading.Barrier(count)

    def send() -> httpx.Response:
        barrier.wait()
        return request()

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(lambda _: send(), range(count)))


def statuses(responses: list[httpx.Response]) -> list[int]:
    return sorted(response.status_code for response in responses)
