"""The daily game and its leaderboard: ranked attempts, par, nicknames.

Everything shown on the board is derived from stored action logs by replay; no request ever
carries a score.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from sqlalchemy import ColumnElement, Select, func, or_, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from app.storage.models import DailyAttempt, GameRow, Player
from app.storage.modes import GameMode
from app.table.service import (
    HUMAN,
    Table,
)
from engine.game import place_below, shared_places

if TYPE_CHECKING:
    from app.daily.networks import RankedSlot

BOARD_SIZE = 100
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


def attempt_closed(row: GameRow, now: datetime) -> bool:
    """A ranked daily game left unfinished past its closing time: shown, never played on."""
    return (
        row.mode == GameMode.DAILY
        and row.day is not None
        and not row.finished
        and seed_published(row.day, now)
    )


def attempt_of(session: Session, player_id: str, day: date, rules_key: str) -> DailyAttempt | None:
    query = select(DailyAttempt).where(
        DailyAttempt.player_id == player_id,
        DailyAttempt.day == day,
        DailyAttempt.rules_key == rules_key,
    )
    return session.scalars(query).first()


def practised(session: Session, player_id: str, day: date, rules_key: str) -> bool:
    """Whether the player played the day's deals as practice, as a start past its network's
    cap did before each player was dealt them once only (`app.play.daily`): it has seen the
    cards, so it is not dealt them again that day, wherever it plays from next."""
    query = select(GameRow.id).where(
        GameRow.player_id == player_id,
        GameRow.day == day,
        GameRow.rules_key == rules_key,
        GameRow.mode == GameMode.PRACTICE,
    )
    return session.scalars(query.limit(1)).first() is not None


def finished_on(session: Session, player_id: str, day: date) -> frozenset[str]:
    """The rule sets whose ranked game of `day` the player has finished: the home page
    offers their board instead of a start the server would refuse."""
    query = select(DailyAttempt.rules_key).where(
        DailyAttempt.player_id == player_id,
        DailyAttempt.day == day,
        DailyAttempt.finished_at.is_not(None),
    )
    return frozenset(session.scalars(query))


def has_finished_attempt(session: Session, player_id: str) -> bool:
    """Whether the player finished a ranked game, on any day: only such a player names
    itself on the boards (a nickname is a player's for good, so one that never played a
    ranked game to its end must not take names)."""
    query = select(DailyAttempt.id).where(
        DailyAttempt.player_id == player_id, DailyAttempt.finished_at.is_not(None)
    )
    return session.scalars(query.limit(1)).first() is not None


def add_attempt(
    session: Session,
    player: Player,
    row: GameRow,
    ranked: RankedSlot,
    now: datetime,
) -> DailyAttempt:
    """The ranked attempt, counted from `now` (the server's clock, as its finish is), with
    its network's hash and slot and its IPv6 site's (`app.daily.networks`); the unique keys
    refuse a second one of the player, and a slot of the network or site another start took
    meanwhile."""
    assert row.day is not None
    attempt = DailyAttempt(
        player_id=player.id,
        day=row.day,
        rules_key=row.rules_key,
        game_id=row.id,
        network=ranked.network,
        network_slot=ranked.slot,
        site=ranked.site,
        site_slot=ranked.site_slot,
        started_at=now,
    )
    session.add(attempt)
    session.flush()
    return attempt


def same_network(session: Session, attempt: DailyAttempt) -> list[DailyAttempt]:
    """Other ranked attempts at the same deals from the same network, or from another /64 of
    its IPv6 site (one host may hold a /48), started before this one started, finished or not
    (a scout that stops before the last card has seen every hand): evidence for an operator
    weighing a held attempt, never a verdict by itself (families and offices share an
    address). None once the network is forgotten."""
    if attempt.network is None:
        return []
    same = DailyAttempt.network == attempt.network
    if attempt.site is not None:
        same = or_(same, DailyAttempt.site == attempt.site)
    query = (
        select(DailyAttempt)
        .where(
            DailyAttempt.day == attempt.day,
            DailyAttempt.rules_key == attempt.rules_key,
            same,
            DailyAttempt.id != attempt.id,
            DailyAttempt.started_at < attempt.started_at,
        )
        .order_by(DailyAttempt.started_at, DailyAttempt.id)
    )
    return list(session.scalars(query))


def game_total(table: Table) -> tuple[int, int]:
    """Seat 0's total game points and hands won, from the replayed log."""
    return table.game.totals[HUMAN], sum(hands_won(table))


def hands_won(table: Table) -> tuple[bool, ...]:
    """Whether seat 0's team won each hand played so far, in order (redeals left out)."""
    return tuple(result.won_by(HUMAN) for result in table.game.finished_results)


def settles(row: GameRow, table: Table, now: datetime) -> bool:
    """Whether this step may put a ranked attempt on the board: a daily game that is over
    before its day's attempts close."""
    return (
        row.mode == GameMode.DAILY
        and row.day is not None
        and table.game.is_over
        and not seed_published(row.day, now)
    )


def settle_attempt(
    session: Session, row: GameRow, table: Table, now: datetime
) -> DailyAttempt | None:
    """When a ranked daily game ends before its day's attempts close, its total is stored,
    to go on the board once its fair-play check passes (`app.daily.fairplay`, which the caller
    starts after the step is committed). The attempt settled by this step, if any."""
    if not settles(row, table, now):
        return None
    attempt = session.scalars(select(DailyAttempt).where(DailyAttempt.game_id == row.id)).first()
    if attempt is None or attempt.finished_at is not None:
        return None
    attempt.total, attempt.hands_won = game_total(table)
    attempt.finished_at = now
    attempt.fair_play, attempt.on_board = "pending", False
    return attempt


def anybody_played(session: Session, day: date, rules_key: str) -> bool:
    """Whether the day's game with these rules had a ranked attempt, finished or not."""
    query = select(DailyAttempt.id).where(
        DailyAttempt.day == day, DailyAttempt.rules_key == rules_key
    )
    return session.scalar(query.limit(1)) is not None


def unfinished_attempts(session: Session, day: date, rules_key: str) -> int:
    """Ranked attempts of the day not (yet) finished: in progress, or closed unranked."""
    query = select(func.count()).where(
        DailyAttempt.day == day,
        DailyAttempt.rules_key == rules_key,
        DailyAttempt.finished_at.is_(None),
    )
    return int(session.scalar(query) or 0)


def ranked_attempts(session: Session, day: date, rules_key: str) -> int:
    """The attempts on the day's board."""
    return int(session.scalar(select(func.count()).where(*_on_board(day, rules_key))) or 0)


@dataclass(frozen=True)
class BoardRow:
    rank: int
    nickname: str | None
    """None for a player who chose none (the board calls them anonymous)."""
    total: int
    hands_won: int
    finished_at: datetime
    own: bool
    player_id: str = ""
    """Whose row it is (never shown): a board kept for every viewer marks each one's own."""


def board(session: Session, day: date, rules_key: str, player_id: str | None) -> list[BoardRow]:
    """The top rows (equal totals share a rank), plus the player's own row wherever it is.
    Only those rows are read: a day's finished attempts are as many as its players, and
    reading them all cost every view of the board a second at 50 000 (SQLite). Only ranked
    attempts are rows: finished, and through their fair-play check (`on_board`)."""
    rows = top_rows(session, day, rules_key, player_id)
    if player_id is None or any(row.own for row in rows):
        return rows
    own = session.execute(_ranked_rows(day, rules_key).where(DailyAttempt.player_id == player_id))
    found = own.first()
    if found is not None:
        rows.append(ranked_row(session, *found, player_id))
    return rows


def top_rows(session: Session, day: date, rules_key: str, player_id: str | None) -> list[BoardRow]:
    """The board's top `BOARD_SIZE` rows, read in the board's index order."""
    top = list(session.execute(_ranked_rows(day, rules_key).limit(BOARD_SIZE)))
    places = shared_places([attempt.total or 0 for attempt, _ in top])
    return [
        _board_row(attempt, nickname, place, player_id)
        for (attempt, nickname), place in zip(top, places, strict=True)
    ]


def ranked_row(
    session: Session, attempt: DailyAttempt, nickname: str | None, player_id: str | None
) -> BoardRow:
    """A ranked attempt's row wherever it is on its board: one more than the attempts with a
    higher total."""
    ahead = select(func.count()).where(
        *_on_board(attempt.day, attempt.rules_key), DailyAttempt.total > attempt.total
    )
    return _board_row(attempt, nickname, place_below(int(session.scalar(ahead) or 0)), player_id)


def _on_board(
    day: date, rules_key: str
) -> tuple[ColumnElement[bool] | InstrumentedAttribute[bool], ...]:
    return (DailyAttempt.day == day, DailyAttempt.rules_key == rules_key, DailyAttempt.on_board)


def _ranked_rows(day: date, rules_key: str) -> Select[DailyAttempt, str | None]:
    return (
        select(DailyAttempt, Player.nickname)
        .join(Player, Player.id == DailyAttempt.player_id)
        .where(*_on_board(day, rules_key))
        .order_by(DailyAttempt.total.desc(), DailyAttempt.finished_at)
    )


def _board_row(
    attempt: DailyAttempt, nickname: str | None, rank: int, player_id: str | None
) -> BoardRow:
    assert attempt.total is not None and attempt.finished_at is not None
    return BoardRow(
        rank,
        nickname,
        attempt.total,
        attempt.hands_won or 0,
        attempt.finished_at,
        attempt.player_id == player_id,
        attempt.player_id,
    )
