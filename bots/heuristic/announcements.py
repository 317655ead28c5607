"""When to raise the stakes: Re/Kontra on a strong hand, further steps only far ahead."""

from __future__ import annotations

from bots.heuristic.evaluation import hand_value, solo_value
from bots.heuristic.reservations import SOLO_THRESHOLD
from engine import Act, Action, Contract, SeatView, Step

TEAM_CALL_THRESHOLD = 11.5
"""`hand_value` for Re/Kontra in a team game; tuned so that ≥ 75 % of calls win."""
REPLY_THRESHOLD = 12.0
"""A reply doubles the stakes of a hand the other side already likes: it needs more."""
SOLO_NO90_MARGIN = 4.0
"""A soloist says no 90 only this far above the solo threshold."""


def _value(view: SeatView) -> float:
    contract = view.contract or Contract.NORMAL
    if contract.is_solo and view.declarer == view.seat:
        return solo_value(view.hand, contract)
    return hand_value(view.hand, contract)


def _team_call_wanted(view: SeatView) -> bool:
    """Re/Kontra when the hand is strong; as the soloist when the solo is clearly good."""
    contract = view.contract or Contract.NORMAL
    if contract.is_solo and view.declarer == view.seat:
        return _value(view) >= SOLO_THRESHOLD + 1
    if contract.is_solo:
        return False
    other = view.announced[view.team.other] if view.team else Step.NONE
    threshold = REPLY_THRESHOLD if other else TEAM_CALL_THRESHOLD
    return _value(view) >= threshold


def _no90_wanted(view: SeatView) -> bool:
    contract = view.contract or Contract.NORMAL
    soloist = contract.is_solo and view.declarer == view.seat
    return soloist and _value(view) >= SOLO_THRESHOLD + SOLO_NO90_MARGIN


def choose_announcement(view: SeatView) -> Action | None:
    """The call to make now, or None."""
    calls = {
        action.call.step: action
        for action in view.legal
        if action.act is Act.ANNOUNCE and action.call is not None
    }
    if Step.NO90 in calls and _no90_wanted(view):
        return calls[Step.NO90]
    if Step.TEAM in calls and _team_call_wanted(view):
        return calls[Step.TEAM]
    return None
