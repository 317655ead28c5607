"""What a game at a day's deals keeps back until the day's seed is published, and when that
is (`attempts_close_at`): the hand records, the reviews and the hints (`deals_secret`,
`hints_refused`), and the deals themselves to a player who has played them or whose network
has (`app.play.daily`).
The services refuse them with `DealsSecret`; the web app answers it with a page saying from
when each is available (`app.web.secrecy`)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from typing import Protocol

from app.languages.i18n import N_
from app.storage.models import GameRow
from app.storage.modes import GameMode

RANKED_GRACE = timedelta(hours=2)
"""A ranked attempt of day D may be finished until this long after D ends (UTC), so a game
begun just before midnight can be played out. The seed is published only then: no ranked
game can ever be played with the deals known."""


def attempts_close_at(day: date) -> datetime:
    """When the ranked attempts of `day` close and its seed is published."""
    return datetime.combine(day + timedelta(days=1), time(), UTC) + RANKED_GRACE


def seed_published(day: date, now: datetime) -> bool:
    return now >= attempts_close_at(day)


class Dealt(Protocol):
    """A game as far as its deals go: a stored row, or the history's line of it."""

    @property
    def mode(self) -> GameMode: ...

    @property
    def day(self) -> date | None: ...


DAILY_MODES = (GameMode.DAILY, GameMode.PRACTICE)


def deals_secret(game: Dealt, now: datetime) -> bool:
    """Whether the game is dealt a day's daily deals (ranked or practice) before its seed is
    published. Until then anyone may still play them ranked, so nothing of them leaves the
    server but what seat 0 sees in play: no hint, no other seat's dealt hand, no record, no
    review (issue 24: a second cookie's practice game was an oracle for the ranked one)."""
    return game.mode in DAILY_MODES and game.day is not None and not seed_published(game.day, now)


class NoHints(StrEnum):
    """Why a game gives no hints."""

    RANKED = "ranked"
    """The ranked daily attempt: the player's own play is ranked."""
    SECRET = "secret"
    """A practice game at a day's deals before their seed is published: its hints, followed
    in the ranked game, would play it (issue 24)."""
    CHALLENGE = "challenge"
    """A player's game that counts for a challenge: its play is ranked on the board."""


def hints_refused(game: Dealt, now: datetime) -> NoHints | None:
    """Why the game gives no hints, or None when it gives them: the one rule the table's
    Hint button and the hint route both follow."""
    if game.mode == GameMode.DAILY:
        return NoHints.RANKED
    if game.mode == GameMode.CHALLENGE:
        return NoHints.CHALLENGE
    if deals_secret(game, now):
        return NoHints.SECRET
    return None


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
