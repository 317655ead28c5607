"""`casual-v1`: the easy level. `heuristic-v1`'s Armut steps and announcements; a beginner's
solos (`BEGINNERS_SOLO`) and card play (`bots.casual.play`)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bots.casual.play import choose_card
from bots.heuristic.bot import HeuristicBot
from bots.heuristic.reservations import best_solo
from bots.knowledge import Knowledge
from engine import Act, Action, Phase, SeatView

MODEL = HeuristicBot()
BEGINNERS_SOLO = 12.0
"""`solo_value` from which a beginner declares a solo (`heuristic-v1` waits for 14): long
trumps look stronger than they play against three."""


@dataclass(frozen=True)
class CasualBot:
    id: str = "casual-v1"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """Deterministic in the view, like the heuristic it simplifies."""
        if view.phase is Phase.RESERVATIONS:
            solo, value = best_solo(view.hand)
            if value >= BEGINNERS_SOLO:
                return Action(view.seat, solo)
        decided = MODEL.choose(view, rng)
        if view.phase is not Phase.PLAY or decided.act is Act.ANNOUNCE:
            return decided
        plays = [action.card for action in view.legal if action.act is Act.PLAY and action.card]
        return Action(view.seat, Act.PLAY, card=choose_card(Knowledge(view), plays))
