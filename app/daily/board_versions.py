"""The version of each day's board (`BoardVersion`), read by one lookup (`app.daily.board_cache`).

The database raises it by triggers (migration 0014) in the transaction of every change of what
the board shows: a ranked attempt started (the board counts those still being played),
finished (its total waits for its fair-play check), checked, decided by an operator, and a
nickname chosen (the board shows it). A change made by any process or host sharing the
database, or by hand, is seen by every process's next view of the board.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.storage.models import BoardVersion


def board_version(session: Session, day: date, rules_key: str) -> int:
    """The board's version: 0 until its first change."""
    query = select(BoardVersion.version).where(
        BoardVersion.day == day, BoardVersion.rules_key == rules_key
    )
    return int(session.scalar(query) or 0)
