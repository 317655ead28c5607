"""docs/rules.md §1: the cards of the double deck, their points and the text notation."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine import Card, CardCountError, CardError, CardSet, Rank, Suit
from engine.cards import mask_sum

DECK_ORDER = "AC 10C KC QC JC 9C AS 10S KS QS JS 9S AH 10H KH QH JH 9H AD 10D KD QD JD 9D"
"""The 24 card types in the order §1 writes them: suits C S H D, ranks A 10 K Q J 9."""

SUIT_OF_LETTER = {"C": Suit.CLUBS, "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS}
RANK_OF_TEXT = {
    "A": Rank.ACE,
    "10": Rank.TEN,
    "K": Rank.KING,
    "Q": Rank.QUEEN,
    "J": Rank.JACK,
    "9": Rank.NINE,
}
POINTS_OF_RANK = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}


def split_notation(text: str) -> tuple[str, str]:
    """Rank text and suit letter of a card written in §1 notation."""
    return text[:-1], text[-1]


@pytest.mark.parametrize("text", DECK_ORDER.split())
def test_card_notation_round_trip(text: str) -> None:
    rank, suit = split_notation(text)
    card = Card.parse(text)
    assert str(card) == text
    assert card.suit is SUIT_OF_LETTER[suit]
    assert card.rank is RANK_OF_TEXT[rank]
    assert card.points == POINTS_OF_RANK[rank]


def test_the_24_types_are_distinct_and_in_deck_order() -> None:
    assert engine.format_cards(engine.CARDS) == DECK_ORDER
    assert len(set(engine.CARDS)) == 24


@pytest.mark.parametrize(
    "bad",
    ["1H", "QX", "", "10", "qc", "Qc", "qC", "10h", "AC ", " AC", "A", "C", "11H", "AC AD", "♣Q"],
)
def test_bad_card_string_raises_card_error_naming_it(bad: str) -> None:
    with pytest.raises(CardError) as caught:
        Card.parse(bad)
    assert repr(bad) in str(caught.value)


@pytest.mark.parametrize("bad", ["1H", "QX", "10", "qc"])
def test_bad_card_in_a_list_names_the_bad_card(bad: str) -> None:
    """A hand in a record is a list; the error must point at the one bad card."""
    for parse in (engine.parse_cards, CardSet.parse):
        with pytest.raises(CardError) as caught:
            parse(f"AC {bad} 9D")
        assert repr(bad) in str(caught.value)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("", ""),
        ("QC", "QC"),
        ("9D QC 10H AC", "AC QC 10H 9D"),
        ("QC 9D QC AH", "QC QC AH 9D"),
        ("10H JS 10H JS", "JS JS 10H 10H"),
        (DECK_ORDER, DECK_ORDER),
        (
            "9D JD QD KD 10D AD 9H JH QH KH 10H AH 9S JS QS KS 10S AS 9C JC QC KC 10C AC",
            DECK_ORDER,
        ),
    ],
)
def test_card_set_text_is_deck_order_and_round_trips(text: str, canonical: str) -> None:
    cards = CardSet.parse(text)
    assert str(cards) == canonical
    assert CardSet.parse(str(cards)) == cards
    assert len(cards) == len(text.split())


@pytest.mark.parametrize(
    ("without_nines", "size", "ranks"),
    [(False, 48, {"A", "10", "K", "Q", "J", "9"}), (True, 40, {"A", "10", "K", "Q", "J"})],
)
def test_deck_has_every_type_twice_and_240_points(
    without_nines: bool, size: int, ranks: set[str]
) -> None:
    cards = engine.deck(without_nines)
    assert len(cards) == size
    expected = {text: 2 for text in DECK_ORDER.split() if split_notation(text)[0] in ranks}
    assert Counter(str(card) for card in cards) == expected
    assert sum(card.points for card in cards) == 240
    assert CardSet.of(cards).points == 240


@pytest.mark.parametrize(
    ("text", "points"),
    [("", 0), ("AC", 11), ("AC AC", 22), ("10H 10H QC JD", 25), ("9C 9S 9H 9D", 0), ("KD QS", 7)],
)
def test_card_set_points(text: str, points: int) -> None:
    assert CardSet.parse(text).points == points


@pytest.mark.parametrize(
    ("text", "card", "count"),
    [("", "QC", 0), ("QC", "QC", 1), ("QC QC", "QC", 2), ("QC QC", "QS", 0), ("AH QC AH", "AH", 2)],
)
def test_card_set_counts_copies(text: str, card: str, count: int) -> None:
    cards = CardSet.parse(text)
    assert cards.count(Card.parse(card)) == count
    assert (Card.parse(card) in cards) == (count > 0)


def test_card_set_add_and_remove_one_copy_at_a_time() -> None:
    queen = Card.parse("QC")
    one = CardSet.parse("9D").add(queen)
    two = one.add(queen)
    assert (one.count(queen), two.count(queen), len(two)) == (1, 2, 3)
    assert str(two) == "QC QC 9D"
    assert two.remove(queen) == one
    assert two.remove(queen).remove(queen) == CardSet.parse("9D")


def test_card_set_is_immutable_under_add_and_remove() -> None:
    cards = CardSet.parse("QC AD")
    cards.add(Card.parse("QC"))
    cards.remove(Card.parse("AD"))
    assert str(cards) == "QC AD"


@pytest.mark.parametrize(("text", "card"), [("", "QC"), ("QS AD", "QC"), ("QC", "QS")])
def test_removing_an_absent_card_is_refused(text: str, card: str) -> None:
    with pytest.raises(CardCountError):
        CardSet.parse(text).remove(Card.parse(card))


@pytest.mark.parametrize("text", ["QC QC QC", "AD 9C AD 10H AD", f"{DECK_ORDER} {DECK_ORDER} 9D"])
def test_a_third_copy_is_refused_when_building_a_set(text: str) -> None:
    with pytest.raises(CardCountError):
        CardSet.parse(text)


def test_a_third_copy_is_refused_by_union() -> None:
    with pytest.raises(CardCountError):
        CardSet.parse("QC QC") | CardSet.parse("QC")


def test_a_third_copy_is_refused_by_add() -> None:
    """The set holds each type at most twice; adding a third copy must not pass silently."""
    with pytest.raises(CardCountError):
        CardSet.parse("QC QC").add(Card.parse("QC"))


@pytest.mark.parametrize(
    ("left", "right", "union"),
    [("QC AD", "QC 9S", "QC QC 9S AD"), ("AC 10H", "", "AC 10H"), ("9D", "AC", "AC 9D")],
)
def test_card_set_union_keeps_both_copies(left: str, right: str, union: str) -> None:
    assert str(CardSet.parse(left) | CardSet.parse(right)) == union


@pytest.mark.parametrize(
    ("left", "right", "total"),
    [
        ("QC AD", "QC 9S", "QC QC 9S AD"),
        ("QC QC", "AD", "QC QC AD"),
        ("", "10H 10H", "10H 10H"),
        ("AC KS 9D", "", "AC KS 9D"),
    ],
)
def test_mask_sum_is_the_union_one_copy_at_a_time(left: str, right: str, total: str) -> None:
    """The bots' one-step multiset sum and the set's card-by-card union agree, copies
    included, whichever side holds the first copy."""
    one, other = CardSet.parse(left), CardSet.parse(right)
    assert CardSet(mask_sum(one.mask, other.mask)) == CardSet.parse(total) == one | other
    assert mask_sum(other.mask, one.mask) == mask_sum(one.mask, other.mask)


@pytest.mark.parametrize(
    ("left", "right", "difference"),
    [("QC QC AD", "QC", "QC AD"), ("QC QC AD", "QC QC", "AD"), ("AC 10H", "", "AC 10H")],
)
def test_card_set_difference_removes_copies(left: str, right: str, difference: str) -> None:
    a, b = CardSet.parse(left), CardSet.parse(right)
    assert a.issuperset(b)
    assert str(a - b) == difference


@pytest.mark.parametrize(("left", "right"), [("QC AD", "QC 9S"), ("QC", "QC QC"), ("", "AC")])
def test_card_set_difference_of_a_missing_card_is_refused(left: str, right: str) -> None:
    a, b = CardSet.parse(left), CardSet.parse(right)
    assert not a.issuperset(b)
    with pytest.raises(CardCountError):
        a - b
