"""Moving a world towards the evidence: Metropolis–Hastings swaps of hidden cards.

Resampling by weight keeps the likely candidates, but when the evidence is strong (a declared
solo) only a handful of the candidates fit it and the kept worlds repeat them. Each kept world
is then moved (resample-move): two holders swap a random hidden card each, the swap is refused
when it breaks a fact of the view (a void, a pinned card, a trump bound), and accepted with the
Metropolis–Hastings probability for the hand evidence's likelihood. The proposal picks card
types by their copies in a hand, so the ratio of picking the reverse swap corrects for it.
Worlds stay consistent and, run long enough, follow the evidence's distribution.
"""

from __future__ import annotations

import math
import random

from bots.search.constraints import NORMAL, Constraints
from bots.search.evidence import hand_log_likelihood
from bots.search.inference import Evidence, played_masks
from bots.search.proposals import Proposals
from bots.search.sampling import World
from engine import TRUMP, SeatView
from engine.cards import TYPES, mask_add, mask_indices, mask_remove


def moved(
    view: SeatView,
    world: World,
    constraints: Constraints,
    evidence: list[Evidence],
    rng: random.Random,
    steps: int,
) -> World:
    """`world` after `steps` proposed swaps. Every swap involves a seat the evidence is about
    (a swap between two others changes no likelihood), and changes the likelihood of the
    evidence about the two holders only."""
    holders = [h for h in constraints.holders if constraints.capacity[h]]
    witnessed = {item.seat for item in evidence}
    pairs = [(a, b) for a in holders for b in holders if a != b and witnessed & {a, b}]
    if not pairs:
        return world
    held = list(world.held)
    seat_likelihood = _SeatLikelihood(view, evidence)
    likelihood = {h: seat_likelihood(h, world) for h in holders}
    proposals = Proposals.of(view, holders, pairs)
    for _ in range(steps):
        swap = proposals.draw(held, rng)
        if swap is None or swap[2] == swap[3]:
            continue
        one, other, give, take = swap
        new_one = mask_add(mask_remove(held[one], give), take)
        new_other = mask_add(mask_remove(held[other], take), give)
        if not (_fits(constraints, one, new_one) and _fits(constraints, other, new_other)):
            continue
        candidate = list(held)
        candidate[one], candidate[other] = new_one, new_other
        proposal = proposals.probability(candidate, (one, other, take, give)) / (
            proposals.probability(held, swap)
        )
        swapped = World(tuple(candidate))
        new = {h: seat_likelihood(h, swapped) for h in (one, other)}
        gain = sum(new.values()) - likelihood[one] - likelihood[other]
        if math.log(rng.random() or 1e-300) < gain + math.log(proposal):
            held = candidate
            likelihood.update(new)
    return World(tuple(held))


class _SeatLikelihood:
    """The log-likelihood of the evidence about one seat in a world, remembered by the seat's
    cards where those alone decide it (no Armut exchange to undo): a chain returns to the same
    hands often."""

    def __init__(self, view: SeatView, evidence: list[Evidence]) -> None:
        self.view = view
        self.by_seat = {seat: [item for item in evidence if item.seat == seat] for seat in range(5)}
        self.own_cards_decide = view.armut_acceptor is None and view.armut_trumps_returned is None
        self.known: dict[tuple[int, int], float] = {}
        self.played = played_masks(view)

    def __call__(self, seat: int, world: World) -> float:
        if not self.by_seat[seat]:
            return 0.0
        if not self.own_cards_decide:
            return hand_log_likelihood(self.view, world, self.by_seat[seat], self.played)
        key = (seat, world.held[seat])
        if key not in self.known:
            self.known[key] = hand_log_likelihood(self.view, world, self.by_seat[seat], self.played)
        return self.known[key]


def _cards(mask: int) -> list[int]:
    return list(mask_indices(mask & ((1 << TYPES) - 1))) + list(mask_indices(mask >> TYPES))


def _count(mask: int, card: int) -> int:
    return (mask >> card & 1) + (mask >> (card + TYPES) & 1)


def _fits(constraints: Constraints, holder: int, mask: int) -> bool:
    """Whether `holder` may hold `mask`: allowed types, its pinned cards, its trump bounds."""
    types = mask & ((1 << TYPES) - 1)
    if types & ~constraints.allowed[holder]:
        return False
    pinned = constraints.pinned[holder]
    if any(_count(mask, card) < _count(pinned, card) for card in set(_cards(pinned))):
        return False
    low, high = constraints.trumps[holder]
    trumps = sum(1 for card in _cards(mask) if NORMAL.suit_of[card] == TRUMP)
    return low <= trumps <= high
