"""A brute-force solver of the last tricks, the exact solver's reference. Shared by several test
modules (moved out of `tests/test_search_solver.py`, so that no test module imports another)."""

from __future__ import annotations

from bots.search.solver import VALUE_SCALE
from engine import Hand
from engine.cards import mask_indices


def brute_force(hand: Hand, seat: int) -> dict[int, int]:
    """Every line played out, no pruning and no table: the solver's reference in tests. The
    leaves are scored by `Hand.score_of`, another path through the engine's scoring."""
    team = hand.team_of[seat]
    twin = hand.copy()

    def value() -> int:
        if twin.to_act is None:
            points = sum(t.points for t in twin.tricks if twin.team_of[t.winner] is team)
            return twin.score_of(seat) * VALUE_SCALE + points
        mover = twin.to_act
        results = []
        for card in mask_indices(twin.playable_mask(mover)):
            twin.play(mover, card)
            results.append(value())
            twin.unplay()
        return max(results) if twin.team_of[mover] is team else min(results)

    result = {}
    for card in mask_indices(twin.playable_mask(seat)):
        twin.play(seat, card)
        result[card] = value()
        twin.unplay()
    return result
