"""Hand values for reservations and announcements: rough expected strength per contract.

The numbers are tuned with the arena (`python -m bots.arena`); they are not probabilities.
The search bot weighs thousands of sampled hands with them, so they count on card masks.
"""

from __future__ import annotations

from functools import cache

from engine import Card, CardSet, Contract, card_order
from engine.cards import TYPE_MASK, TYPES, Rank, Suit, mask_indices

_TOP_TRUMP_BONUS = (0.9, 0.7, 0.5, 0.3, 0.2)
"""Extra value of the five highest trumps of a contract (10♥, Q♣, Q♠, … in a colour game)."""


def _count(hand: CardSet, types: int) -> int:
    """How many of the hand's cards are of the given card types (doubles count twice)."""
    return (hand.mask & types).bit_count() + (hand.mask >> TYPES & types).bit_count()


def _plain_suits_present(contract: Contract) -> list[int]:
    order = card_order(contract)
    return [suit for suit in range(4) if order.follow_masks[suit]]


@cache
def _trump_worth(contract: Contract) -> dict[int, float]:
    """Per trump type of the contract, what one copy adds to `trump_value`."""
    order = card_order(contract)
    return {
        card.index: 1 + (_TOP_TRUMP_BONUS[position] if position < len(_TOP_TRUMP_BONUS) else 0)
        for position, card in enumerate(order.trumps)
    }


def trump_value(hand: CardSet, contract: Contract) -> float:
    """Each trump counts 1, the highest ones more (added card by card in deck order)."""
    worth = _trump_worth(contract)
    value = 0.0
    for index in mask_indices(hand.mask & TYPE_MASK & card_order(contract).trump_mask):
        value += worth[index]
        if hand.mask >> (index + TYPES) & 1:
            value += worth[index]
    return value


_ACE_AND_TEN = tuple(
    (1 << Card(suit, Rank.ACE).index, 1 << Card(suit, Rank.TEN).index) for suit in Suit
)
"""Per suit, the masks of its ace and its ten (asked for thousands of sampled hands)."""


def _suit_counts(hand: CardSet, contract: Contract, suit: int) -> tuple[int, int, int]:
    """Cards, aces and tens the hand holds in a plain suit of the contract."""
    plain = card_order(contract).follow_masks[suit]
    ace, ten = _ACE_AND_TEN[suit]
    return _count(hand, plain), _count(hand, plain & ace), _count(hand, plain & ten)


def side_value(hand: CardSet, contract: Contract) -> float:
    """Aces (stronger in short suits), an ace-ten pair, and voids when there are trumps to ruff."""
    trumps = _count(hand, card_order(contract).trump_mask)
    value = 0.0
    for suit in _plain_suits_present(contract):
        cards, aces, tens = _suit_counts(hand, contract, suit)
        value += aces * (1.0 if cards <= 3 or not trumps else 0.7)
        value += 0.4 * min(aces, tens)
        if not cards and trumps >= 4:
            value += 0.6
    return value


def hand_value(hand: CardSet, contract: Contract) -> float:
    return trump_value(hand, contract) + side_value(hand, contract)


def plain_losers(hand: CardSet, contract: Contract) -> int:
    """Plain cards that are neither aces nor a ten next to an ace: likely lost tricks."""
    losers = 0
    for suit in range(4):
        cards, aces, _ = _suit_counts(hand, contract, suit)
        losers += max(0, cards - aces - (1 if aces == 2 else 0))
    return losers


def solo_value(hand: CardSet, contract: Contract) -> float:
    """How well `hand` plays `contract` alone against three: value less the plain losers."""
    return hand_value(hand, contract) - 0.8 * plain_losers(hand, contract)


def has_both(hand: CardSet, card: Card) -> bool:
    return hand.count(card) == 2
