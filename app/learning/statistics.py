"""A player's statistics (games, hands won, roles, calls, decisions reviewed) and their
trends (points per hand, decision loss) as chart geometry."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from app.languages.i18n import N_, Writing, in_utc
from app.learning.charts import Chart, bar_chart, dot_chart
from app.learning.game_facts import HandFacts
from app.learning.game_list import GameEntry, Review

CHART_GAMES = 20
"""Games in the points chart."""
TREND_GAMES = 5
"""The trend line of the points chart: points per hand over this many games."""
CHART_REVIEWS = 30
"""Reviewed hands in the decision-loss chart."""


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
            GamePoint(
                game.id, writing.short_day(in_utc(game.created_at)), tally.hands, tally.mean, trend
            )
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
                "day": writing.short_day(in_utc(game.created_at)),
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
