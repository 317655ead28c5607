"""A hint asked at the table: refused in a game that gives none, checked against the game's
moment, worked out by the hint keeper within the hints' rate limits, and recorded with the
game (committed)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime

from fastapi import HTTPException
from sqlalchemy.orm import Session

from app.daily.secrecy import HINTS_LATER, NoHints, hints_refused, refuse_while_secret
from app.languages.i18n import N_
from app.learning.hints import Hint, HintKeeper, HintsBusy
from app.play.clicks import STALE
from app.storage.db import at_rest, insert_unless_present
from app.storage.models import GameRow, HintUse
from app.table.service import HUMAN, Table
from app.table.table_cache import TableCache

NOTHING_TO_DECIDE = N_("There is nothing for you to decide now.")
HINTS_BUSY = N_("Hints are busy just now; ask again in a moment.")
MOMENT = 2
TOO_MANY_HINTS = N_(
    "Many hints were asked from here in the last minute: wait a minute, then ask again."
)
MINUTE = 60
REFUSED = {
    NoHints.RANKED: N_("There are no hints in a ranked daily game."),
    NoHints.CHALLENGE: N_("There are no hints in a game that counts for a challenge."),
}


@dataclass(frozen=True)
class NoHint:
    """Why there is no hint (a message id): asked on an earlier moment or with nothing to
    decide (`retry` None: answered like a stale click), or not just now (`retry`: seconds
    to wait; too many hints being worked out, or asked from this player or address)."""

    why: str
    retry: int | None = None


@dataclass(frozen=True)
class HintAsked:
    """A hint asked: in which game, on which version and when; `allowed` counts it against
    the hints' rate limits (only a hint that would be worked out is counted)."""

    row: GameRow
    version: int
    now: datetime
    allowed: Callable[[], bool]


@contextmanager
def hint_at_table(
    session: Session, keeper: HintKeeper, tables: TableCache, asked: HintAsked
) -> Iterator[tuple[Table, Hint | NoHint]]:
    """The game's table, lent while the answer is shown, with the hint on it or why there
    is none just now. Refused (403) in a game that gives none
    (`app.daily.secrecy.hints_refused`) before its table is lent: a refused request would
    drop the table from the cache, and the next click would rebuild it."""
    refuse_unless_hints(asked.row, asked.now)
    with tables.lent(asked.row) as table:
        yield table, _hint(session, keeper, table, asked)


def _hint(session: Session, keeper: HintKeeper, table: Table, asked: HintAsked) -> Hint | NoHint:
    """The search behind a hint may wait for a worker process behind other players' hints:
    the read transaction is ended first (`at_rest`; with many hints asked at once they took
    every pooled connection, and every other request failed after the pool's timeout)."""
    row = asked.row
    if asked.version != row.version:
        return NoHint(STALE)
    if table.game.hand.to_act != HUMAN:
        return NoHint(NOTHING_TO_DECIDE)
    at_rest(session)
    if not asked.allowed():
        return NoHint(TOO_MANY_HINTS, MINUTE)
    try:
        advice = keeper.hint(row.id, table)
    except HintsBusy:
        return NoHint(HINTS_BUSY, MOMENT)
    values = {"game_id": row.id, "version": row.version, "suggested": advice.action}
    insert_unless_present(session, HintUse, values)
    session.commit()
    return advice


def refuse_unless_hints(row: GameRow, now: datetime) -> None:
    """Raises the refusal of a game that gives no hints: ranked, counting for a challenge,
    or at a day's deals kept secret (`DealsSecret`, which says until when)."""
    refused = hints_refused(row, now)
    if refused is NoHints.SECRET:
        refuse_while_secret(row, now, HINTS_LATER)
    if refused is not None:
        raise HTTPException(403, REFUSED[refused])
