"""docs/rules.md §2 and §3: trumps and plain suits per contract, checked over every pair
of cards."""

from __future__ import annotations

import itertools

import pytest

from engine import CARDS, Card, Contract, card_order, deck

DIAMOND_TRUMPS = "10H QC QS QH QD JC JS JH JD AD 10D KD 9D"
"""§2, first row: normal, Hochzeit, Armut, diamond solo, silent solo."""
A_10_K_9 = {"C": "AC 10C KC 9C", "S": "AS 10S KS 9S", "H": "AH 10H KH 9H", "D": "AD 10D KD 9D"}
HEARTS_WITHOUT_DULLE = "AH KH 9H"


def plain_without(rank: str) -> dict[str, str]:
    """Every suit A 10 K Q J 9, less the rank that is trump (queen and jack solos)."""
    return {
        suit: " ".join(f"{r}{suit}" for r in ("A", "10", "K", "Q", "J", "9") if r != rank)
        for suit in "CSHD"
    }


NORMAL_ORDER = (DIAMOND_TRUMPS, {"C": A_10_K_9["C"], "S": A_10_K_9["S"], "H": HEARTS_WITHOUT_DULLE})

ORDERS: dict[Contract, tuple[str, dict[str, str]]] = {
    Contract.NORMAL: NORMAL_ORDER,
    Contract.HOCHZEIT: NORMAL_ORDER,
    Contract.HOCHZEIT_SOLO: NORMAL_ORDER,
    Contract.ARMUT: NORMAL_ORDER,
    Contract.SILENT_SOLO: NORMAL_ORDER,
    Contract.SOLO_DIAMONDS: NORMAL_ORDER,
    Contract.SOLO_HEARTS: (
        "10H QC QS QH QD JC JS JH JD AH KH 9H",
        {"C": A_10_K_9["C"], "S": A_10_K_9["S"], "D": A_10_K_9["D"]},
    ),
    Contract.SOLO_SPADES: (
        "10H QC QS QH QD JC JS JH JD AS 10S KS 9S",
        {"C": A_10_K_9["C"], "D": A_10_K_9["D"], "H": HEARTS_WITHOUT_DULLE},
    ),
    Contract.SOLO_CLUBS: (
        "10H QC QS QH QD JC JS JH JD AC 10C KC 9C",
        {"S": A_10_K_9["S"], "D": A_10_K_9["D"], "H": HEARTS_WITHOUT_DULLE},
    ),
    Contract.SOLO_QUEENS: ("QC QS QH QD", plain_without("Q")),
    Contract.SOLO_JACKS: ("JC JS JH JD", plain_without("J")),
    Contract.SOLO_FLEISCHLOS: ("", plain_without("")),
}
"""§2 as a table: trumps high to low, and each plain suit high to low, in card notation."""

TRUMP_COUNTS = {
    Contract.NORMAL: 26,
    Contract.HOCHZEIT: 26,
    Contract.HOCHZEIT_SOLO: 26,
    Contract.ARMUT: 26,
    Contract.SILENT_SOLO: 26,
    Contract.SOLO_DIAMONDS: 26,
    Contract.SOLO_HEARTS: 24,
    Contract.SOLO_SPADES: 26,
    Contract.SOLO_CLUBS: 26,
    Contract.SOLO_QUEENS: 8,
    Contract.SOLO_JACKS: 8,
    Contract.SOLO_FLEISCHLOS: 0,
}
"""§2, the count column (both copies counted)."""

DIAMOND_TRUMP_CONTRACTS = [
    Contract.NORMAL,
    Contract.HOCHZEIT,
    Contract.HOCHZEIT_SOLO,
    Contract.ARMUT,
    Contract.SILENT_SOLO,
    Contract.SOLO_DIAMONDS,
]
"""§3: the contracts where ♦ are trumps, so a Schweinchen can exist."""


def ranking(trumps: str, plain: dict[str, str]) -> dict[str, tuple[str, int]]:
    """Per card: its suit class ('T' for trump, else the suit letter) and strength (higher wins)."""
    rank: dict[str, tuple[str, int]] = {}
    for suit, cards in [("T", trumps), *plain.items()]:
        row = cards.split()
        for position, card in enumerate(row):
            rank[card] = (suit, len(row) - position)
    return rank


def expected_beats(rank: dict[str, tuple[str, int]], later: str, best: str) -> bool:
    """§4: a trump beats any plain card, a plain card only a weaker card of its own suit;
    of identical cards the first played stays best."""
    later_suit, later_strength = rank[later]
    best_suit, best_strength = rank[best]
    if later_suit == "T" and best_suit != "T":
        return True
    return later_suit == best_suit and later_strength > best_strength


def with_schweinchen(trumps: str) -> str:
    """§3: both A♦ rank above the 10♥."""
    return " ".join(["AD", *(card for card in trumps.split() if card != "AD")])


def test_the_table_covers_every_contract() -> None:
    assert set(ORDERS) == set(Contract)
    assert set(TRUMP_COUNTS) == set(Contract)


@pytest.mark.parametrize("contract", list(Contract))
def test_the_table_names_each_card_type_once(contract: Contract) -> None:
    trumps, plain = ORDERS[contract]
    listed = trumps.split() + [card for row in plain.values() for card in row.split()]
    assert sorted(listed) == sorted(str(card) for card in CARDS)
    assert all(card.endswith(suit) for suit, row in plain.items() for card in row.split())


@pytest.mark.parametrize("contract", list(Contract))
def test_trumps_high_to_low(contract: Contract) -> None:
    trumps, _ = ORDERS[contract]
    order = card_order(contract)
    assert " ".join(str(card) for card in order.trumps) == trumps
    assert [str(card) for card in CARDS if order.is_trump(card)] == sorted(
        trumps.split(), key=lambda text: Card.parse(text).index
    )


@pytest.mark.parametrize("contract", list(Contract))
def test_trump_count_counts_both_copies(contract: Contract) -> None:
    trumps, _ = ORDERS[contract]
    order = card_order(contract)
    assert sum(order.is_trump(card) for card in deck()) == TRUMP_COUNTS[contract]
    assert 2 * len(trumps.split()) == TRUMP_COUNTS[contract]


def mismatches(contract: Contract, schweinchen: bool, trumps: str) -> list[str]:
    """Every ordered pair (later, best) where the engine disagrees with the table."""
    _, plain = ORDERS[contract]
    rank = ranking(trumps, plain)
    order = card_order(contract, schweinchen)
    wrong = []
    for later, best in itertools.product(CARDS, repeat=2):
        expected = expected_beats(rank, str(later), str(best))
        if order.beats(later, best) != expected:
            wrong.append(f"{later} after {best}: expected beats={expected}")
    return wrong


@pytest.mark.parametrize("contract", list(Contract))
def test_every_pair_of_cards(contract: Contract) -> None:
    trumps, _ = ORDERS[contract]
    assert mismatches(contract, False, trumps) == []


@pytest.mark.parametrize("contract", DIAMOND_TRUMP_CONTRACTS)
def test_every_pair_of_cards_with_schweinchen(contract: Contract) -> None:
    trumps, _ = ORDERS[contract]
    assert mismatches(contract, True, with_schweinchen(trumps)) == []


@pytest.mark.parametrize("contract", DIAMOND_TRUMP_CONTRACTS)
def test_schweinchen_puts_the_fox_over_the_dulle(contract: Contract) -> None:
    fox, dulle = Card.parse("AD"), Card.parse("10H")
    plain = card_order(contract)
    pig = card_order(contract, schweinchen=True)
    assert not plain.beats(fox, dulle)
    assert plain.beats(dulle, fox)
    assert pig.beats(fox, dulle)
    assert not pig.beats(dulle, fox)
    assert not pig.beats(fox, fox)
    assert sum(pig.is_trump(card) for card in deck()) == 26


@pytest.mark.parametrize(
    ("contract", "card", "suit"),
    [
        (Contract.NORMAL, "QS", "trump"),
        (Contract.NORMAL, "JC", "trump"),
        (Contract.NORMAL, "10H", "trump"),
        (Contract.NORMAL, "AH", "H"),
        (Contract.SOLO_HEARTS, "AD", "D"),
        (Contract.SOLO_HEARTS, "AH", "trump"),
        (Contract.SOLO_QUEENS, "JS", "S"),
        (Contract.SOLO_QUEENS, "10H", "H"),
        (Contract.SOLO_JACKS, "QS", "S"),
        (Contract.SOLO_FLEISCHLOS, "QS", "S"),
        (Contract.SOLO_FLEISCHLOS, "10H", "H"),
    ],
)
def test_suit_a_card_follows(contract: Contract, card: str, suit: str) -> None:
    """§2: whether a card is a trump belongs to the contract; a Q♠ is a trump, not a spade,
    in a normal game."""
    assert card_order(contract).is_trump(Card.parse(card)) == (suit == "trump")
