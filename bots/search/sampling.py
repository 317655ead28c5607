"""Worlds: the unseen cards dealt to the other seats within what the seat knows.

Cards go out most constrained first (fewest holders that may take them), each to a holder
chosen in proportion to the room it has left; a dead end starts over. Worlds drawn this way
are close to uniform among the consistent ones; the inference step reweighs them anyway. When
starting over keeps failing (tight voids late in a hand), a backtracking search finds a
consistent deal, which always exists: the real one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from bots.search.constraints import FACE_DOWN, NORMAL, Constraints
from engine import TRUMP, Act, CardSet, Hidden, SeatView
from engine.cards import (
    CARDS,
    QUEEN_OF_CLUBS,
    TYPES,
    mask_add,
    mask_indices,
    mask_remove,
    mask_sum,
)
from engine.contracts import ARMUT_CARDS, ARMUT_MOST_TRUMPS

RESTARTS = 60
"""Random deals tried before the backtracking search takes over."""
QUICK_ATTEMPTS = 3
"""Of those, the first few do not look ahead (cheaper, and enough for most views)."""
BACKTRACK_STEPS = 200_000
"""A bound on the backtracking search, far above what a consistent view needs."""


class NoWorld(Exception):
    """The constraints admit no deal (a bug in reading the view: the real deal fits)."""


@dataclass(frozen=True)
class World:
    """One guess of the hidden cards: what each holder has (multiset masks)."""

    held: tuple[int, ...]
    """Per holder (seats 0–3, `FACE_DOWN`), the viewing seat's own cards included."""


def sample_world(view: SeatView, constraints: Constraints, rng: random.Random) -> World:
    """A random world consistent with `constraints` (the hard facts of `view`)."""
    return Sampler(view, constraints).draw(rng)


class Sampler:
    """Draws worlds for one view; what does not change between draws is worked out once."""

    def __init__(self, view: SeatView, constraints: Constraints) -> None:
        self.view = view
        self.constraints = constraints
        self.cards = _unpinned(constraints)
        holders = constraints.holders
        self.eligible = {
            card: [h for h in holders if constraints.allowed[h] >> card & 1]
            for card in set(self.cards)
        }
        self.start = _start(constraints)

    def draw(self, rng: random.Random) -> World:
        for attempt in range(RESTARTS):
            if attempt < QUICK_ATTEMPTS:
                held = self._quick(rng)
            else:
                held = _deal(self.constraints, self.cards, rng)
            if held is not None:
                return _with_own(self.view, held)
        held = _backtrack(self.constraints, self.cards, rng)
        if held is None:
            raise NoWorld(f"no deal fits the view of seat {self.view.seat}")
        return _with_own(self.view, held)

    def _quick(self, rng: random.Random) -> list[int] | None:
        """One attempt without looking ahead, enough for most views."""
        held, room, trumps = (list(part) for part in self.start)
        bounds = self.constraints.trumps
        eligible = self.eligible
        order = list(self.cards)
        rng.shuffle(order)
        order.sort(key=lambda card: len(eligible[card]))
        for card in order:
            trump = NORMAL.suit_of[card] == TRUMP
            options = [
                h for h in eligible[card] if room[h] > 0 and (not trump or trumps[h] < bounds[h][1])
            ]
            if not options:
                return None
            holder = _weighted(options, room, rng)
            held[holder] = mask_add(held[holder], card)
            room[holder] -= 1
            trumps[holder] += trump
        return held if _trumps_reached(self.constraints, trumps) else None


def _unpinned(constraints: Constraints) -> list[int]:
    """The unseen card types not pinned to a holder, a doubled type twice."""
    rest = constraints.pool
    for pinned in constraints.pinned:
        for card in _cards(pinned):
            rest = mask_remove(rest, card)
    return _cards(rest)


def _cards(mask: int) -> list[int]:
    types = list(mask_indices(mask & ((1 << TYPES) - 1)))
    return types + list(mask_indices(mask >> TYPES))


def _is_trump(card: int) -> bool:
    return NORMAL.suit_of[card] == TRUMP


def _start(constraints: Constraints) -> tuple[list[int], list[int], list[int]]:
    """Per holder: the cards pinned to it, the room left, the trumps it holds so far."""
    held = list(constraints.pinned)
    room = [constraints.capacity[h] - held[h].bit_count() for h in range(5)]
    trumps = [sum(1 for card in _cards(held[h]) if _is_trump(card)) for h in range(5)]
    return held, room, trumps


def _may_take(constraints: Constraints, holder: int, card: int, room: int, trumps: int) -> bool:
    if room <= 0 or not constraints.allowed[holder] >> card & 1:
        return False
    return not _is_trump(card) or trumps < constraints.trumps[holder][1]


def _deal(constraints: Constraints, cards: list[int], rng: random.Random) -> list[int] | None:
    """One careful random attempt; None at a dead end. Each card goes only where every holder
    can still be filled afterwards (its room, its least trumps), counted on the cards left."""
    held, room, trumps = _start(constraints)
    holders = constraints.holders
    order = list(cards)
    rng.shuffle(order)
    order.sort(key=lambda card: sum(constraints.allowed[h] >> card & 1 for h in holders))
    supply = _Supply(constraints, order)
    for card in order:
        options = supply.places(card, room, trumps)
        if not options:
            return None
        holder = _weighted(options, room, rng)
        held[holder] = mask_add(held[holder], card)
        room[holder] -= 1
        trumps[holder] += _is_trump(card)
    return held


class _Supply:
    """Per holder, how many of the cards not yet dealt it may take, trumps and plain apart,
    and how many of each are left in all."""

    def __init__(self, constraints: Constraints, cards: list[int]) -> None:
        self.constraints = constraints
        self.trump = [0] * 5
        self.plain = [0] * 5
        self.left = {True: 0, False: 0}
        for card in cards:
            self._count(card, 1)

    def _count(self, card: int, step: int) -> None:
        trump = _is_trump(card)
        counts = self.trump if trump else self.plain
        self.left[trump] += step
        for holder in self.constraints.holders:
            if self.constraints.allowed[holder] >> card & 1:
                counts[holder] += step

    def take(self, card: int) -> None:
        """`card` is being dealt: it no longer counts as supply."""
        self._count(card, -1)

    def places(self, card: int, room: list[int], trumps: list[int]) -> list[int]:
        """The holders `card` may go to now; it leaves the supply."""
        self.take(card)
        trump = _is_trump(card)
        return [
            h
            for h in self.constraints.holders
            if _may_take(self.constraints, h, card, room[h], trumps[h])
            and self.fills_all(room, trumps, h, trump)
        ]

    def give_back(self, card: int) -> None:
        """`card` is undealt again (the backtracking search)."""
        self._count(card, 1)

    def fills_all(self, room: list[int], trumps: list[int], holder: int, trump: bool) -> bool:
        """Whether, once `holder` gets the card, every holder can still reach its room and
        its least trumps from what is left, and the trumps and the plain cards left can all
        find a place (two poor seats leave theirs to the others)."""
        trump_places = plain_places = 0
        for other in self.constraints.holders:
            low, high = self.constraints.trumps[other]
            space = room[other] - (other == holder)
            held_trumps = trumps[other] + (other == holder and trump)
            usable_trumps = min(self.trump[other], high - held_trumps)
            if space > self.plain[other] + usable_trumps:
                return False
            needed_trumps = max(0, low - held_trumps)
            if needed_trumps > min(self.trump[other], space):
                return False
            trump_places += min(space, usable_trumps)
            plain_places += min(space - needed_trumps, self.plain[other])
        return trump_places >= self.left[True] and plain_places >= self.left[False]


def _weighted(options: list[int], room: list[int], rng: random.Random) -> int:
    if len(options) == 1:
        return options[0]
    pick = rng.random() * sum(room[h] for h in options)
    for holder in options:
        pick -= room[holder]
        if pick < 0:
            return holder
    return options[-1]


def _trumps_reached(constraints: Constraints, trumps: list[int]) -> bool:
    return all(trumps[h] >= constraints.trumps[h][0] for h in constraints.holders)


def _backtrack(constraints: Constraints, cards: list[int], rng: random.Random) -> list[int] | None:
    """A complete search for a consistent deal, holders tried in random order, a branch cut
    as soon as the cards left cannot fill every holder."""
    held, room, trumps = _start(constraints)
    holders = list(constraints.holders)
    order = sorted(cards, key=lambda c: sum(constraints.allowed[h] >> c & 1 for h in holders))
    supply = _Supply(constraints, order)

    steps = [0]

    def place(index: int) -> bool:
        steps[0] += 1
        if steps[0] > BACKTRACK_STEPS:
            return False
        if index == len(order):
            return _trumps_reached(constraints, trumps)
        card = order[index]
        trump = _is_trump(card)
        options = supply.places(card, room, trumps)
        rng.shuffle(options)
        for holder in options:
            held[holder] = mask_add(held[holder], card)
            room[holder] -= 1
            trumps[holder] += trump
            if place(index + 1):
                return True
            held[holder] = mask_remove(held[holder], card)
            room[holder] += 1
            trumps[holder] -= trump
        supply.give_back(card)
        return False

    return held if place(0) else None


def _with_own(view: SeatView, held: list[int]) -> World:
    held[view.seat] = view.hand.mask
    return World(tuple(held))


def hidden_of_world(view: SeatView, world: World) -> Hidden:
    """The `engine.Hidden` guess of a world, with Armut cards the seat did not see made up
    consistently: face down they are the world's; with the acceptor before his return, three
    of his cards; after the return, the returned cards are the poor player's trumps filled up
    with his lowest plain cards, and the given ones the same three. Where that would deny
    the acceptor's own declaration (a Hochzeit's both Q♣, an Armut's at most three trumps),
    the given cards are three others of his that keep it true."""
    held = world.held
    a, b, c, d = (CardSet(held[seat]) for seat in range(4))
    given = returned = None
    acts = [action for action in view.history if action.act is Act.ARMUT_GIVE and not action.cards]
    if acts:
        poor = acts[0].seat
        acceptor = view.armut_acceptor
        if acceptor is None:
            given = CardSet(held[FACE_DOWN])
        elif view.armut_trumps_returned is None:
            given = _three_for_poor(held[acceptor], held[poor])
            given = _keeping_declaration(view, acceptor, held[acceptor], 0, given)
        else:
            returned = given = _returned_guess(view, poor, held[poor])
            taken = mask_sum(held[acceptor], played_since(view, acceptor))
            given = _keeping_declaration(view, acceptor, taken, returned.mask, given)
    return Hidden((a, b, c, d), given, returned)


def _three_for_poor(acceptor: int, poor: int) -> CardSet:
    """Three of the acceptor's cards that the poor player could have held besides his own."""
    chosen: list[int] = []
    for card in _cards(acceptor):
        counts = CardSet(poor).count(CARDS[card]) + chosen.count(card)
        if counts < 2:
            chosen.append(card)
        if len(chosen) == ARMUT_CARDS:
            break
    return CardSet.of(CARDS[card] for card in chosen)


def played_since(view: SeatView, seat: int, index: int = 0) -> int:
    """The cards `seat` has played from history step `index` on (from the start: all of them):
    its cards at that step are the world's held cards and these."""
    since = 0
    for action in view.history[index:]:
        if action.act is Act.PLAY and action.seat == seat and action.card is not None:
            since = mask_add(since, action.card.index)
    return since


def _keeping_declaration(
    view: SeatView, acceptor: int, taken: int, returned: int, given: CardSet
) -> CardSet:
    """`given` if the acceptor's dealt hand (`taken` and `returned` less `given`) keeps his
    declaration true, else three of those cards that do: for a Hochzeit no Q♣, for an
    Armut as many trumps as there are."""
    declared = next((act for seat, act in view.declarations if seat == acceptor), None)
    if declared not in (Act.HOCHZEIT, Act.ARMUT):
        return given
    pool = _cards(taken) + _cards(returned)
    dealt = list(pool)
    for card in given:
        dealt.remove(card.index)
    if declared is Act.HOCHZEIT:
        if dealt.count(QUEEN_OF_CLUBS.index) == 2:
            return given
        pool = [card for card in pool if card != QUEEN_OF_CLUBS.index]
    elif sum(map(_is_trump, dealt)) <= ARMUT_MOST_TRUMPS:
        return given
    pool.sort(key=lambda card: not _is_trump(card))
    return CardSet.of(CARDS[card] for card in pool[:3])


def _returned_guess(view: SeatView, poor: int, held: int) -> CardSet:
    """The poor player's trumps (all came back) and his lowest plain cards, three in all."""
    post = CardSet(mask_sum(held, played_since(view, poor)))
    trumps = [card for card in post if _is_trump(card.index)]
    plain = sorted((card for card in post if not _is_trump(card.index)), key=lambda c: c.points)
    return CardSet.of((trumps + plain)[:3])
