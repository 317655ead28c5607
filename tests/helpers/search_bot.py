"""Named cards the search tests deal with (the fox). Shared by several test modules (moved out
of `tests/test_search_bot.py`, so that no test module imports another)."""

from __future__ import annotations

FOX = [
    "JD JD JH JH 10D KD 9D AC 10C KC 9C AH",
    "QC QS QS QH QH 10H JC JS AS 10S KS 9S",
    "QC 10H QD QD JC JS AD 10D KD KH 9H 9H",
    "AD 9D AC 10C KC 9C AS 10S KS 9S AH KH",
]

"""Seat 3 holds no Q♣ (Kontra) and only A♦ and 9♦ in trumps."""
