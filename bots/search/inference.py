"""Weighing worlds by how likely the other seats' choices are with the cards they get there.

Inference over the hidden cards is where Skat programs gained most. A world in which a seat
said "healthy" with both Q♣ and a weak hand, or called Re on a poor one, is unlikely: a
sensible player (modelled by `heuristic-v1`'s valuations and thresholds) would have chosen
otherwise. Each public choice multiplies a world's weight by how likely the model makes it
there: a logistic curve around the model's threshold (`SOFTNESS` wide); only the ratios
between worlds matter, so hands far below a threshold still count by how far. Worlds are
drawn in surplus and the heaviest kept by weighted sampling without replacement.

The evidence read:

- reservations: a solo is declared on a hand that plays it well; "healthy" with both Q♣ means
  a silent solo, so a good diamond-solo hand; "healthy" where Armut was allowed means more
  than three trumps;
- announcements in team games: Re or Kontra is called on a strong hand; a seat that could
  call at its first card and did not has a weaker one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from bots.heuristic.announcements import REPLY_THRESHOLD, TEAM_CALL_THRESHOLD
from bots.heuristic.evaluation import hand_value, has_both, solo_value
from bots.heuristic.reservations import SILENT_SOLO_THRESHOLD, SOLO_THRESHOLD
from bots.search.budget import Budget
from bots.search.constraints import NORMAL, constraints_of
from bots.search.sampling import Sampler, World, hidden_of_world, played_since
from engine import Act, Call, CardSet, Contract, SeatView, dealt_hands
from engine.cards import QUEEN_OF_CLUBS, TYPES, mask_sum
from engine.contracts import ARMUT_MOST_TRUMPS

MISMATCH = 0.1
"""The likelihood of a choice the model never makes (a real player still may)."""
FLOOR = 0.001
"""The least likelihood on the logistic curve: far below a threshold worlds still differ
relative to each other, which is what weighing needs."""
SOFTNESS = 1.5
"""How far from a threshold (in the model's hand-value units) a choice becomes a toss-up."""

Check = Callable[[SeatView, World, tuple[CardSet, ...]], float]
"""How likely one piece of evidence is in a world (given the world's dealt hands)."""


@dataclass(frozen=True)
class Evidence:
    seat: int
    check: Check


def weighted_worlds(
    view: SeatView, rng: random.Random, count: int, budget: Budget | None
) -> list[World]:
    """`count` worlds consistent with the view, the likelier ones preferred."""
    sampler = Sampler(view, constraints_of(view))
    evidence = evidence_of(view)
    surplus = budget.candidates if budget is not None and evidence else 1
    drawn = [sampler.draw(rng) for _ in range(count * surplus)]
    if surplus == 1:
        return drawn
    played = played_masks(view)
    weights = [_weight(view, world, evidence, played) for world in drawn]
    keys = [rng.random() ** (1 / weight) for weight in weights]
    ranked = sorted(range(len(drawn)), key=lambda i: -keys[i])
    return [drawn[i] for i in sorted(ranked[:count])]


def _weight(view: SeatView, world: World, evidence: list[Evidence], played: list[int]) -> float:
    dealt = dealt_of(view, world, played)
    weight = 1.0
    for item in evidence:
        weight *= item.check(view, world, dealt)
    return weight


def played_masks(view: SeatView) -> list[int]:
    """Per seat, the cards it has played (multiset masks): a world's dealt hands are its held
    cards and these, so a view's worlds share them."""
    return [played_since(view, seat) for seat in range(4)]


def dealt_of(view: SeatView, world: World, played: list[int]) -> tuple[CardSet, ...]:
    """The world's dealt hands: what each seat holds and played (the Armut undone by the
    engine where there was one)."""
    if view.armut_trumps_returned is not None or view.armut_acceptor is not None:
        return dealt_hands(view, hidden_of_world(view, world))
    return tuple(CardSet(mask_sum(world.held[s], played[s])) for s in range(4))


def _above(value: float, threshold: float) -> float:
    """The likelihood that the model's player acts on a value against its threshold."""
    return max(FLOOR, 1 / (1 + math.exp(-(value - threshold) / SOFTNESS)))


def _below(value: float, threshold: float) -> float:
    return max(FLOOR, 1 / (1 + math.exp((value - threshold) / SOFTNESS)))


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
    def check(view: SeatView, world: World, dealt: tuple[CardSet, ...]) -> float:
        hand = dealt[seat]
        if act is Act.HEALTHY:
            return _healthy_likelihood(view, hand)
        if act.is_solo:
            return _above(solo_value(hand, act.contract), SOLO_THRESHOLD)
        return 1.0

    return check


def _healthy_likelihood(view: SeatView, hand: CardSet) -> float:
    """A model player says healthy with both Q♣ only for a silent solo, and never where it
    may declare Armut (solo-worthy hands are rare enough not to be checked)."""
    if has_both(hand, QUEEN_OF_CLUBS):
        return _above(solo_value(hand, Contract.SOLO_DIAMONDS), SILENT_SOLO_THRESHOLD)
    return MISMATCH if view.rules.armut and _normal_trumps(hand) <= ARMUT_MOST_TRUMPS else 1.0


def _normal_trumps(hand: CardSet) -> int:
    trumps = NORMAL.trump_mask
    return (hand.mask & trumps).bit_count() + (hand.mask >> TYPES & trumps).bit_count()


def _announcement_evidence(view: SeatView) -> list[Evidence]:
    """Team calls made, and team calls not made at a seat's first card."""
    evidence = []
    for index, action in enumerate(view.history):
        if action.act is Act.ANNOUNCE and action.call in (Call.RE, Call.KONTRA):
            reply = _other_team_called_before(view, index)
            since = played_since(view, action.seat, index)
            evidence.append(Evidence(action.seat, _called_check(action.seat, since, reply)))
    for seat in range(4):
        first = _first_play(view, seat)
        if first is not None and not _team_called_before(view, seat, first):
            evidence.append(Evidence(seat, _silent_check(seat, played_since(view, seat, first))))
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


def held_then(world: World, seat: int, since: int) -> CardSet:
    """`seat`'s cards at the step `since` was worked out from (`played_since`)."""
    return CardSet(mask_sum(world.held[seat], since))


def _contract(view: SeatView) -> Contract:
    return view.contract or Contract.NORMAL


def _called_check(seat: int, since: int, reply: bool) -> Check:
    threshold = REPLY_THRESHOLD if reply else TEAM_CALL_THRESHOLD

    def check(view: SeatView, world: World, dealt: tuple[CardSet, ...]) -> float:
        return _above(hand_value(held_then(world, seat, since), _contract(view)), threshold)

    return check


def _silent_check(seat: int, since: int) -> Check:
    def check(view: SeatView, world: World, dealt: tuple[CardSet, ...]) -> float:
        hand = held_then(world, seat, since)
        return _below(hand_value(hand, _contract(view)), TEAM_CALL_THRESHOLD)

    return check
