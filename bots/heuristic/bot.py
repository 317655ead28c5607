"""`heuristic-v1`: dispatches each decision to the rules of thumb of its phase."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bots.heuristic.announcements import choose_announcement
from bots.heuristic.play import choose_card
from bots.heuristic.reservations import (
    choose_armut_response,
    choose_exchange,
    choose_reservation,
)
from bots.knowledge import Knowledge
from engine import Act, Action, Phase, SeatView


@dataclass(frozen=True)
class HeuristicBot:
    id: str = "heuristic-v1"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """Deterministic in the view: the rules of thumb need no randomness."""
        if view.phase is Phase.RESERVATIONS:
            return Action(view.seat, choose_reservation(view))
        if view.phase is Phase.ARMUT_RESPONSE:
            return Action(view.seat, choose_armut_response(view))
        if view.phase in (Phase.ARMUT_GIVE, Phase.ARMUT_RETURN):
            return choose_exchange(view)
        announcement = choose_announcement(view)
        if announcement is not None:
            return announcement
        plays = [action.card for action in view.legal if action.act is Act.PLAY and action.card]
        card = choose_card(Knowledge(view), plays)
        return Action(view.seat, Act.PLAY, card=card)
