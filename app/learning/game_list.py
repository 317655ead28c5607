"""The history's list of games: each game with its hands, what the player's other rows add
(reviews, hints asked, ranked attempts, each read with one query per player), and its status."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.challenges.kinds import KINDS as CHALLENGE_KINDS
from app.daily.attempts import attempt_closed
from app.daily.results import Attempt, player_attempts
from app.languages.i18n import N_
from app.languages.words import CALLS, CONTRACTS
from app.learning.game_facts import GameFacts, HandFacts
from app.storage.models import GameRow, HandReview, HintUse
from app.storage.modes import GameMode
from app.storage.work import WorkStatus
from app.table.levels import level_of
from app.table.service import HUMAN
from engine import Call

MAX_GAMES = 200
"""Games listed and counted, newest first: a page that stays quick for the keenest player."""
KINDS = {
    GameMode.NEW: N_("New game"),
    GameMode.DAILY: N_("Daily, ranked"),
    GameMode.PRACTICE: N_("Daily, practice"),
    **CHALLENGE_KINDS,
}
STATUSES = {
    "finished": N_("finished"),
    "in progress": N_("in progress"),
    "closed unfinished": N_("closed unfinished"),
}
ROLE_NAMES = {"re": CALLS[Call.RE], "kontra": CALLS[Call.KONTRA], "soloist": N_("Soloist")}
PLACES = (N_("1st place"), N_("2nd place"), N_("3rd place"), N_("4th place"))
"""A game's place among its four players (equal totals share the better place)."""


# ---- what the player's other rows add --------------------------------------------------------


@dataclass(frozen=True)
class Review:
    """A stored review of one hand (`app.storage.models.HandReview`)."""

    game_id: str
    hand: int
    done: bool
    loss: float | None
    spread: float | None


def player_games(session: Session, player_id: str) -> list[GameRow]:
    query = (
        select(GameRow)
        .where(GameRow.player_id == player_id)
        .order_by(GameRow.created_at.desc(), GameRow.id)
        .limit(MAX_GAMES + 1)
    )
    return list(session.scalars(query))


def hint_counts(session: Session, player_id: str) -> dict[str, int]:
    query = (
        select(HintUse.game_id, func.count())
        .join(GameRow, GameRow.id == HintUse.game_id)
        .where(GameRow.player_id == player_id)
        .group_by(HintUse.game_id)
    )
    return {game_id: int(count) for game_id, count in session.execute(query)}


def player_reviews(session: Session, player_id: str) -> dict[tuple[str, int], Review]:
    """The player's reviews, without their decisions (the history needs only the sums)."""
    columns = (HandReview.game_id, HandReview.hand, HandReview.status, HandReview.loss)
    query = (
        select(*columns, HandReview.loss_spread)
        .join(GameRow, GameRow.id == HandReview.game_id)
        .where(GameRow.player_id == player_id)
    )
    return {
        (game_id, hand): Review(game_id, hand, status == WorkStatus.DONE, loss, spread)
        for game_id, hand, status, loss, spread in session.execute(query)
    }


# ---- the list of games -----------------------------------------------------------------------


@dataclass(frozen=True)
class HandEntry:
    facts: HandFacts
    review: Review | None

    @property
    def contract(self) -> str:
        """The contract's message id (empty for a redeal)."""
        return CONTRACTS[self.facts.contract] if self.facts.contract else ""

    @property
    def role(self) -> str:
        """The message id of the human's side (`Re`, `Kontra`, `Soloist`)."""
        return ROLE_NAMES[self.facts.role]

    @property
    def calls(self) -> tuple[str, ...]:
        """The message ids of the human's announcements, in the order made."""
        return tuple(CALLS[call.value] for call in self.facts.calls)


@dataclass(frozen=True)
class GameEntry:
    """One line of the history: the game, its result, its rank, its hands."""

    id: str
    created_at: datetime
    mode: GameMode
    day: date | None
    rules_key: str
    level: str
    status: str
    """`finished`, `in progress` or `closed unfinished` (a ranked attempt past its close)."""
    facts: GameFacts
    hands: tuple[HandEntry, ...]
    attempt: Attempt | None
    hints: int

    @property
    def kind(self) -> str:
        """The message id of the game's kind (`New game`, `Daily, ranked`, …)."""
        return KINDS[self.mode]

    @property
    def status_text(self) -> str:
        return STATUSES[self.status]

    @property
    def place(self) -> str:
        """The message id of the human's place (`2nd place`), for a finished game."""
        return PLACES[self.facts.place - 1]

    @property
    def total(self) -> int:
        return self.facts.totals[HUMAN]


@dataclass(frozen=True)
class Extras:
    """The player's rows that go with the games: reviews by (game, hand), ranked attempts and
    hint counts by game. Each is one query per player, however many games there are."""

    reviews: dict[tuple[str, int], Review]
    attempts: dict[str, Attempt]
    hints: dict[str, int]

    @staticmethod
    def of(session: Session, player_id: str, today: date) -> Extras:
        return Extras(
            player_reviews(session, player_id),
            player_attempts(session, player_id, today),
            hint_counts(session, player_id),
        )


NO_EXTRAS = Extras({}, {}, {})


def game_status(row: GameRow, facts: GameFacts, now: datetime) -> str:
    if attempt_closed(row, now):
        return "closed unfinished"
    return "finished" if facts.over else "in progress"


def game_entry(row: GameRow, facts: GameFacts, now: datetime, extras: Extras) -> GameEntry:
    hands = (HandEntry(hand, extras.reviews.get((row.id, hand.number))) for hand in facts.hands)
    return GameEntry(
        row.id,
        row.created_at,
        row.mode,
        row.day,
        row.rules_key,
        level_of(row.bot_id) or row.bot_id,
        game_status(row, facts, now),
        facts,
        tuple(hands),
        extras.attempts.get(row.id),
        extras.hints.get(row.id, 0),
    )
