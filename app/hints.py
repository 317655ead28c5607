"""Hints: the strong level's choice for the human's current decision, with what the best few
actions are expected to bring, worked out from the human's view alone (never the hidden
cards)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.service import Table
from bots.levels import LEVELS
from bots.registry import bot_named
from bots.search.bot import SearchBot
from bots.search.evaluate import evaluate
from engine import Phase, SeatView

EXCHANGES = (Phase.ARMUT_GIVE, Phase.ARMUT_RETURN)


def strong_bot() -> SearchBot:
    bot = bot_named(LEVELS["strong"])
    assert isinstance(bot, SearchBot), "the strong level searches"
    return bot


STRONG = strong_bot()
"""The strong level's bot, with its budget in play: the hint is its choice."""

SHOWN = 3
"""The best few actions the hint lists."""


@dataclass(frozen=True)
class HintOption:
    action: str
    expected: float


@dataclass(frozen=True)
class Hint:
    action: str
    options: tuple[HintOption, ...]


def hint_seed(table: Table) -> str:
    """The game and the moment: the same question gets the same answer."""
    return f"{table.game.seed}/hint/{table.version}"


def hint_of(view: SeatView, seed: str) -> Hint:
    """Runs in a worker process: the strong level's choice with the seeded rng, and the same
    search's values of the best few actions. Passing three cards in an Armut has hundreds of
    choices: there only the chosen one is valued."""
    choice = STRONG.choose(view, random.Random(seed))
    only = [choice] if view.phase in EXCHANGES else None
    values = evaluate(view, random.Random(seed), STRONG.budget, only)[:SHOWN]
    options = tuple(HintOption(v.action.notation, round(v.expected, 2)) for v in values)
    return Hint(choice.notation, options)
