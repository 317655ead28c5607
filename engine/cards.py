"""Cards of the double deck, their points and the docs/rules.md §1 notation.

A card *type* is an index 0..23 in deck order (AC 10C KC QC JC 9C AS … 9D); the deck holds
each type twice. A hand is a multiset held in one integer (`CardSet`): bit i is the first copy
of type i and bit i + 24 the second, so adding, removing and following suit are a few integer
operations on the bots' hot path.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import IntEnum

from engine.errors import CardCountError, CardError


class Suit(IntEnum):
    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        return "♣♠♥♦"[self]


class Rank(IntEnum):
    ACE = 0
    TEN = 1
    KING = 2
    QUEEN = 3
    JACK = 4
    NINE = 5

    @property
    def text(self) -> str:
        return ("A", "10", "K", "Q", "J", "9")[self]

    @property
    def points(self) -> int:
        return (11, 10, 4, 3, 2, 0)[self]


TYPES = 24
TYPE_MASK = (1 << TYPES) - 1
_INTERNED: dict[tuple[int, int], Card] = {}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 24 card types; the two copies in the deck are indistinguishable.

    There is exactly one instance per type (`Card(suit, rank)` returns it), so equality is
    identity: scoring and the bots' look-ahead compare cards in their inner loops. The hash
    is the type index, so sets of cards iterate alike in every process."""

    suit: Suit
    rank: Rank

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        interned = _INTERNED.get((suit, rank))
        if interned is None:
            interned = object.__new__(cls)
            _INTERNED[(suit, rank)] = interned
        return interned

    def __hash__(self) -> int:
        return self.suit * 6 + self.rank

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        """Copies and pickles come back as the one instance of their type."""
        return Card, (self.suit, self.rank)

    @property
    def index(self) -> int:
        return self.suit * 6 + self.rank

    @property
    def points(self) -> int:
        return self.rank.points

    def __str__(self) -> str:
        return self.rank.text + self.suit.letter

    def __repr__(self) -> str:
        return f"Card({self})"

    @staticmethod
    def parse(text: str) -> Card:
        """Reads `QC`, `10H`, …; raises `CardError` naming the bad string."""
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is None:
            raise CardError(text)
        return card


CARDS: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
_BY_TEXT = {str(card): card for card in CARDS}
POINTS: tuple[int, ...] = tuple(card.points for card in CARDS)

QUEEN_OF_CLUBS = Card(Suit.CLUBS, Rank.QUEEN)
"""Its holder plays Re in a normal game; both make a Hochzeit or a silent solo (§2, §5)."""
FOX = Card(Suit.DIAMONDS, Rank.ACE)
"""Caught by the other team it scores an extra point (§8.3); both with one seat make a
Schweinchen (§3)."""
CHARLIE = Card(Suit.CLUBS, Rank.JACK)
"""Winning the last trick, or caught in it, scores an extra point (§8.3)."""
DULLE = Card(Suit.HEARTS, Rank.TEN)
"""The highest trump in a normal game; with a toggle the second beats the first (§4)."""


def parse_cards(text: str) -> list[Card]:
    """Reads cards separated by single spaces, e.g. a hand of a record, as they are
    written: a tab, a line break, a no-break space or a second space inside a record's hand
    is a sign that the record was altered on its way, so it is refused as a bad card (an
    empty string) rather than read."""
    return [Card.parse(part) for part in text.split(" ")] if text else []


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def deck(without_nines: bool = False) -> list[Card]:
    """The full deck in deck order, each type twice (first copies, then second copies)."""
    types = [card for card in CARDS if not (without_nines and card.rank is Rank.NINE)]
    return types + types


# Raw multiset operations on the integer representation; CardSet wraps them.


def mask_add(mask: int, index: int) -> int:
    bit = 1 << index
    return mask | (bit << TYPES if mask & bit else bit)


def mask_remove(mask: int, index: int) -> int:
    high = 1 << (index + TYPES)
    return mask & ~high if mask & high else mask & ~(1 << index)


def mask_sum(one: int, other: int) -> int:
    """Both multisets together, in one step: a type in both, or twice in either, fills the
    second copy's bit (at most two copies of a type between them)."""
    low_one, low_other = one & TYPE_MASK, other & TYPE_MASK
    second = (one | other) >> TYPES | low_one & low_other
    return low_one | low_other | second << TYPES


def mask_types(mask: int) -> int:
    """The card types present at least once, as a 24-bit mask."""
    return (mask | (mask >> TYPES)) & TYPE_MASK


def mask_indices(mask: int) -> Iterator[int]:
    """Card type indices of a 24-bit type mask, in deck order."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_points(mask: int) -> int:
    return sum(POINTS[i] for i in mask_indices(mask & TYPE_MASK)) + sum(
        POINTS[i] for i in mask_indices(mask >> TYPES)
    )


@dataclass(frozen=True, slots=True)
class CardSet:
    """A multiset of cards (each type at most twice), immutable, backed by an int."""

    mask: int = 0

    @staticmethod
    def of(cards: Iterable[Card]) -> CardSet:
        """Builds the set; raises `CardCountError` when a type would appear three times."""
        mask = 0
        for card in cards:
            if mask >> (card.index + TYPES) & 1:
                raise CardCountError(f"{card} three times (the deck holds two)")
            mask = mask_add(mask, card.index)
        return CardSet(mask)

    @staticmethod
    def parse(text: str) -> CardSet:
        return CardSet.of(parse_cards(text))

    def count(self, card: Card) -> int:
        return (self.mask >> card.index & 1) + (self.mask >> (card.index + TYPES) & 1)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask >> card.index & 1)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        """Cards in deck order, a doubled card twice."""
        for index in mask_indices(mask_types(self.mask)):
            yield CARDS[index]
            if self.mask >> (index + TYPES) & 1:
                yield CARDS[index]

    def add(self, card: Card) -> CardSet:
        if self.count(card) == 2:
            raise CardCountError(f"{card} three times (the deck holds two)")
        return CardSet(mask_add(self.mask, card.index))

    def remove(self, card: Card) -> CardSet:
        if card not in self:
            raise CardCountError(f"{card} is not in {self}")
        return CardSet(mask_remove(self.mask, card.index))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet.of([*self, *other])

    def issuperset(self, other: CardSet) -> bool:
        return all(self.count(card) >= other.count(card) for card in set(other))

    def __sub__(self, other: CardSet) -> CardSet:
        result = self
        for card in other:
            result = result.remove(card)
        return result

    @property
    def points(self) -> int:
        return mask_points(self.mask)

    def __str__(self) -> str:
        return format_cards(self)
