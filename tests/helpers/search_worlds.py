"""Checks that a sampled world fits everything its seat has seen. Shared by several test modules
(moved out of `tests/test_search_worlds.py`, so that no test module imports another)."""

from __future__ import annotations

from bots.search.sampling import World, hidden_of_world
from engine import (
    Phase,
    SeatView,
    hand_from_view,
    view_of,
)

SAMPLED_PHASES = (Phase.RESERVATIONS, Phase.ARMUT_RESPONSE, Phase.ARMUT_RETURN, Phase.PLAY)


def assert_world_fits(view: SeatView, world: World) -> None:
    rebuilt = hand_from_view(view, hidden_of_world(view, world))
    assert view_of(rebuilt, view.seat) == view
