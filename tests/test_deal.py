"""docs/rules.md §1: every deal is a pure function of (game seed, hand number, redeal number)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import Deal, deal, deck

SEEDS = ["doko-test-vector", "", "2024-05-01", "daily/2030-12-31", "Ümlaut ♣ seed", "x" * 300]


def cards_of(result: Deal) -> Counter[str]:
    """All cards of a deal as a multiset of notation strings."""
    return Counter(str(card) for hand in result.hands for card in hand)


FIRST_DEALERS = {
    "doko-test-vector": 1,
    "": 3,
    "2024-05-01": 1,
    "daily/2030-12-31": 3,
    "Ümlaut ♣ seed": 1,
    "x" * 300: 2,
}
"""The first dealer of each of `SEEDS`, worked out once outside the project as deal.py's
docstring defines it (the first byte of `printf 'doko-dealer/1|<seed>' | sha256sum`, mod 4):
changing the rule moves the first dealer of every stored and daily game."""


@pytest.mark.parametrize("without_nines", [False, True])
@pytest.mark.parametrize(("hand", "redeal"), [(0, 0), (0, 1), (1, 0), (7, 2), (11, 0)])
@pytest.mark.parametrize("seed", SEEDS)
def test_same_arguments_give_the_same_deal(
    seed: str, hand: int, redeal: int, without_nines: bool
) -> None:
    assert deal(seed, hand, redeal, without_nines) == deal(seed, hand, redeal, without_nines)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (("s", 0, 0), ("s", 1, 0)),
        (("s", 0, 0), ("s", 4, 0)),
        (("s", 3, 0), ("s", 7, 0)),
        (("s", 0, 0), ("s", 0, 1)),
        (("s", 2, 1), ("s", 2, 2)),
        (("s", 0, 0), ("t", 0, 0)),
        (("doko", 0, 0), ("doko ", 0, 0)),
    ],
)
@pytest.mark.parametrize("without_nines", [False, True])
def test_other_hand_redeal_or_seed_gives_another_deal(
    first: tuple[str, int, int], second: tuple[str, int, int], without_nines: bool
) -> None:
    one = deal(*first, without_nines=without_nines)
    other = deal(*second, without_nines=without_nines)
    assert one.hands != other.hands


@pytest.mark.parametrize(("without_nines", "each"), [(False, 12), (True, 10)])
@pytest.mark.parametrize(("hand", "redeal"), [(0, 0), (1, 0), (5, 3)])
@pytest.mark.parametrize("seed", SEEDS)
def test_deal_is_exactly_the_deck(
    seed: str, hand: int, redeal: int, without_nines: bool, each: int
) -> None:
    result = deal(seed, hand, redeal, without_nines)
    assert [len(cards) for cards in result.hands] == [each] * 4
    assert cards_of(result) == Counter(str(card) for card in deck(without_nines))
    if without_nines:
        assert not any(card.startswith("9") for card in cards_of(result))


@pytest.mark.parametrize("seed", SEEDS)
def test_first_dealer_is_the_documented_hash(seed: str) -> None:
    assert deal(seed, 0).dealer == FIRST_DEALERS[seed]
    assert deal(seed, 0, without_nines=True).dealer == FIRST_DEALERS[seed]


def test_first_dealer_depends_on_the_seed() -> None:
    dealers = {deal(f"game-{number}", 0).dealer for number in range(40)}
    assert dealers == {0, 1, 2, 3}


@pytest.mark.parametrize("seed", SEEDS)
def test_dealer_passes_left_each_hand_and_stays_on_redeal(seed: str) -> None:
    first = FIRST_DEALERS[seed]
    for hand in range(13):
        for redeal in range(3):
            assert deal(seed, hand, redeal).dealer == (first + hand) % 4


def test_redeal_gives_new_cards_to_the_same_dealer() -> None:
    deals = [deal("redeal", 2, redeal) for redeal in range(4)]
    assert len({result.dealer for result in deals}) == 1
    assert len({result.hands for result in deals}) == 4


VECTORS = [
    (
        False,
        1,
        [
            "QC 9C KS KS JS AH 10H QH JH 10D 10D KD",
            "AC JC AS 10S 10S 9S 10H KH 9H AD AD JD",
            "AC JC QS JS 9S AH QH 9H QD QD JD 9D",
            "10C 10C KC KC QC 9C AS QS KH JH KD 9D",
        ],
    ),
    (
        True,
        1,
        [
            "10C QC JC JC QS JS 10H 10H QH JD",
            "AC AS QS JS AH KH JH AD AD JD",
            "AC AS 10S 10S KS KH 10D KD KD QD",
            "10C KC KC QC KS AH QH JH 10D QD",
        ],
    ),
]
"""Frozen deals for seed "doko-test-vector", hand 0, redeal 0: stored games and the daily game
depend on the shuffle never changing."""


@pytest.mark.parametrize(("without_nines", "dealer", "hands"), VECTORS)
def test_pinned_test_vector(without_nines: bool, dealer: int, hands: list[str]) -> None:
    result = deal("doko-test-vector", 0, 0, without_nines)
    assert result.dealer == dealer == FIRST_DEALERS["doko-test-vector"]
    assert [str(cards) for cards in result.hands] == hands
