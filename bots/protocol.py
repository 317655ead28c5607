"""The one protocol every computer opponent follows."""

from __future__ import annotations

import random
from typing import Protocol

from engine import Action, SeatView


class Bot(Protocol):
    """Decides every action of a seat from that seat's view alone.

    The decision is a deterministic function of the view and the injected `rng`: the daily
    game relies on two players who play alike getting the same bot replies.
    """

    @property
    def id(self) -> str:
        """The versioned id (`heuristic-v1`); a change of behaviour gets a new one."""
        ...

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """One of `view.legal` (never called when it is empty)."""
        ...
