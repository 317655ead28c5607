"""Work done once for all server processes: whoever inserts a row first computes it.

A row (a hand's review, a day's par) is claimed by inserting it `pending`; the inserting
request starts the work in the background, the others just read the row. A row left pending
too long (its process died) or marked `failed` is claimed again by the next request, through
an update that only one of several racing requests can win.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import update
from sqlalchemy.orm import Session

from app.storage.db import Base, insert_unless_present
from app.storage.models import Player
from app.storage.work import WorkStatus

STALE_AFTER = timedelta(minutes=5)
"""A pending row untouched this long is taken to have lost its process."""

Row = TypeVar("Row", bound=Base)


def claim(
    session: Session, model: type[Row], key: dict[str, Any], fresh: dict[str, Any], now: datetime
) -> tuple[Row, bool]:
    """The row of `key` (made `pending` with `fresh` values when missing), and whether this
    caller must now compute it. Commits."""
    pending = {"status": WorkStatus.PENDING, "started_at": now}
    inserted = insert_unless_present(session, model, key | fresh | pending)
    session.commit()
    row = session.get(model, tuple(key.values()))
    assert row is not None
    if inserted or not abandoned(row, now):
        return row, inserted
    conditions = [getattr(model, name) == value for name, value in key.items()]
    taken = session.execute(
        update(model)
        .where(*conditions, model.started_at == row.started_at)  # type: ignore[attr-defined]
        .values(**fresh, **pending)
    )
    session.commit()
    session.refresh(row)
    return row, bool(getattr(taken, "rowcount", 0) == 1)


def abandoned(row: Any, now: datetime) -> bool:
    """Whether a row (or a row's `status` and `started_at`) is to be claimed again."""
    if row.status == WorkStatus.FAILED:
        return True
    started: datetime = row.started_at
    if started.tzinfo is None:  # SQLite keeps no time zone; every time stored is UTC
        started = started.replace(tzinfo=now.tzinfo)
    return bool(row.status == WorkStatus.PENDING and now - started > STALE_AFTER)


def hold_player(session: Session, player_id: str) -> None:
    """Holds the player's row until the session's transaction ends, so that a check of the
    player's rows and the write it allows are one step across processes: an update that
    changes nothing takes PostgreSQL's row lock and SQLite's write lock alike (`SELECT … FOR
    UPDATE` takes nothing on SQLite, where two processes may serve one file)."""
    session.execute(update(Player).where(Player.id == player_id).values(nickname=Player.nickname))
