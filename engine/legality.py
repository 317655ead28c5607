"""Why an action is refused: the checks `Hand.apply` makes before it changes anything, each
with a stable code (`engine.refusals.Refusal`, which the web app puts into words in each
language), its parameters, and the English reason the command-line tools print
(docs/rules.md §4–§6)."""

from __future__ import annotations

from typing import Protocol

from engine.actions import Act, Action
from engine.announcements import Call, Step, Team, TeamCalls, call_for
from engine.cards import CardSet
from engine.contracts import ARMUT_CARDS, Contract, card_order
from engine.phases import Phase
from engine.refusals import Reason, Refusal

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


class Position(Protocol):
    """What the checks read of a hand (`engine.hand.Hand` has it all): a protocol, so that
    this module does not import the hand that calls it."""

    @property
    def phase(self) -> Phase: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def team_of(self) -> list[Team | None]: ...
    @property
    def calls(self) -> dict[Team, TeamCalls]: ...
    @property
    def awaiting_clarification(self) -> bool: ...
    def cards_of(self, seat: int) -> CardSet: ...
    def playable_mask(self, seat: int) -> int: ...
    def may_declare(self, seat: int, act: Act) -> bool: ...
    def announce_steps(self, seat: int) -> list[Step]: ...


def refusal(hand: Position, action: Action) -> Reason | None:
    """Why the action is illegal now, or None; checked in full before anything changes."""
    if hand.is_over:
        return Reason(Refusal.HAND_OVER, "the hand is over")
    if action.act is Act.ANNOUNCE:
        return _announce_refusal(hand, action)
    if action.seat != hand.to_act:
        return Reason(
            Refusal.NOT_YOUR_TURN, f"it is seat {hand.to_act}'s turn", {"seat": str(hand.to_act)}
        )
    if action.act is Act.PLAY:
        return _play_refusal(hand, action)
    phase = _PHASE_OF_ACT.get(action.act, Phase.RESERVATIONS)
    if phase is not hand.phase:
        return Reason(
            Refusal.WRONG_PHASE,
            f"{action.act} is not possible in the {hand.phase} phase",
            {"act": action.act.value, "phase": hand.phase.value},
        )
    if action.act.is_reservation and not hand.may_declare(action.seat, action.act):
        text = f"{action.act} needs {_ELIGIBILITY[action.act]}"
        return Reason(Refusal.NOT_ELIGIBLE, text, {"act": action.act.value})
    if action.act in (Act.ARMUT_GIVE, Act.ARMUT_RETURN):
        return _exchange_refusal(hand, action)
    return None


def _play_refusal(hand: Position, action: Action) -> Reason | None:
    assert action.card is not None
    if hand.phase is not Phase.PLAY:
        text = f"cards are not played in the {hand.phase} phase"
        return Reason(Refusal.WRONG_PHASE, text, {"act": "play", "phase": hand.phase.value})
    if action.card not in hand.cards_of(action.seat):
        text = f"{action.card} is not in the hand"
        return Reason(Refusal.NOT_IN_HAND, text, {"card": str(action.card)})
    if not hand.playable_mask(action.seat) >> action.card.index & 1:
        text = f"{action.card} does not follow suit"
        return Reason(Refusal.MUST_FOLLOW, text, {"card": str(action.card)})
    return None


def _exchange_refusal(hand: Position, action: Action) -> Reason | None:
    if len(action.cards) != ARMUT_CARDS:
        text = f"exactly {ARMUT_CARDS} cards must be passed, not {len(action.cards)}"
        return Reason(Refusal.THREE_CARDS, text, {"count": str(len(action.cards))})
    held = hand.cards_of(action.seat)
    if any(action.cards.count(card) > held.count(card) for card in action.cards):
        cards = " ".join(map(str, action.cards))
        return Reason(Refusal.CARDS_NOT_HELD, f"{cards} are not all in the hand", {"cards": cards})
    given_trumps = sum(map(_NORMAL.is_trump, action.cards))
    if action.act is Act.ARMUT_GIVE and given_trumps != sum(map(_NORMAL.is_trump, held)):
        return Reason(Refusal.ALL_TRUMPS, "all trumps must be among the cards given")
    return None


def _announce_refusal(hand: Position, action: Action) -> Reason | None:
    assert action.call is not None
    team = hand.team_of[action.seat]
    if hand.phase is not Phase.PLAY:
        text = f"announcements are not possible in the {hand.phase} phase"
        return Reason(Refusal.ANNOUNCE_PHASE, text, {"phase": hand.phase.value})
    if team is None or hand.awaiting_clarification:
        text = "nobody may announce before the Hochzeit is clarified"
        return Reason(Refusal.BEFORE_CLARIFICATION, text)
    if action.call in (Call.RE, Call.KONTRA) and action.call.value != team.value:
        text = f"seat {action.seat} plays {team}, not {action.call}"
        params = {"seat": str(action.seat), "team": team.value, "call": action.call.value}
        return Reason(Refusal.OWN_TEAM, text, params)
    if action.call.step <= hand.calls[team].step:
        text = f"{team} has already announced {action.call} or more"
        params = {"team": team.value, "call": action.call.value}
        return Reason(Refusal.ALREADY_ANNOUNCED, text, params)
    allowed = hand.announce_steps(action.seat)
    if action.call.step not in allowed:
        return _late_refusal(max(allowed, default=hand.calls[team].step), action.call, team)
    return None


def _late_refusal(highest_open: Step, asked: Call, team: Team) -> Reason:
    """Names the first step that is late, the one above the highest still open: a call makes
    every lower one its team has not made (§6.2), so "no 90" with ten cards and no Re is late
    for the Re, not for itself; naming the call asked for made a player read its own deadline
    and find it met."""
    late = call_for(Step(highest_open + 1), team)
    if late is asked:
        return Reason(Refusal.TOO_LATE, f"too late for {asked}", {"call": asked.value})
    text = f"too late for {late}, which {asked} needs first"
    return Reason(Refusal.LOWER_TOO_LATE, text, {"call": late.value, "asked": asked.value})
