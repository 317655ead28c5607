"""Weighing worlds by how likely the other seats' choices are with the cards they get there.

Inference over the hidden cards is where Skat programs gained most. A world in which a seat
said "healthy" with both Q♣ and a weak hand, or called Re on a poor one, is unlikely: a
sensible player (modelled by `heuristic-v1`'s rules) would have chosen otherwise. Each public
choice that a world contradicts multiplies its weight by `MISMATCH`; worlds are drawn in
surplus and the heaviest kept by weighted sampling without replacement.

The evidence read:

- reservations: a solo is declared on a hand that plays it well; "healthy" with both Q♣ means
  a silent solo, so a good diamond-solo hand; "healthy" where Armut was allowed means more
  than three trumps;
- announcements in team games: Re or Kontra is called on a strong hand; a seat that could
  call at its first card and did not has a weaker one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from bots.heuristic.announcements import REPLY_THRESHOLD, TEAM_CALL_THRESHOLD
from bots.heuristic.evaluation import QUEEN_OF_CLUBS, hand_value, has_both
from bots.heuristic.reservations import reservation_for, wants_silent_solo
from bots.search.budget import Budget
from bots.search.constraints import NORMAL, Constraints, constraints_of
from bots.search.sampling import World, hidden_of_world, sample_world
from engine import TRUMP, Act, Call, CardSet, Contract, SeatView, dealt_hands

MISMATCH = 0.15
"""A world's weight factor for each choice the model player would not have made in it."""

Check = Callable[[SeatView, World, tuple[CardSet, ...]], bool]
"""Whether a world agrees with one piece of evidence (given the world's dealt hands)."""


@dataclass(frozen=True)
class Evidence:
    seat: int
    check: Check


def weighted_worlds(
    view: SeatView, rng: random.Random, count: int, budget: Budget | None
) -> list[World]:
    """`count` worlds consistent with the view, the likelier ones preferred."""
    constraints = constraints_of(view)
    evidence = evidence_of(view)
    surplus = budget.candidates if budget is not None and evidence else 1
    drawn = [sample_world(view, constraints, rng) for _ in range(count * surplus)]
    if surplus == 1:
        return drawn
    weights = [_weight(view, constraints, world, evidence) for world in drawn]
    keys = [rng.random() ** (1 / weight) for weight in weights]
    ranked = sorted(range(len(drawn)), key=lambda i: -keys[i])
    return [drawn[i] for i in sorted(ranked[:count])]


def _weight(
    view: SeatView, constraints: Constraints, world: World, evidence: list[Evidence]
) -> float:
    dealt = dealt_hands(view, hidden_of_world(view, world))
    weight = 1.0
    for item in evidence:
        if not item.check(view, world, dealt):
            weight *= MISMATCH
    return weight


def evidence_of(view: SeatView) -> list[Evidence]:
    """The other seats' choices worth weighing in this view."""
    evidence = [
        Evidence(seat, _reservation_check(seat, act))
        for seat, act in view.declarations
        if seat != view.seat
    ]
    if view.contract in (Contract.NORMAL, Contract.ARMUT):
        evidence += _announcement_evidence(view)
    return [item for item in evidence if item.seat != view.seat]


def _reservation_check(seat: int, act: Act) -> Check:
    def check(view: SeatView, world: World, dealt: tuple[CardSet, ...]) -> bool:
        hand = dealt[seat]
        if act is Act.HEALTHY:
            return _healthy_fits(view, hand)
        if act.is_solo:
            return reservation_for(hand, _legal_reservations(view, hand)) is act
        return True

    return check


def _healthy_fits(view: SeatView, hand: CardSet) -> bool:
    """A model player says healthy with both Q♣ only for a silent solo, and never where it
    may declare Armut (solo-worthy hands are rare enough not to be checked)."""
    if has_both(hand, QUEEN_OF_CLUBS):
        return wants_silent_solo(hand)
    return not (view.rules.armut and _normal_trumps(hand) <= 3)


def _legal_reservations(view: SeatView, hand: CardSet) -> set[Act]:
    legal = {Act.HEALTHY, *(act for act in Act if act.is_solo)}
    if has_both(hand, QUEEN_OF_CLUBS):
        legal.add(Act.HOCHZEIT)
    if view.rules.armut and _normal_trumps(hand) <= 3:
        legal.add(Act.ARMUT)
    return legal


def _normal_trumps(hand: CardSet) -> int:
    return sum(1 for card in hand if NORMAL.suit_of[card.index] == TRUMP)


def _announcement_evidence(view: SeatView) -> list[Evidence]:
    """Team calls made, and team calls not made at a seat's first card."""
    evidence = []
    for index, action in enumerate(view.history):
        if action.act is Act.ANNOUNCE and action.call in (Call.RE, Call.KONTRA):
            reply = _other_team_called_before(view, index)
            evidence.append(Evidence(action.seat, _called_check(action.seat, index, reply)))
    for seat in range(4):
        first = _first_play(view, seat)
        if first is not None and not _team_called_before(view, seat, first):
            evidence.append(Evidence(seat, _silent_check(seat, first)))
    return evidence


def _first_play(view: SeatView, seat: int) -> int | None:
    return next(
        (i for i, a in enumerate(view.history) if a.act is Act.PLAY and a.seat == seat), None
    )


def _team_called_before(view: SeatView, seat: int, index: int) -> bool:
    """Whether anybody of the seat's side, as far as the view tells, called before `index`
    (then the seat had no call of its own to make)."""
    team = view.teams[seat]
    for action in view.history[:index]:
        if action.act is Act.ANNOUNCE and (action.seat == seat or team is None):
            return True
        if action.act is Act.ANNOUNCE and view.teams[action.seat] is team:
            return True
    return False


def _other_team_called_before(view: SeatView, index: int) -> bool:
    caller = view.history[index].seat
    team = view.teams[caller]
    return any(
        a.act is Act.ANNOUNCE and view.teams[a.seat] is not None and view.teams[a.seat] != team
        for a in view.history[:index]
    )


def _hand_at(view: SeatView, world: World, seat: int, index: int) -> CardSet:
    """The cards `seat` held at history step `index`: now, plus what it played since."""
    hand = CardSet(world.held[seat])
    for action in view.history[index:]:
        if action.act is Act.PLAY and action.seat == seat and action.card is not None:
            hand = hand.add(action.card)
    return hand


def _contract(view: SeatView) -> Contract:
    return view.contract or Contract.NORMAL


def _called_check(seat: int, index: int, reply: bool) -> Check:
    threshold = REPLY_THRESHOLD if reply else TEAM_CALL_THRESHOLD

    def check(view: SeatView, world: World, dealt: tuple[CardSet, ...]) -> bool:
        return hand_value(_hand_at(view, world, seat, index), _contract(view)) >= threshold

    return check


def _silent_check(seat: int, index: int) -> Check:
    def check(view: SeatView, world: World, dealt: tuple[CardSet, ...]) -> bool:
        hand = _hand_at(view, world, seat, index)
        return hand_value(hand, _contract(view)) < TEAM_CALL_THRESHOLD

    return check
