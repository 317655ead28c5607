"""The states of work done in the background and kept in a row (a hand's review, a par, a
fair-play check), with one spelling for every reader and writer."""

from __future__ import annotations

from enum import StrEnum


class WorkStatus(StrEnum):
    PENDING = "pending"
    """Claimed, being worked out (`app.storage.claims`)."""
    DONE = "done"
    FAILED = "failed"
    """Given up: claimed again by the next request that wants it."""
