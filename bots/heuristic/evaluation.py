"""Hand values for reservations and announcements: rough expected strength per contract.

The numbers are tuned with the arena (`python -m bots.arena`); they are not probabilities.
"""

from __future__ import annotations

from engine import TRUMP, Card, CardSet, Contract, card_order
from engine.cards import Rank, Suit

_TOP_TRUMP_BONUS = (0.9, 0.7, 0.5, 0.3, 0.2)
"""Extra value of the five highest trumps of a contract (10♥, Q♣, Q♠, … in a colour game)."""


def _trumps(hand: CardSet, contract: Contract) -> list[Card]:
    order = card_order(contract)
    return [card for card in hand if order.suit_of[card.index] == TRUMP]


def _plain_by_suit(hand: CardSet, contract: Contract) -> dict[int, list[Card]]:
    order = card_order(contract)
    suits: dict[int, list[Card]] = {suit: [] for suit in range(4)}
    for card in hand:
        suit = order.suit_of[card.index]
        if suit != TRUMP:
            suits[suit].append(card)
    return suits


def _plain_suits_present(contract: Contract) -> list[int]:
    order = card_order(contract)
    return [suit for suit in range(4) if order.follow_masks[suit]]


def trump_value(hand: CardSet, contract: Contract) -> float:
    """Each trump counts 1, the highest ones more."""
    order = card_order(contract)
    value = 0.0
    for card in _trumps(hand, contract):
        position = order.trumps.index(card)
        value += 1 + (_TOP_TRUMP_BONUS[position] if position < len(_TOP_TRUMP_BONUS) else 0)
    return value


def side_value(hand: CardSet, contract: Contract) -> float:
    """Aces (stronger in short suits), an ace-ten pair, and voids when there are trumps to ruff."""
    trumps = len(_trumps(hand, contract))
    value = 0.0
    for suit, cards in _plain_by_suit(hand, contract).items():
        if suit not in _plain_suits_present(contract):
            continue
        aces = sum(1 for card in cards if card.rank is Rank.ACE)
        tens = sum(1 for card in cards if card.rank is Rank.TEN)
        value += aces * (1.0 if len(cards) <= 3 or not trumps else 0.7)
        value += 0.4 * min(aces, tens)
        if not cards and trumps >= 4:
            value += 0.6
    return value


def hand_value(hand: CardSet, contract: Contract) -> float:
    return trump_value(hand, contract) + side_value(hand, contract)


def plain_losers(hand: CardSet, contract: Contract) -> int:
    """Plain cards that are neither aces nor a ten next to an ace: likely lost tricks."""
    losers = 0
    for cards in _plain_by_suit(hand, contract).values():
        aces = sum(1 for card in cards if card.rank is Rank.ACE)
        losers += max(0, len(cards) - aces - (1 if aces == 2 else 0))
    return losers


def solo_value(hand: CardSet, contract: Contract) -> float:
    """How well `hand` plays `contract` alone against three: value less the plain losers."""
    return hand_value(hand, contract) - 0.8 * plain_losers(hand, contract)


def has_both(hand: CardSet, card: Card) -> bool:
    return hand.count(card) == 2


QUEEN_OF_CLUBS = Card(Suit.CLUBS, Rank.QUEEN)
