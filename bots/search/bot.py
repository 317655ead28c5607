"""The search bots: sample worlds and play every real choice out (see `bots.search`); their
styles (`bots.search.style`) say how sure a call or a solo must be.

Forced moves are instant. Should the sampler ever find no world for a view (a gap in reading
it: the real deal always fits, and `tests/test_search_worlds.py` looks for such gaps), the
seat plays `heuristic-v1`'s choice rather than stopping the table.

The Armut steps are `heuristic-v1`'s: passing and returning cards has hundreds of options
whose simulated values differ by less than their noise at any budget a table can wait for,
so simulation adds nothing there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bots.heuristic.bot import HeuristicBot
from bots.search.budget import DEFAULT_BUDGET, Budget
from bots.search.play import choose_play
from bots.search.reservations import choose_reservation
from bots.search.sampling import NoWorld
from bots.search.style import FIRST, Style
from engine import Action, Phase, SeatView

MODEL = HeuristicBot()


@dataclass(frozen=True)
class SearchBot:
    id: str = "search-v1"
    budget: Budget = DEFAULT_BUDGET
    style: Style = FIRST

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """A deterministic function of the view and `rng` (the budget is counted in worlds
        and play-outs, never in time)."""
        if len(view.legal) == 1:
            return view.legal[0]
        try:
            return self._search(view, rng)
        except NoWorld:
            return MODEL.choose(view, rng)

    def _search(self, view: SeatView, rng: random.Random) -> Action:
        if view.phase is Phase.RESERVATIONS:
            return choose_reservation(view, rng, self.budget, self.style)
        if view.phase is Phase.PLAY:
            return choose_play(view, rng, self.budget, self.style)
        return MODEL.choose(view, rng)
