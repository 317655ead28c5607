"""Armut hands and random legal play, for the tests of a seat's view. Shared by several test
modules (moved out of `tests/test_view.py`, so that no test module imports another)."""

from __future__ import annotations

import random

from engine import (
    Act,
    Action,
    Hand,
    Phase,
)

# Seat 1 is poor (Q♦ J♦ 9♦).
ARMUT = [
    "10H QC QS QH JC JS JH AD 10D KD 10C KC",
    "QD JD 9D AC AC 10C AS AS 10S AH KH 9H",
    "10H QC QS QH JC JS JH AD KC 9C 10S KS",
    "QD JD 10D KD 9D 9C KS 9S 9S AH KH 9H",
]

ARMUT_RESERVATIONS = "0 healthy; 1 armut; 2 healthy; 3 healthy"


def random_action(hand: Hand, rng: random.Random) -> Action:
    """Mostly the seat to act; now and then any seat's call. Reservations are mostly healthy,
    with Hochzeit and Armut taken often when possible, so that normal games, silent solos,
    Hochzeits, Armuts and solos all occur."""
    if hand.phase is Phase.PLAY and rng.random() < 0.15:
        calls = [a for s in range(4) for a in hand.legal_actions(s) if a.act is Act.ANNOUNCE]
        if calls:
            return rng.choice(calls)
    seat = hand.to_act
    assert seat is not None
    actions = [a for a in hand.legal_actions(seat) if a.act is not Act.ANNOUNCE]
    if hand.phase is Phase.RESERVATIONS:
        special = [a for a in actions if a.act in (Act.HOCHZEIT, Act.ARMUT)]
        if special and rng.random() < 0.5:
            return rng.choice(special)
        if rng.random() < 0.9:
            return Action(seat, Act.HEALTHY)
    return rng.choice(actions)
