"""`random-v1`: a uniformly random legal action, announcing only rarely."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import Act, Action, SeatView

ANNOUNCE_CHANCE = 0.02
"""How often the bot announces when it may; uniform choice would announce in most hands."""


@dataclass(frozen=True)
class RandomBot:
    id: str = "random-v1"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        others = [action for action in view.legal if action.act is not Act.ANNOUNCE]
        calls = [action for action in view.legal if action.act is Act.ANNOUNCE]
        if calls and (not others or rng.random() < ANNOUNCE_CHANCE):
            return calls[rng.randrange(len(calls))]
        return others[rng.randrange(len(others))]
