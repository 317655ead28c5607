"""Which swap of hidden cards `bots.search.moves` tries next, and how likely it was to try it.

A uniform swap (two holders, a random card each) rarely gives a declared soloist the trumps his
declaration says he holds: the chain wanders where every hand is about as unlikely. So half of
the swaps, after a solo declared by another seat, are directed: the soloist trades one of his
plain cards for another holder's trump of that solo, or, as often, a trump for a plain card.
Metropolis–Hastings stays exact with any proposal as long as the chance of proposing a swap
and of proposing its reverse both enter the acceptance, which `probability` gives.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine import TRUMP, SeatView, card_order
from engine.cards import TYPES, mask_indices

DIRECTED = 0.5
"""The share of directed swaps where there is a soloist to direct them at."""

Swap = tuple[int, int, int, int]
"""(one, other, give, take): `one` gives the card `give` to `other` and takes `take`."""


@dataclass(frozen=True)
class Proposals:
    pairs: list[tuple[int, int]]
    """Ordered pairs of holders a uniform swap picks from (both orders of every pair)."""
    soloist: int | None
    others: list[int]
    trumps: int
    """The solo's trump card types (a mask of `TYPES` bits)."""

    @classmethod
    def of(cls, view: SeatView, holders: list[int], pairs: list[tuple[int, int]]) -> Proposals:
        contract, soloist = view.contract, view.declarer
        if contract is None or not contract.is_solo or soloist not in holders:
            return cls(pairs, None, [], 0)
        order = card_order(contract)
        trumps = sum(1 << card for card in range(TYPES) if order.suit_of[card] == TRUMP)
        others = [holder for holder in holders if holder != soloist]
        return cls(pairs, soloist, others, trumps if trumps and others else 0)

    @property
    def directs(self) -> bool:
        return self.soloist is not None and self.trumps != 0

    def draw(self, held: list[int], rng: random.Random) -> Swap | None:
        """A swap, or None when the directed one drawn has no card to trade."""
        if not self.directs or rng.random() >= DIRECTED:
            one, other = rng.choice(self.pairs)
            return one, other, rng.choice(_cards(held[one])), rng.choice(_cards(held[other]))
        assert self.soloist is not None
        other = rng.choice(self.others)
        gain = rng.random() < 0.5
        gives = self._entries(held[self.soloist], trump=not gain)
        takes = self._entries(held[other], trump=gain)
        if not gives or not takes:
            return None
        return self.soloist, other, rng.choice(gives), rng.choice(takes)

    def probability(self, held: list[int], swap: Swap) -> float:
        """How likely `draw` proposes this swap from `held` (either holder named first)."""
        one, other, give, take = swap
        uniform = 2 / len(self.pairs) * _share(held[one], give) * _share(held[other], take)
        if not self.directs:
            return uniform
        directed = 0.0
        if self.soloist in (one, other):
            if one != self.soloist:
                one, other, give, take = other, one, take, give
            gives_trump, takes_trump = self._is_trump(give), self._is_trump(take)
            if gives_trump != takes_trump:
                gives = self._entries(held[one], gives_trump)
                takes = self._entries(held[other], takes_trump)
                directed = gives.count(give) / len(gives) * takes.count(take) / len(takes)
                directed /= 2 * len(self.others)
        return (1 - DIRECTED) * uniform + DIRECTED * directed

    def _is_trump(self, card: int) -> bool:
        return bool(self.trumps >> card & 1)

    def _entries(self, mask: int, trump: bool) -> list[int]:
        return [card for card in _cards(mask) if self._is_trump(card) == trump]


def _cards(mask: int) -> list[int]:
    """Each copy of each card type in a multiset mask."""
    return list(mask_indices(mask & ((1 << TYPES) - 1))) + list(mask_indices(mask >> TYPES))


def _share(mask: int, card: int) -> float:
    cards = _cards(mask)
    return cards.count(card) / len(cards)
