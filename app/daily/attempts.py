"""A player's ranked attempts at a day's deals: found, added, settled as the game ends (its
total and hands won from the replayed game: no request ever carries a score), and the
day's counts a board page needs. The day's secret is `app.daily.secrecy`; the board's rows
are `app.daily.board_rows`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from app.daily.secrecy import seed_published
from app.storage.models import DailyAttempt, GameRow, Player
from app.storage.modes import GameMode
from app.table.service import HUMAN, Table

if TYPE_CHECKING:
    from app.daily.networks import RankedSlot


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


def was_dealt(session: Session, player_id: str, day: date, rules_key: str) -> bool:
    """Whether the player was dealt the day's deals, ranked or as practice."""
    attempt = attempt_of(session, player_id, day, rules_key)
    return attempt is not None or practised(session, player_id, day, rules_key)


def open_attempt_dealt_to(
    session: Session, player_id: str, others: Sequence[str], now: datetime
) -> DailyAttempt | None:
    """The player's unfinished ranked attempt at deals still secret that one of `others` was
    dealt as well: played on by a browser that saw them as that other player, it would be
    played knowing them (`app.play.players`)."""
    unfinished = select(DailyAttempt).where(
        DailyAttempt.player_id == player_id, DailyAttempt.finished_at.is_(None)
    )
    for attempt in session.scalars(unfinished):
        if seed_published(attempt.day, now):
            continue
        if any(was_dealt(session, other, attempt.day, attempt.rules_key) for other in others):
            return attempt
    return None


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
