"""A declared heart solo seen from a defender's seat: the position the tests of search-v3's
beliefs (what the worlds make of a declaration) start from."""

from __future__ import annotations

from engine import Contract, Hand, SeatView, view_of
from tests.scripting import fill_deal, rigged_hand, run

SOLO_HANDS = fill_deal(
    {
        0: "QC JD 10D AC AC AS 10S KS 9S 10C KC 9C",
        1: "10H 10H QC QS QH QD JC JH JD AH AH KH",
    }
)
"""Seat 1 holds a fine heart solo (the Dulles, queens and jacks, both A♥); seat 0, whose
view is read, a plain hand."""


def solo_view(seat: int = 0) -> tuple[Hand, SeatView]:
    hand = run(rigged_hand(SOLO_HANDS), "0 healthy; 1 solo-hearts; 2 healthy; 3 healthy")
    assert hand.contract is Contract.SOLO_HEARTS
    return hand, view_of(hand, seat)
