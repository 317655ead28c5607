"""Contracts and their card orders (docs/rules.md §2 and §3).

Whether a card is a trump belongs to the contract, never to the card: each contract has a
`CardOrder` table saying, per card type, which suit it follows (a plain suit or the trump suit)
and how strong it is. A solo is mostly a different table.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from engine.cards import CARDS, DULLE, FOX, Card, Rank, Suit
from engine.errors import EngineError

TRUMP = 4
"""The suit class of every trump: all trumps form one suit for following."""


class Contract(StrEnum):
    """What is played; the values are the names of docs/record-format.md."""

    NORMAL = "normal"
    HOCHZEIT = "hochzeit"
    HOCHZEIT_SOLO = "hochzeit-solo"
    ARMUT = "armut"
    SILENT_SOLO = "silent-solo"
    SOLO_DIAMONDS = "solo-diamonds"
    SOLO_HEARTS = "solo-hearts"
    SOLO_SPADES = "solo-spades"
    SOLO_CLUBS = "solo-clubs"
    SOLO_QUEENS = "solo-queens"
    SOLO_JACKS = "solo-jacks"
    SOLO_FLEISCHLOS = "solo-fleischlos"

    @property
    def is_solo(self) -> bool:
        """One Re player against three; scored ×3 and without extras (§8.3, §8.4)."""
        return self not in TEAM_GAMES and self is not Contract.HOCHZEIT

    @property
    def is_declared_solo(self) -> bool:
        return self in DECLARED_SOLOS

    @property
    def diamonds_are_trumps(self) -> bool:
        return self not in DECLARED_SOLOS or self is Contract.SOLO_DIAMONDS


ARMUT_CARDS = 3
"""§5: the cards an Armut hands over, all its trumps among them, and the cards given back."""
ARMUT_MOST_TRUMPS = 3
"""§5: the most trumps a hand declaring Armut holds."""
HOCHZEIT_TRICKS = 3
"""§5: the first tricks whose winner other than the Hochzeit's declarer becomes the partner;
a declarer who takes them all plays alone."""

TEAM_GAMES = frozenset({Contract.NORMAL, Contract.ARMUT})
DECLARED_SOLOS = frozenset(
    {
        Contract.SOLO_DIAMONDS,
        Contract.SOLO_HEARTS,
        Contract.SOLO_SPADES,
        Contract.SOLO_CLUBS,
        Contract.SOLO_QUEENS,
        Contract.SOLO_JACKS,
        Contract.SOLO_FLEISCHLOS,
    }
)
"""The solos a seat declares as its reservation (§5); a silent solo and a Hochzeit played
alone are solos nobody declared."""

_QUEENS = [Card(suit, Rank.QUEEN) for suit in Suit]
_JACKS = [Card(suit, Rank.JACK) for suit in Suit]


def _suit_trumps(suit: Suit) -> list[Card]:
    """A♠ 10♠ K♠ 9♠ style bottom of a colour solo; hearts lack the 10, which is the Dulle."""
    ranks = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE)
    return [Card(suit, rank) for rank in ranks if Card(suit, rank) != DULLE]


def _colour_trumps(suit: Suit) -> list[Card]:
    return [DULLE, *_QUEENS, *_JACKS, *_suit_trumps(suit)]


_PLAIN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)

_TRUMPS_BY_CONTRACT: dict[Contract, list[Card]] = {
    Contract.SOLO_HEARTS: _colour_trumps(Suit.HEARTS),
    Contract.SOLO_SPADES: _colour_trumps(Suit.SPADES),
    Contract.SOLO_CLUBS: _colour_trumps(Suit.CLUBS),
    Contract.SOLO_QUEENS: _QUEENS,
    Contract.SOLO_JACKS: _JACKS,
    Contract.SOLO_FLEISCHLOS: [],
}
NORMAL_TRUMPS = _colour_trumps(Suit.DIAMONDS)


@dataclass(frozen=True)
class CardOrder:
    """Per card type: the suit class it follows (0–3 plain, `TRUMP`) and its strength.

    This is the one place that decides whether a later card beats the trick's best card
    (§2, §4): the engine's tricks and every bot helper ask `beats` or `beaten_by`.
    """

    trumps: tuple[Card, ...]
    suit_of: tuple[int, ...]
    strength: tuple[int, ...]
    follow_masks: tuple[int, ...]
    """Per suit class, the 24-bit mask of card types that follow it."""
    stronger: tuple[int, ...]
    """Per card type, the 24-bit mask of card types that beat it when played later (the
    second-Dulle exception aside, see `beaten_by`)."""
    second_dulle: bool = False
    """`second_dulle_beats_first` is on and the 10♥ is a trump in this contract (§4)."""

    @property
    def trump_mask(self) -> int:
        return self.follow_masks[TRUMP]

    def is_trump(self, card: Card) -> bool:
        return self.suit_of[card.index] == TRUMP

    def beats(self, card: Card, best: Card, last_trick: bool = False) -> bool:
        """Whether `card`, played later, beats the trick's current best card: identical
        cards go to the first played, but for the second Dulle outside the last trick."""
        return beats_index(self, card.index, best.index, last_trick)

    def beaten_by(self, best: int, last_trick: bool = False) -> int:
        """The 24-bit mask of card types that beat card type `best` when played later."""
        if self.second_dulle and best == DULLE_INDEX and not last_trick:
            return self.stronger[best] | 1 << DULLE_INDEX
        return self.stronger[best]


def beats_index(order: CardOrder, card: int, best: int, last_trick: bool = False) -> bool:
    """`CardOrder.beats` on card type indices (the engine's hot path)."""
    suit = order.suit_of[card]
    if suit != TRUMP and suit != order.suit_of[best]:
        return False
    if order.strength[card] > order.strength[best]:
        return True
    return order.second_dulle and card == best == DULLE_INDEX and not last_trick


DULLE_INDEX = DULLE.index


@cache
def card_order(
    contract: Contract, schweinchen: bool = False, second_dulle: bool = False
) -> CardOrder:
    """The order for a contract; with `schweinchen` both A♦ top the trumps (§3); with
    `second_dulle` (the rule set's toggle) the second 10♥ beats the first where it is a trump."""
    trumps = list(_TRUMPS_BY_CONTRACT.get(contract, NORMAL_TRUMPS))
    if schweinchen and not contract.diamonds_are_trumps:
        raise EngineError(f"no Schweinchen in {contract}: diamonds are not trumps")
    if schweinchen:
        trumps.remove(FOX)
        trumps.insert(0, FOX)
    suit_of = [TRUMP if card in trumps else int(card.suit) for card in CARDS]
    strength = [0] * len(CARDS)
    for position, card in enumerate(trumps):
        strength[card.index] = 100 - position
    for card in CARDS:
        if card not in trumps:
            strength[card.index] = len(_PLAIN_RANKS) - _PLAIN_RANKS.index(card.rank)
    masks = tuple(
        sum(1 << card.index for card in CARDS if suit_of[card.index] == suit) for suit in range(5)
    )
    stronger = tuple(
        sum(
            1 << other.index
            for other in CARDS
            if suit_of[other.index] in (TRUMP, suit_of[card.index])
            and strength[other.index] > strength[card.index]
        )
        for card in CARDS
    )
    dulle_rule = second_dulle and DULLE in trumps
    return CardOrder(tuple(trumps), tuple(suit_of), tuple(strength), masks, stronger, dulle_rule)
