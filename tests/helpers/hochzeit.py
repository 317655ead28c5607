"""Rigged Hochzeit hands and the tricks that find (or miss) the partner. Shared by several test
modules (moved out of `tests/test_hochzeit.py`, so that no test module imports another)."""

from __future__ import annotations

from engine import Hand, RuleSet
from tests.scripting import rigged_hand, run

# Dealer 3, so seat 0 (holder of both Q♣) is forehand and leads each trick until someone
# else wins one. Seat 0 wins a trick by leading 10♥ (tricks 1, 2) or Q♣ (trick 3) and loses
# one by leading 9♦ under a queen.
HANDS = [
    "10H 10H QC QC 9D 9D AC AC AS AS AH AH",
    "QS QD JC JS JH JD AD 10C KC 9C 10S 9H",
    "QS QD JC JS JH JD AD 10C KC 9C 10S 9H",
    "QH QH 10D 10D KD KD KS KS 9S 9S KH KH",
]

RESERVATIONS = "0 hochzeit; 1 healthy; 2 healthy; 3 healthy"

WINNING_LEAD = {1: "10H", 2: "10H", 3: "QC"}

LOW_CARD = {
    1: {1: "JD", 2: "JH", 3: "JS"},
    2: {1: "JD", 2: "JH", 3: "JS"},
    3: {1: "KD", 2: "KD", 3: "10D"},
}

HIGH_CARD = {1: "QS", 2: "QS", 3: "QH"}


def trick_plays(number: int, winner: int) -> list[str]:
    """The four plays of trick `number` (1-3), led by seat 0 and won by `winner`."""
    lead = WINNING_LEAD[number] if winner == 0 else "9D"
    plays = [f"0 play {lead}"]
    for seat in (1, 2, 3):
        card = HIGH_CARD[seat] if seat == winner else LOW_CARD[seat][number]
        plays.append(f"{seat} play {card}")
    return plays


def winners_for(clarification: int, partner: int | None) -> list[int]:
    """Seat 0 wins the tricks before the clarification trick, `partner` wins that trick;
    with no partner seat 0 wins all three."""
    if partner is None:
        return [0, 0, 0]
    return [0] * (clarification - 1) + [partner]


def hochzeit(rules: RuleSet, winners: list[int]) -> Hand:
    """The Hochzeit with the first tricks won as listed."""
    hand = run(rigged_hand(HANDS, rules=rules), RESERVATIONS)
    for number, winner in enumerate(winners, start=1):
        run(hand, "; ".join(trick_plays(number, winner)))
    return hand
