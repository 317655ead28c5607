"""The contract's spoken lines and the cases that reveal it. Shared by several test modules
(moved out of `tests/web/test_spoken_contract.py`, so that no test module imports another)."""

from __future__ import annotations

import gettext

import pytest

from app.languages.words import CONTRACTS, card_name, seat_name
from engine import Card, Contract, Hand, Rank, Suit
from tests.web.helpers.rules_shown import seed_with_both_queens_of_clubs

ENGLISH = gettext.NullTranslations()

QUEEN_OF_CLUBS = Card(Suit.CLUBS, Rank.QUEEN)


def named(contract: Contract, declarer: int | None) -> str:
    words = CONTRACTS[contract]
    return words if declarer is None else f"{words}: {seat_name(declarer, ENGLISH)}"


OWN_QUEENS = seed_with_both_queens_of_clubs(0, False)

CASES = [
    pytest.param("easy", "plain-7", "healthy", Contract.HOCHZEIT, id="a-bots-hochzeit"),
    pytest.param("easy", OWN_QUEENS, "healthy", Contract.SILENT_SOLO, id="own-silent-solo"),
    pytest.param("easy", OWN_QUEENS, "hochzeit", Contract.HOCHZEIT, id="own-hochzeit"),
    pytest.param(
        "easy",
        seed_with_both_queens_of_clubs(2, False),
        "healthy",
        Contract.SOLO_CLUBS,
        id="a-bots-solo",
    ),
    pytest.param("normal", "queens-204", "healthy", Contract.SILENT_SOLO, id="a-bots-silent-solo"),
    pytest.param("normal", "plain-1", "healthy", Contract.NORMAL, id="a-normal-game"),
]


def later_lines(hand: Hand) -> list[tuple[str, str]]:
    """What is read after the contract that changes it, each with the line it follows: a bot's
    silent solo after its second Q♣, a Hochzeit's partner (the first other winner of the first
    three tricks, §5) or its being played alone after the trick that settles it."""
    changing = (Contract.SILENT_SOLO, Contract.HOCHZEIT, Contract.HOCHZEIT_SOLO)
    if hand.contract not in changing or hand.declarer is None:
        return []
    declarer = seat_name(hand.declarer, ENGLISH)
    if hand.contract is Contract.SILENT_SOLO:
        if hand.declarer == 0:
            return []
        queen = f"{declarer}: {card_name(QUEEN_OF_CLUBS, ENGLISH)}"
        return [(queen, named(Contract.SILENT_SOLO, hand.declarer))]
    winners = [trick.winner for trick in hand.tricks[:3]]
    partner = next((seat for seat in winners if seat != hand.declarer), None)
    number = 3 if partner is None else winners.index(partner) + 1
    winner = winners[number - 1]
    won = f"{seat_name(winner, ENGLISH)} wins trick {number}"
    if winner == 0:
        won = f"You win trick {number}"
    if partner is None:
        return [(won, named(Contract.HOCHZEIT_SOLO, hand.declarer))]
    return [(won, f"Re in the Hochzeit: {declarer} and {seat_name(partner, ENGLISH)}")]
