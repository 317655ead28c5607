"""What a page keeps back of a game at a day's deals until the day's seed is published: the
other seats' dealt hands on the end-of-hand sheet, and the pages the services refuse
(`app.daily.secrecy`: records, reviews, hints), each refusal saying from when it is
available, in the player's words (a 403 page, for an htmx request too:
`app.web.errors.message_page`)."""

from __future__ import annotations

from dataclasses import replace

from fastapi import Request, Response

from app.daily.secrecy import DealsSecret
from app.languages.i18n import writing_of
from app.table.presenter import TableModel
from app.table.service import HUMAN
from app.web.errors import message_page


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
