"""A process's bounded memory of things costly to make again (tables, replayed games, hints): the
most recently used kept, the oldest dropped, safe for the worker threads that share it."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from threading import Lock
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    def __init__(self, size: int) -> None:
        self._size = size
        self._values: OrderedDict[K, V] = OrderedDict()
        self._lock = Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._store(key, value)

    def setdefault(self, key: K, value: V) -> V:
        """The value kept for `key`, else `value`, kept from now on: one step, so that of
        two threads asking together only one makes the thing."""
        with self._lock:
            kept = self._values.get(key)
            if kept is not None:
                self._values.move_to_end(key)
                return kept
            self._store(key, value)
            return value

    def discard(self, key: K) -> None:
        with self._lock:
            self._values.pop(key, None)

    def pop(self, key: K) -> V | None:
        """Takes the value out: a request works on it alone, and keeps it again after."""
        return self.pop_if(key, lambda _: True)

    def pop_if(self, key: K, wanted: Callable[[V], bool]) -> V | None:
        """Takes the value out if it is `wanted`, in one step with the test."""
        with self._lock:
            value = self._values.get(key)
            if value is None or not wanted(value):
                return None
            del self._values[key]
            return value

    def _store(self, key: K, value: V) -> None:
        self._values[key] = value
        self._values.move_to_end(key)
        while len(self._values) > self._size:
            self._values.popitem(last=False)
