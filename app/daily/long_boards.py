"""The week's and the month's boards: the sum of each player's ranked daily results over a
week (Monday to Sunday, UTC) or a calendar month, one board per rule set as the day's, with
the days played.

Only attempts on their day's board count (`DailyAttempt.on_board`): finished, and through
their fair-play check, so a held or disqualified result, or one still being checked, adds
nothing. A player is placed once it has played enough days of the period (`MIN_DAYS`): a
sum over two days would top a board of players who came every day. Places are shared as on
the day's board (`engine.game.shared_places`).

A board is read once per change (`LongBoardCache`): its versions are sums of the versions
of its days' boards (`app.daily.board_versions`), which only rise, so any change of a day in the
period shows at the next view, on every process.
"""

from __future__ import annotations

import calendar
import heapq
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import date, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.daily.board_rows import BOARD_SIZE
from app.storage.models import BoardVersion, DailyAttempt, Player
from engine.game import place_among, shared_places

WEEK, MONTH = "week", "month"
MIN_DAYS = {WEEK: 4, MONTH: 12}
"""Days a player must have played in the period to be placed."""
KEPT_BOARDS = 16
"""Long boards a process keeps: this week's and month's for each rule set, and a few past."""


@dataclass(frozen=True)
class Period:
    kind: str
    first: date
    last: date
    """Inclusive."""

    @property
    def min_days(self) -> int:
        return MIN_DAYS[self.kind]

    @property
    def previous(self) -> date:
        """A day of the period before."""
        return self.first - timedelta(days=1)

    @property
    def following(self) -> date:
        """A day of the period after."""
        return self.last + timedelta(days=1)


def period_of(kind: str, day: date) -> Period:
    """The week (Monday to Sunday) or month that holds `day`."""
    if kind == WEEK:
        monday = day - timedelta(days=day.weekday())
        return Period(WEEK, monday, monday + timedelta(days=6))
    last = calendar.monthrange(day.year, day.month)[1]
    return Period(MONTH, day.replace(day=1), day.replace(day=last))


@dataclass(frozen=True)
class LongRow:
    place: int
    nickname: str | None
    total: int
    days: int
    own: bool = False


Sums = dict[str, tuple[int, int]]
"""Each player's sum of ranked results and days played, by player id."""


@dataclass(frozen=True)
class LongBoard:
    """What a long board shows every viewer alike, and where each player stands. Only the
    top rows are put in order: a viewer further down is placed among the sorted sums
    (`engine.game.place_among`), a bisection, rather than every row being put in order at
    every change."""

    sums: Sums
    """Every player of the period, placed or not."""
    top: tuple[str, ...]
    """The first `BOARD_SIZE` placed players, best first (equal sums by player id)."""
    totals: tuple[int, ...]
    """The placed players' sums, lowest first."""
    names: dict[str, str]
    """The nicknames of the top players who chose one."""
    min_days: int

    def placed(self, player: str | None) -> bool:
        return self.sums.get(player or "", (0, 0))[1] >= self.min_days

    def row(self, player: str, place: int, nickname: str | None, viewer: str | None) -> LongRow:
        total, days = self.sums[player]
        return LongRow(place, nickname, total, days, player == viewer)


def long_board(session: Session, sums: Sums, min_days: int) -> LongBoard:
    """The board of the sums: the top players in order, with their nicknames."""
    placed = [(-total, player) for player, (total, days) in sums.items() if days >= min_days]
    top = tuple(player for _, player in heapq.nsmallest(BOARD_SIZE, placed))
    totals = tuple(sorted(-negated for negated, _ in placed))
    return LongBoard(sums, top, totals, nicknames(session, list(top)), min_days)


@dataclass(frozen=True)
class ViewersLongBoard:
    rows: list[LongRow]
    """The top rows, and the viewer's own wherever it is, marked."""
    own_days: int | None
    """Days the viewer played in the period while too few to be placed; None otherwise."""
    short: int
    """Players in the period not (yet) placed, the viewer left out: its own line says so."""


def read_sums(session: Session, rules_key: str, first: date, last: date) -> Sums:
    """Every player's sum and days from `first` to `last`, in one grouped query that reads
    an index holding every column it needs (migration 0015)."""
    if last < first:
        return {}
    query = (
        select(DailyAttempt.player_id, func.sum(DailyAttempt.total), func.count())
        .where(
            DailyAttempt.rules_key == rules_key,
            DailyAttempt.on_board,
            DailyAttempt.day >= first,
            DailyAttempt.day <= last,
        )
        .group_by(DailyAttempt.player_id)
    )
    return {player: (int(total or 0), int(days)) for player, total, days in session.execute(query)}


def added(base: Sums, recent: Sums) -> Sums:
    if not recent:
        return base
    sums = dict(base)
    for player, (total, days) in recent.items():
        old_total, old_days = sums.get(player, (0, 0))
        sums[player] = (old_total + total, old_days + days)
    return sums


def nicknames(session: Session, players: list[str]) -> dict[str, str]:
    """The nicknames of those of the players who chose one."""
    if not players:
        return {}
    query = select(Player.id, Player.nickname).where(
        Player.id.in_(players), Player.nickname.is_not(None)
    )
    return {player: str(name) for player, name in session.execute(query)}


def seen_by(session: Session, board: LongBoard, viewer: str | None) -> ViewersLongBoard:
    """The top rows with the viewer's own marked, and its own row below them if further
    down (its nickname read for it)."""
    places = shared_places(board.sums[player][0] for player in board.top)
    rows = [
        board.row(player, place, board.names.get(player), viewer)
        for player, place in zip(board.top, places, strict=True)
    ]
    if viewer is not None and board.placed(viewer) and viewer not in board.top:
        place = place_among(board.totals, board.sums[viewer][0])
        rows.append(board.row(viewer, place, nicknames(session, [viewer]).get(viewer), viewer))
    days = board.sums.get(viewer or "", (0, 0))[1]
    own_days = days if days and not board.placed(viewer) else None
    short = len(board.sums) - len(board.totals) - (own_days is not None)
    return ViewersLongBoard(rows, own_days, short)


RECENT = timedelta(days=1)
"""Yesterday's and today's boards change all the time (results come in, checks pass, a
game begun yesterday may finish until 02:00); older days' hardly ever (an operator's
decision, a nickname)."""


@dataclass(frozen=True)
class Split:
    """A period seen from `today`: its settled days, then its recent ones."""

    period: Period
    settled_last: date
    recent_first: date

    @staticmethod
    def of(period: Period, today: date) -> Split:
        recent_first = max(period.first, today - RECENT)
        return Split(period, min(period.last, recent_first - timedelta(days=1)), recent_first)

    def versions(self, session: Session, rules_key: str) -> tuple[int, int]:
        """The sums of the versions of the settled days' boards and of the recent days':
        each rises with every change of any of its boards."""
        query = select(BoardVersion.day, BoardVersion.version).where(
            BoardVersion.rules_key == rules_key,
            BoardVersion.day >= self.period.first,
            BoardVersion.day <= self.period.last,
        )
        settled = recent = 0
        for day, version in session.execute(query):
            if day <= self.settled_last:
                settled += version
            else:
                recent += version
        return settled, recent


@dataclass(frozen=True)
class Kept:
    versions: tuple[int, int]
    settled: Sums
    board: LongBoard


class LongBoardCache:
    """One process's long boards by period and rule set, with the versions they were read
    at. After a change of a recent day only the recent days are read again, and added to
    the settled days' sums kept: a month's board is read whole only when an older day
    changed."""

    def __init__(self) -> None:
        self._kept: OrderedDict[tuple[Period, str, date], Kept] = OrderedDict()
        self._lock = threading.Lock()

    def board(self, session: Session, period: Period, rules_key: str, today: date) -> LongBoard:
        key = (period, rules_key, today)
        split = Split.of(period, today)
        versions = split.versions(session, rules_key)
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
        if kept is not None and kept.versions == versions:
            return kept.board
        if kept is not None and kept.versions[0] == versions[0]:
            settled = kept.settled
        else:
            settled = read_sums(session, rules_key, period.first, split.settled_last)
        recent = read_sums(session, rules_key, split.recent_first, period.last)
        board = long_board(session, added(settled, recent), period.min_days)
        with self._lock:
            now = self._kept.get(key)
            if now is None or now.versions <= versions:
                self._kept[key] = Kept(versions, settled, board)
                self._kept.move_to_end(key)
            while len(self._kept) > KEPT_BOARDS:
                self._kept.popitem(last=False)
        return board
