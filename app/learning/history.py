"""A player's history: every game, every finished hand, statistics and trends, the daily
calendar.

Everything is derived from the stored games by replay (rules + seed + action log) and from the
stored reviews, hint uses and ranked attempts, each read with one query per player. Only
finished hands' facts leave this module (scores, teams, the human's own calls): never a card.
Kinds, roles and statuses are codes here, each with its English message id beside it for the
page to translate; the charts' labels are written in the request's language (`Writing`).
"""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from app.daily.attempts import attempt_closed
from app.daily.results import Attempt, player_attempts
from app.languages.i18n import N_, Writing
from app.languages.words import CALLS, CONTRACTS
from app.learning.charts import Chart, bar_chart, dot_chart
from app.operations.kept import Kept
from app.storage.models import GameHand, GameRow, HandReview, HintUse
from app.table.levels import level_of
from app.table.service import HUMAN, replay_game
from engine import Call, Contract, Hand, Phase, RuleSet, Team
from engine.game import numbers_in_game, standings_of, totals_of

MAX_GAMES = 200
"""Games listed and counted, newest first: a page that stays quick for the keenest player."""
CHART_GAMES = 20
"""Games in the points chart."""
TREND_GAMES = 5
"""The trend line of the points chart: points per hand over this many games."""
CHART_REVIEWS = 30
"""Reviewed hands in the decision-loss chart."""
KINDS = {"new": N_("New game"), "daily": N_("Daily, ranked"), "practice": N_("Daily, practice")}
STATUSES = {
    "finished": N_("finished"),
    "in progress": N_("in progress"),
    "closed unfinished": N_("closed unfinished"),
}
ROLE_NAMES = {"re": CALLS["re"], "kontra": CALLS["kontra"], "soloist": N_("Soloist")}
PLACES = (N_("1st place"), N_("2nd place"), N_("3rd place"), N_("4th place"))
"""A game's place among its four players (equal totals share the better place)."""


# ---- one game, replayed ----------------------------------------------------------------------


@dataclass(frozen=True)
class HandFacts:
    """A finished hand as the human's history sees it."""

    number: int
    """1-based, Armut redeals counted: the number in the hand's record and review URLs."""
    redeal: bool
    """Everybody declined an Armut: dealt again, nothing scored."""
    contract: Contract | None = None
    role: str = ""
    """`re` (with a partner), `kontra` or `soloist` (alone against three)."""
    won: bool = False
    points: int = 0
    """The human's game points for the hand."""
    calls: tuple[Call, ...] = ()
    """The human's own announcements, in the order made."""
    in_game: int = 1
    """Its number as the table counts hands (§9: a redeal has the number of the hand dealt
    again), the number the player saw."""


@dataclass(frozen=True)
class GameFacts:
    """What a replay of a stored game gives the history."""

    hands: tuple[HandFacts, ...]
    totals: tuple[int, int, int, int]
    hands_per_game: int

    @property
    def played(self) -> tuple[HandFacts, ...]:
        """The hands that were played and scored (redeals left out)."""
        return tuple(hand for hand in self.hands if not hand.redeal)

    @property
    def over(self) -> bool:
        return len(self.played) == self.hands_per_game

    @property
    def place(self) -> int:
        """The human's place among the four (equal totals share it)."""
        return next(row.place for row in standings_of(self.totals) if row.seat == HUMAN)


def finished_hands(row: GameRow) -> tuple[RuleSet, list[Hand]]:
    """Every finished hand of a stored game, Armut redeals included, in the order and so with
    the numbers of its hand records (`app.web.routes.hands.hand_record`)."""
    game, hands = replay_game(RuleSet.from_key(row.rules_key), row.seed, row.log, checked=False)
    finished = hands if game.hand.phase is Phase.DONE else hands[:-1]
    return game.rules, finished


def hand_facts(number: int, in_game: int, hand: Hand) -> HandFacts:
    if hand.phase is Phase.REDEAL:
        return HandFacts(number, redeal=True, in_game=in_game)
    result = hand.result()
    team = Team.RE if HUMAN in result.re else Team.KONTRA
    role = "soloist" if result.soloist == HUMAN else team.value
    calls = tuple(made.call for made in hand.announcements if made.seat == HUMAN)
    won = result.winner is team
    return HandFacts(
        number, False, result.contract, role, won, result.scores[HUMAN], calls, in_game
    )


def game_facts(row: GameRow) -> GameFacts:
    rules, hands = finished_hands(row)
    in_game = numbers_in_game(hand.phase is Phase.REDEAL for hand in hands)
    facts = tuple(
        hand_facts(number, counted, hand)
        for number, (hand, counted) in enumerate(zip(hands, in_game, strict=True), start=1)
    )
    results = [hand.result() for hand in hands if hand.phase is Phase.DONE]
    return GameFacts(facts, totals_of(results), rules.hands_per_game)


class FactsCache:
    """Replayed games by id and stored version: a game's facts change only with its log, so a
    finished game is replayed once per process, and its log is read only then (decoding every
    hand's JSON was most of a warm history page)."""

    def __init__(self, size: int = 4096) -> None:
        self._facts: Kept[tuple[str, int], GameFacts] = Kept(size)

    def of_games(self, session: Session, rows: Sequence[GameRow]) -> list[GameFacts]:
        """Each row's facts, in order; the hands of the rows not cached are loaded in one
        query, whatever their number."""
        known = {key: self._facts.get(key) for key in map(facts_key, rows)}
        missing = [row for row in rows if known[facts_key(row)] is None]
        if missing:
            load_hands(session, missing)
        found = []
        for row in rows:
            facts = known[facts_key(row)] or game_facts(row)
            self._facts.put(facts_key(row), facts)
            found.append(facts)
        return found


def facts_key(row: GameRow) -> tuple[str, int]:
    return (row.id, row.version)


def load_hands(session: Session, rows: Sequence[GameRow]) -> None:
    """Fills the rows' `logged_hands` by one query, as loaded (not as changed)."""
    by_game: dict[str, list[GameHand]] = {row.id: [] for row in rows}
    query = (
        select(GameHand)
        .where(GameHand.game_id.in_(list(by_game)))
        .order_by(GameHand.game_id, GameHand.number)
    )
    for hand in session.scalars(query):
        by_game[hand.game_id].append(hand)
    for row in rows:
        set_committed_value(row, "logged_hands", by_game[row.id])


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
        (game_id, hand): Review(game_id, hand, status == "done", loss, spread)
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
    mode: str
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
    def of(session: Session, player_id: str) -> Extras:
        return Extras(
            player_reviews(session, player_id),
            player_attempts(session, player_id),
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


# ---- statistics ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """Hands, hands won and game points of some set of hands."""

    hands: int
    won: int
    points: int

    @property
    def mean(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    @property
    def share_won(self) -> float:
        return self.won / self.hands if self.hands else 0.0

    @staticmethod
    def of(hands: Iterable[HandFacts]) -> Tally:
        chosen = list(hands)
        return Tally(len(chosen), sum(h.won for h in chosen), sum(h.points for h in chosen))


ROLES = (
    ("re", N_("As Re (with a partner)")),
    ("kontra", N_("As Kontra")),
    ("soloist", N_("As soloist")),
)


@dataclass(frozen=True)
class RoleTally:
    role: str
    label: str
    """A message id."""
    tally: Tally


@dataclass(frozen=True)
class Statistics:
    games: int
    overall: Tally
    roles: tuple[RoleTally, ...]
    calls: int
    """Announcements the human made (each call counts: Re then No 90 is two)."""
    calls_won: int
    """Of those, the ones made in a hand the human's team won."""
    reviewed: int
    """Hands with a finished review."""
    mean_loss: float | None
    """Decision loss per reviewed hand, in expected game points."""


def statistics(games: Sequence[GameEntry], reviewed: Sequence[ReviewedHand]) -> Statistics:
    hands = [hand for game in games for hand in game.facts.played]
    roles = tuple(
        RoleTally(role, label, Tally.of(h for h in hands if h.role == role))
        for role, label in ROLES
    )
    losses = [point.loss for point in reviewed]
    return Statistics(
        len(games),
        Tally.of(hands),
        roles,
        sum(len(hand.calls) for hand in hands),
        sum(len(hand.calls) for hand in hands if hand.won),
        len(losses),
        sum(losses) / len(losses) if losses else None,
    )


# ---- trends ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class GamePoint:
    """A game in the points chart: its mean points per hand, and the trend (points per hand
    over the games up to this one, `TREND_GAMES` at most)."""

    game_id: str
    label: str
    hands: int
    mean: float
    trend: float


@dataclass(frozen=True)
class ReviewedHand:
    """A reviewed hand in the decision-loss chart."""

    game_id: str
    hand: int
    label: str
    loss: float
    spread: float


def game_points(games: Sequence[GameEntry], writing: Writing) -> tuple[GamePoint, ...]:
    """The latest `CHART_GAMES` games with a played hand, oldest first."""
    played = [game for game in games if game.facts.played][:CHART_GAMES][::-1]
    points = []
    for index, game in enumerate(played):
        window = [g.facts.played for g in played[max(0, index - TREND_GAMES + 1) : index + 1]]
        trend = Tally.of(hand for hands in window for hand in hands).mean
        tally = Tally.of(game.facts.played)
        points.append(
            GamePoint(game.id, writing.short_day(game.created_at), tally.hands, tally.mean, trend)
        )
    return tuple(points)


def reviewed_hands(
    games: Sequence[GameEntry], reviews: dict[tuple[str, int], Review], writing: Writing
) -> tuple[ReviewedHand, ...]:
    """Every finished review of a listed game, in the order the hands were played (a review
    may be computed long after its hand, so its own time says little about progress)."""
    found = []
    for game in reversed(games):
        for hand in game.facts.hands:
            review = reviews.get((game.id, hand.number))
            if review is None or not review.done or review.loss is None:
                continue
            label = writing.words.gettext("%(day)s, hand %(number)d") % {
                "day": writing.short_day(game.created_at),
                "number": hand.number,
            }
            found.append(ReviewedHand(game.id, hand.number, label, review.loss, review.spread or 0))
    return tuple(found)


@dataclass(frozen=True)
class Trends:
    points: tuple[GamePoint, ...]
    points_chart: Chart | None
    losses: tuple[ReviewedHand, ...]
    """The latest `CHART_REVIEWS` reviewed hands, oldest first."""
    loss_chart: Chart | None


def trends(
    games: Sequence[GameEntry], reviewed: Sequence[ReviewedHand], writing: Writing
) -> Trends:
    points = game_points(games, writing)
    labels = [p.label for p in points]
    points_chart = (
        bar_chart([p.mean for p in points], labels, [p.trend for p in points], writing.number)
        if points
        else None
    )
    losses = tuple(reviewed[-CHART_REVIEWS:])
    loss_chart = (
        dot_chart(
            [h.loss for h in losses],
            [h.label for h in losses],
            [h.spread for h in losses],
            writing.number,
        )
        if losses
        else None
    )
    return Trends(points, points_chart, losses, loss_chart)


# ---- the daily calendar ----------------------------------------------------------------------


@dataclass(frozen=True)
class CalendarDay:
    day: date
    attempts: tuple[Attempt, ...]


@dataclass(frozen=True)
class CalendarMonth:
    title: str
    weeks: tuple[tuple[CalendarDay | None, ...], ...]
    """Monday to Sunday; None outside the month."""


def calendar_months(attempts: Iterable[Attempt], writing: Writing) -> tuple[CalendarMonth, ...]:
    """A month grid for every month with a ranked attempt, newest month first."""
    by_day: dict[date, list[Attempt]] = {}
    for attempt in sorted(attempts, key=lambda a: (a.day, a.rules_key)):
        by_day.setdefault(attempt.day, []).append(attempt)
    months = sorted({(day.year, day.month) for day in by_day}, reverse=True)
    return tuple(_month(year, month, by_day, writing) for year, month in months)


def _month(
    year: int, month: int, by_day: dict[date, list[Attempt]], writing: Writing
) -> CalendarMonth:
    weeks = tuple(
        tuple(
            CalendarDay(day, tuple(by_day.get(day, ()))) if day.month == month else None
            for day in week
        )
        for week in calendar.Calendar(firstweekday=0).monthdatescalendar(year, month)
    )
    return CalendarMonth(writing.month(date(year, month, 1)), weeks)


# ---- the whole page --------------------------------------------------------------------------


@dataclass(frozen=True)
class History:
    games: tuple[GameEntry, ...]
    more: bool
    """More games than `MAX_GAMES` are stored: the page shows and counts the latest."""
    statistics: Statistics
    trends: Trends
    months: tuple[CalendarMonth, ...]


def history_of(
    session: Session, player_id: str | None, now: datetime, cache: FactsCache, writing: Writing
) -> History:
    """The player's history (empty for a visitor without a player id), its labels written as
    `writing` writes dates and numbers."""
    rows = player_games(session, player_id) if player_id else []
    extras = Extras.of(session, player_id) if player_id else NO_EXTRAS
    shown = rows[:MAX_GAMES]
    facts = cache.of_games(session, shown)
    games = tuple(
        game_entry(row, found, now, extras) for row, found in zip(shown, facts, strict=True)
    )
    reviewed = reviewed_hands(games, extras.reviews, writing)
    return History(
        games,
        len(rows) > MAX_GAMES,
        statistics(games, reviewed),
        trends(games, reviewed, writing),
        calendar_months(extras.attempts.values(), writing),
    )
