"""A hint asked at the table: checked against the game's moment, worked out by the hint
keeper within the hints' rate limits, and recorded with the game (committed)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.languages.i18n import N_
from app.learning.hints import Hint, HintKeeper, HintsBusy
from app.play.clicks import STALE
from app.storage.db import insert_unless_present
from app.storage.models import GameRow, HintUse
from app.table.service import HUMAN, Table

NOTHING_TO_DECIDE = N_("There is nothing for you to decide now.")
HINTS_BUSY = N_("Hints are busy just now; ask again in a moment.")
MOMENT = 2
TOO_MANY_HINTS = N_(
    "Many hints were asked from here in the last minute: wait a minute, then ask again."
)
MINUTE = 60


@dataclass(frozen=True)
class NoHint:
    """Why there is no hint (a message id): asked on an earlier moment or with nothing to
    decide (`retry` None: answered like a stale click), or not just now (`retry`: seconds
    to wait; too many hints being worked out, or asked from this player or address)."""

    why: str
    retry: int | None = None


def ask_hint(
    session: Session,
    keeper: HintKeeper,
    row: GameRow,
    table: Table,
    version: int,
    allowed: Callable[[], bool],
) -> Hint | NoHint:
    """The hint on the game's table, or why there is none. The search behind it may wait for
    a worker process behind other players' hints: the read transaction is ended first, so
    the wait holds no pooled connection (with many hints asked at once they took them all,
    and every other request failed after the pool's timeout). `allowed` counts the hint
    against its rate limits (only a hint that would be worked out is counted)."""
    if version != row.version:
        return NoHint(STALE)
    if table.game.hand.to_act != HUMAN:
        return NoHint(NOTHING_TO_DECIDE)
    session.commit()
    if not allowed():
        return NoHint(TOO_MANY_HINTS, MINUTE)
    try:
        advice = keeper.hint(row.id, table)
    except HintsBusy:
        return NoHint(HINTS_BUSY, MOMENT)
    values = {"game_id": row.id, "version": row.version, "suggested": advice.action}
    insert_unless_present(session, HintUse, values)
    session.commit()
    return advice
