"""Builds rigged hands and plays scripts of actions in card notation, for the rules tests."""

from __future__ import annotations

from engine import PAGAT, Action, CardSet, Hand, RuleSet


def rigged_hand(hands: list[str], dealer: int = 3, rules: RuleSet = PAGAT) -> Hand:
    """A hand from four hands in card notation (seat 0 first); forehand is dealer + 1."""
    return Hand(rules, [CardSet.parse(text) for text in hands], dealer)


def run(hand: Hand, script: str) -> Hand:
    """Applies actions written `SEAT NOTATION`, separated by newlines or `;`
    (e.g. `0 healthy; 1 play AC; 2 announce kontra; 3 armut-give 9C AD KD`)."""
    for line in script.replace(";", "\n").splitlines():
        line = line.strip()
        if line:
            seat, _, notation = line.partition(" ")
            hand.apply(Action.parse(int(seat), notation))
    return hand


def all_healthy(hand: Hand) -> Hand:
    """Everyone says healthy, starting with forehand."""
    for offset in range(4):
        seat = (hand.forehand + offset) % 4
        hand.apply(Action.parse(seat, "healthy"))
    return hand
