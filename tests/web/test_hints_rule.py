"""Whether a game gives hints has one owner (`app.daily.secrecy.hints_refused`), which the
table's Hint button (`GameContext.hints`) and the hint route both follow."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from app.daily.secrecy import NoHints, attempts_close_at, hints_refused
from app.storage.modes import GameMode

DAY = date(2026, 11, 29)
DURING = datetime(2026, 11, 29, 12, tzinfo=UTC)
AFTER = attempts_close_at(DAY)


@dataclass(frozen=True)
class Game:
    mode: str
    day: date | None


def test_a_new_game_gives_hints() -> None:
    assert hints_refused(Game(GameMode.NEW, None), DURING) is None


def test_the_ranked_attempt_never_gives_hints() -> None:
    for now in (DURING, AFTER):
        assert hints_refused(Game(GameMode.DAILY, DAY), now) is NoHints.RANKED


def test_practice_at_the_deals_gives_hints_once_the_seed_is_published() -> None:
    assert hints_refused(Game(GameMode.PRACTICE, DAY), DURING) is NoHints.SECRET
    assert hints_refused(Game(GameMode.PRACTICE, DAY), AFTER) is None
