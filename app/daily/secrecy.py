"""What a game at a day's deals keeps back until the day's seed is published
(`app.daily.attempts.deals_secret`): the hand records, the reviews and the hints, and the
deals themselves to a player who has played them or whose network has (`app.play.daily`).
The services refuse them with `DealsSecret`; the web app answers it with a page saying from
when each is available (`app.web.secrecy`)."""

from __future__ import annotations

from datetime import datetime

from app.daily.attempts import attempts_close_at, deals_secret
from app.languages.i18n import N_
from app.storage.models import GameRow

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
