"""Hints: the strong level's choice for the human's current decision, with what the best few
actions are expected to bring, worked out from the human's view alone (never the hidden
cards).

The values are shown only when they back the choice. The strong level does not take the best
raw value: it keeps the heuristic's card unless another is better beyond the noise, calls and
plays solo only past a margin (play-outs flatter both, `bench/RESULTS.md`), and answers an
Armut with the heuristic. A hint whose own list rates another action higher misleads more than
a hint without numbers."""

from __future__ import annotations

import random
import time
from concurrent.futures import Future
from dataclasses import dataclass
from threading import BoundedSemaphore

from app.operations.bot_pool import BotRoster
from app.operations.kept import Kept
from app.operations.timing import bots_thought
from app.table.service import HUMAN, Table
from bots.levels import bot_for_level
from bots.search.bot import SearchBot
from bots.search.evaluate import evaluate
from bots.search.values import ActionValue
from engine import Action, Phase, SeatView, view_of

EXCHANGES = (Phase.ARMUT_GIVE, Phase.ARMUT_RETURN)


def strong_bot() -> SearchBot:
    bot = bot_for_level("strong")
    assert isinstance(bot, SearchBot), "the strong level searches"
    return bot


STRONG = strong_bot()
"""The strong level's bot, with its budget in play: the hint is its choice."""

SHOWN = 3
"""The best few actions the hint lists."""
HINTS_KEPT = 1_000
"""Hints a server process keeps; far more than the moments players are asking about."""


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
    values = evaluate(view, random.Random(seed), STRONG.budget, only)
    return Hint(choice.notation, _backing(choice, values))


def _backing(choice: Action, values: list[ActionValue]) -> tuple[HintOption, ...]:
    """The best few values with the choice first, or none when another action is valued
    higher than the choice."""
    chosen = next((v.expected for v in values if v.action == choice), None)
    if chosen is None or any(v.expected > chosen for v in values):
        return ()
    ranked = sorted(values, key=lambda v: (-v.expected, v.action != choice))[:SHOWN]
    return tuple(HintOption(v.action.notation, round(v.expected, 2)) for v in ranked)


HINTS_WAITING_PER_WORKER = 2
"""Hints being worked out at once in a server process, per background worker process."""


class HintsBusy(Exception):
    """Every slot for working out a hint is taken; nothing was started."""


class HintKeeper:
    """The hints of one server process, each worked out once. A hint is the same for the
    same game and version, and costs a worker process a quarter of a second: asked again
    (a reload, a double click, a script asking over and over) it is served from here, and
    while it is being worked out the others asking wait for that one answer.

    Only `slots` hints are worked out at once; past that a new one is refused (`HintsBusy`)
    rather than queued. A flood of hints on many games (one address, within the rate
    limits) otherwise queued behind the worker processes, each holding a thread of the
    server while it waited, until pages that need no hint at all waited seconds for one."""

    def __init__(self, roster: BotRoster, slots: int) -> None:
        self._roster = roster
        self._kept: Kept[tuple[str, int], Future[Hint]] = Kept(HINTS_KEPT)
        self._slots = BoundedSemaphore(slots)

    def hint(self, game_id: str, table: Table) -> Hint:
        """The hint, worked out once for all requests asking it together. The time spent
        waiting for it is the search's, reported as the bots' (`app.operations.timing`): it
        is no work of the server's own, which each address has a share of
        (`app.operations.pacing`)."""
        began = time.perf_counter()
        try:
            return self._hint(game_id, table)
        finally:
            bots_thought(time.perf_counter() - began)

    def _hint(self, game_id: str, table: Table) -> Hint:
        key = (game_id, table.version)
        mine: Future[Hint] = Future()
        kept = self._kept.setdefault(key, mine)
        if kept is mine:
            if not self._slots.acquire(blocking=False):
                self._kept.discard(key)
                mine.set_exception(HintsBusy())
                raise HintsBusy
            try:
                self._work_out(key, mine, table)
            finally:
                self._slots.release()
        return kept.result()

    def _work_out(self, key: tuple[str, int], kept: Future[Hint], table: Table) -> None:
        """A hint that failed is forgotten, so that the next request tries again."""
        view = view_of(table.game.hand, HUMAN)
        try:
            kept.set_result(self._roster.submit_hint(hint_of, view, hint_seed(table)).result())
        except Exception as error:
            self._kept.discard(key)
            kept.set_exception(error)
