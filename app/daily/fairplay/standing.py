"""What the pages show of a finished attempt's fair play: its state, and for a held or
disqualified one the reason in figures for one plain sentence. Never a card: the tells name
cards and stay with the operators.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.daily.fairplay.states import PENDING, RANKED, SET_ASIDE
from app.storage.models import DailyAttempt, FairPlayCheck, Player

RAREST = 1_000_000
"""The rarity a sentence names at most ("one game in 1,000,000"): beyond, the model's own
figures say less than their digits would."""
SET_ASIDE_SHOWN = 100
"""Held and disqualified attempts listed under a day's board, earliest first."""


@dataclass(frozen=True)
class Reason:
    """Why an attempt was held, as its check found it."""

    matched: int
    """Key decisions (the deal's best choice was not the view's) at which the player chose
    the deal's best."""
    tells: int
    """Key decisions in the game."""
    rarity: int
    """An honest player matches as many in at most one game in this many (a power of ten)."""


def rarity(chance: float) -> int:
    """The largest power of ten whose one-in is at least `chance`, `RAREST` at most."""
    if chance * RAREST <= 1:
        return RAREST
    return int(10 ** max(0, math.floor(math.log10(1 / chance))))


def reason_of(check: FairPlayCheck | None) -> Reason | None:
    if check is None or check.matched is None or check.honest_chance is None:
        return None
    return Reason(check.matched, len(check.tells), rarity(check.honest_chance))


@dataclass(frozen=True)
class Standing:
    """A finished ranked attempt's fair play as its player and the board see it."""

    state: str
    """`app.daily.fairplay.states`."""
    reason: Reason | None
    """For a held or disqualified attempt (None for the others)."""

    @property
    def ranked(self) -> bool:
        return self.state in RANKED


def standing(state: str, check: FairPlayCheck | None) -> Standing:
    return Standing(state, reason_of(check) if state in SET_ASIDE else None)


def standing_of_game(session: Session, game_id: str) -> Standing | None:
    """The fair play of the finished ranked attempt played as this game; None for any other
    game."""
    query = (
        select(DailyAttempt.fair_play, FairPlayCheck)
        .outerjoin(FairPlayCheck, FairPlayCheck.attempt_id == DailyAttempt.id)
        .where(DailyAttempt.game_id == game_id, DailyAttempt.finished_at.is_not(None))
    )
    found = session.execute(query).first()
    return standing(*found) if found is not None else None


@dataclass(frozen=True)
class UnrankedRow:
    """A finished attempt of the day that is not on its board: being checked, held or
    disqualified."""

    nickname: str | None
    total: int
    own: bool
    standing: Standing
    player_id: str = ""
    """Whose attempt it is (never shown): a board kept for every viewer marks each one's own."""


def set_aside(
    session: Session, day: date, rules_key: str, player_id: str | None
) -> list[UnrankedRow]:
    """The day's held and disqualified attempts, earliest first (read by the fair-play
    index: as few as they are, whatever the day's number of players)."""
    query = (
        select(DailyAttempt, Player.nickname, FairPlayCheck)
        .join(Player, Player.id == DailyAttempt.player_id)
        .outerjoin(FairPlayCheck, FairPlayCheck.attempt_id == DailyAttempt.id)
        .where(
            DailyAttempt.day == day,
            DailyAttempt.rules_key == rules_key,
            DailyAttempt.fair_play.in_(SET_ASIDE),
            DailyAttempt.finished_at.is_not(None),
        )
        .order_by(DailyAttempt.finished_at)
        .limit(SET_ASIDE_SHOWN)
    )
    return [
        _unranked(attempt, nickname, standing(attempt.fair_play, check), player_id)
        for attempt, nickname, check in session.execute(query)
    ]


def own_pending(
    session: Session, day: date, rules_key: str, player_id: str | None
) -> UnrankedRow | None:
    """The player's finished attempt of the day while its check is not done."""
    if player_id is None:
        return None
    query = (
        select(DailyAttempt, Player.nickname)
        .join(Player, Player.id == DailyAttempt.player_id)
        .where(
            DailyAttempt.player_id == player_id,
            DailyAttempt.day == day,
            DailyAttempt.rules_key == rules_key,
            DailyAttempt.fair_play == PENDING,
            DailyAttempt.finished_at.is_not(None),
        )
    )
    found = session.execute(query).first()
    if found is None:
        return None
    attempt, nickname = found
    return _unranked(attempt, nickname, Standing(PENDING, None), player_id)


def waiting_for_checks(session: Session, day: date, rules_key: str) -> int:
    """The day's finished attempts whose check is not done yet."""
    query = select(func.count()).where(
        DailyAttempt.day == day,
        DailyAttempt.rules_key == rules_key,
        DailyAttempt.fair_play == PENDING,
        DailyAttempt.finished_at.is_not(None),
    )
    return int(session.scalar(query) or 0)


def _unranked(
    attempt: DailyAttempt, nickname: str | None, shown: Standing, player_id: str | None
) -> UnrankedRow:
    assert attempt.total is not None
    own = attempt.player_id == player_id
    return UnrankedRow(nickname, attempt.total, own, shown, attempt.player_id)
