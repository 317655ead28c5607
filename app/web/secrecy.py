"""What a game at a day's deals keeps back until the day's seed is published
(`app.daily.attempts.deals_secret`): the other seats' dealt hands on the end-of-hand sheet, the hand
records, the reviews and the hints. Each refusal says from when it is available, in the
player's words (a 403 page, for an htmx request too: `app.web.errors.message_page`)."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from fastapi import Request, Response

from app.daily.attempts import attempts_close_at, deals_secret
from app.languages.i18n import N_, writing_of
from app.storage.models import GameRow
from app.table.presenter import TableModel
from app.table.service import HUMAN
from app.web.errors import message_page

RECORD_LATER = N_(
    "A hand’s record shows every player’s cards: for the daily deals it is available after "
    "%(time)s, when the day’s seed is published."
)
REVIEW_LATER = N_(
    "The review shows every player’s cards: for the daily deals it is available after "
    "%(time)s, when the day’s seed is published."
)
HINTS_LATER = N_(
    "There are no hints at the daily deals until the day’s seed is published, after %(time)s."
)


class DealsSecret(Exception):
    """A request for what would show a secret day's deals; `message` (a message id with a
    `%(time)s`) says from when it is available."""

    def __init__(self, message: str, until: datetime) -> None:
        super().__init__(message)
        self.message = message
        self.until = until


def refuse_while_secret(row: GameRow, now: datetime, message: str) -> None:
    """Raises `DealsSecret` for a game at a day's deals before its seed is published."""
    if row.day is not None and deals_secret(row, now):
        raise DealsSecret(message, attempts_close_at(row.day))


async def refused_while_secret(request: Request, error: Exception) -> Response:
    """The refusal page (403), with the time written the player's way."""
    assert isinstance(error, DealsSecret)
    writing = writing_of(request)
    text = writing.words.gettext(error.message) % {"time": writing.time(error.until)}
    return message_page(request, 403, text)


def own_hand_only(model: TableModel) -> TableModel:
    """The table with the end-of-hand sheet's dealt hands cut to the human's own: the
    tricks show every card played, but not who held what beyond that (an Armut's exchange,
    the cards of a hand dealt again)."""
    if model.summary is None:
        return model
    dealt = tuple(hand if seat == HUMAN else () for seat, hand in enumerate(model.summary.dealt))
    return replace(model, summary=replace(model.summary, dealt=dealt))
