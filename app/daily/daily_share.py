"""The daily game's result to share (`app.daily.share`): at the end of the game, and on the day's
board beside the player's own row, where its place is known once the fair-play check is
done."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from jinja2 import pass_context
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.daily.board_rows import ranked_attempts, ranked_row
from app.daily.secrecy import deals_secret
from app.daily.share import ShareFacts, share_text
from app.languages.i18n import Writing
from app.languages.rules_names import rules_name
from app.operations.urls import board_url, shared_link
from app.storage.models import DailyAttempt, GameRow
from app.storage.modes import GameMode


@dataclass(frozen=True)
class DailyResult:
    """A finished daily game (ranked or practice) as the share text tells it."""

    day: date
    rules_key: str
    practice: bool
    total: int
    won: tuple[bool, ...]
    place: int | None
    field: int | None
    secret: bool
    """The day's deals are still secret: the marks do not follow the order played."""

    @property
    def board(self) -> str:
        """The path of the day's board the text links to."""
        return board_url(self.day, self.rules_key)

    def facts(self, writing: Writing, link: str) -> ShareFacts:
        """`link`: the day's board (`board`) as others reach it."""
        t = writing.words
        values = {"day": writing.day(self.day), "rules": rules_name(self.rules_key, t)}
        if self.practice:
            heading = t.gettext("Doko daily game %(day)s · %(rules)s, practice") % values
        else:
            heading = t.gettext("Doko daily game %(day)s · %(rules)s") % values
        return ShareFacts(
            heading, self.total, self.won, self.place, self.field, link, not self.secret
        )


def daily_result(
    session: Session, row: GameRow, total: int, won: tuple[bool, ...], now: datetime
) -> DailyResult | None:
    """The result of a finished game at a day's deals, with its place on the day's board
    once it is there; None for any other game."""
    if row.day is None or row.mode not in (GameMode.DAILY, GameMode.PRACTICE):
        return None
    place, field = board_place(session, row.id) if row.mode == GameMode.DAILY else (None, None)
    return DailyResult(
        row.day,
        row.rules_key,
        row.mode == GameMode.PRACTICE,
        total,
        won,
        place,
        field,
        deals_secret(row, now),
    )


def board_place(session: Session, game_id: str) -> tuple[int | None, int | None]:
    """The ranked attempt's place (as its day's board ranks it) and the players on that
    board; (None, None) while it is not on the board."""
    attempt = session.scalars(select(DailyAttempt).where(DailyAttempt.game_id == game_id)).first()
    if attempt is None or not attempt.on_board:
        return None, None
    field = ranked_attempts(session, attempt.day, attempt.rules_key)
    return ranked_row(session, attempt, None, None).rank, field


@dataclass(frozen=True)
class OwnPlace:
    """The viewer's finished attempt as its day's board shows it."""

    place: int | None
    """Its place, once it is on the board."""
    field: int
    """The attempts on the board."""


HandsWon = Callable[[GameRow], tuple[bool, ...]]
"""Whether the player won each hand of a stored game, in order."""


@dataclass(frozen=True)
class Viewer:
    player_id: str
    day: date
    rules_key: str
    now: datetime


def board_result(
    session: Session, hands_won_in: HandsWon, viewer: Viewer, own: OwnPlace
) -> DailyResult | None:
    """The viewer's finished ranked attempt at the board's deals, to share beside its row:
    one query for its game (whose hands `hands_won_in` tells, the history's replay kept by
    the process), the place being the board's own."""
    query = (
        select(GameRow, DailyAttempt.total)
        .join(DailyAttempt, DailyAttempt.game_id == GameRow.id)
        .where(
            DailyAttempt.player_id == viewer.player_id,
            DailyAttempt.day == viewer.day,
            DailyAttempt.rules_key == viewer.rules_key,
            DailyAttempt.finished_at.is_not(None),
        )
    )
    found = session.execute(query).first()
    total = found[1] if found is not None else None
    if found is None or total is None:
        return None
    row = found[0]
    won = hands_won_in(row)
    field = own.field if own.place is not None else None
    secret = deals_secret(row, viewer.now)
    return DailyResult(viewer.day, row.rules_key, False, total, won, own.place, field, secret)


@pass_context
def daily_share_text(context: Any, result: DailyResult) -> str:
    """The share text of a daily result in the page's words, its link at the site's public
    address."""
    writing: Writing = context["writing"]
    link = shared_link(context["request"], result.board)
    return share_text(result.facts(writing, link), writing)
