"""A player's history page: every game, every finished hand (`game_list`, from the facts of
`game_facts`), statistics and trends (`statistics`), the daily calendar (`daily_calendar`).

Everything is derived from the stored games by replay (rules + seed + action log) and from the
stored reviews, hint uses and ranked attempts, each read with one query per player. Only
finished hands' facts leave these modules (scores, teams, the human's own calls): never a card.
Kinds, roles and statuses are codes here, each with its English message id beside it for the
page to translate; the charts' labels are written in the request's language (`Writing`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from app.languages.i18n import Writing
from app.learning.daily_calendar import CalendarMonth, calendar_months
from app.learning.game_facts import FactsCache
from app.learning.game_list import MAX_GAMES, NO_EXTRAS, Extras, GameEntry, game_entry, player_games
from app.learning.statistics import Statistics, Trends, reviewed_hands, statistics, trends


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
    extras = Extras.of(session, player_id, now.date()) if player_id else NO_EXTRAS
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
