"""Why an action is refused: the checks `Hand.apply` makes before it changes anything, each
with a reason a player can read (docs/rules.md §4–§6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Act, Action
from engine.announcements import Call
from engine.cards import CardSet
from engine.contracts import Contract, card_order
from engine.phases import Phase

if TYPE_CHECKING:
    from engine.hand import Hand

_NORMAL = card_order(Contract.NORMAL)

_PHASE_OF_ACT = {
    Act.ARMUT_GIVE: Phase.ARMUT_GIVE,
    Act.ARMUT_ACCEPT: Phase.ARMUT_RESPONSE,
    Act.ARMUT_DECLINE: Phase.ARMUT_RESPONSE,
    Act.ARMUT_RETURN: Phase.ARMUT_RETURN,
}
_ELIGIBILITY = {
    Act.HOCHZEIT: "both queens of clubs",
    Act.ARMUT: "the Armut variant and at most three trumps",
}


def refusal(hand: Hand, action: Action) -> str | None:
    """Why the action is illegal now, or None; checked in full before anything changes."""
    if hand.is_over:
        return "the hand is over"
    if action.act is Act.ANNOUNCE:
        return _announce_refusal(hand, action)
    if action.seat != hand.to_act:
        return f"it is seat {hand.to_act}'s turn"
    if action.act is Act.PLAY:
        return _play_refusal(hand, action)
    phase = _PHASE_OF_ACT.get(action.act, Phase.RESERVATIONS)
    if phase is not hand.phase:
        return f"{action.act} is not possible in the {hand.phase} phase"
    if action.act.is_reservation and not hand.may_declare(action.seat, action.act):
        return f"{action.act} needs {_ELIGIBILITY[action.act]}"
    if action.act in (Act.ARMUT_GIVE, Act.ARMUT_RETURN):
        return _exchange_refusal(hand, action)
    return None


def _play_refusal(hand: Hand, action: Action) -> str | None:
    assert action.card is not None
    if hand.phase is not Phase.PLAY:
        return f"cards are not played in the {hand.phase} phase"
    if action.card not in hand.cards_of(action.seat):
        return f"{action.card} is not in the hand"
    if not hand.playable_mask(action.seat) >> action.card.index & 1:
        return f"{action.card} does not follow suit"
    return None


def _exchange_refusal(hand: Hand, action: Action) -> str | None:
    if len(action.cards) != 3:
        return f"exactly 3 cards must be passed, not {len(action.cards)}"
    held = hand.cards_of(action.seat)
    if not held.issuperset(CardSet.of(action.cards)):
        return f"{' '.join(map(str, action.cards))} are not all in the hand"
    given_trumps = sum(map(_NORMAL.is_trump, action.cards))
    if action.act is Act.ARMUT_GIVE and given_trumps != sum(map(_NORMAL.is_trump, held)):
        return "all trumps must be among the cards given"
    return None


def _announce_refusal(hand: Hand, action: Action) -> str | None:
    assert action.call is not None
    team = hand.team_of[action.seat]
    if hand.phase is not Phase.PLAY:
        return f"announcements are not possible in the {hand.phase} phase"
    if team is None or hand.awaiting_clarification:
        return "nobody may announce before the Hochzeit is clarified"
    if action.call in (Call.RE, Call.KONTRA) and action.call.value != team.value:
        return f"seat {action.seat} plays {team}, not {action.call}"
    if action.call.step <= hand.calls[team].step:
        return f"{team} has already announced {action.call} or more"
    if action.call.step not in hand.announce_steps(action.seat):
        return f"too late for {action.call}"
    return None
