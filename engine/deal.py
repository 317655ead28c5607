"""Deals as a pure function of (game seed, hand number, redeal number) (docs/rules.md §1).

Stored games and the daily game depend on a deal never changing, on any platform or Python
version, so the shuffle does not use `random`. It is a Fisher–Yates shuffle fed by SHA-256 in
counter mode:

* block i of the stream is SHA-256 of the UTF-8 text
  `doko-deal/1|<seed>|<hand number>|<redeal number>|<i>`; the stream is the blocks in order,
  read as big-endian 32-bit words;
* `below(n)` takes the next word w, rejects it while w ≥ 2³² − 2³² mod n, and returns w mod n;
* the deck (`cards.deck`: each card type in deck order, then all again) is shuffled by
  `for i from len - 1 down to 1: swap(i, below(i + 1))`;
* the cards are then dealt in packets of 3 (the last packet 1 without nines), round by round,
  starting with forehand.

The first dealer of a game is the first byte of SHA-256 of `doko-dealer/1|<seed>`, mod 4; the
deal passes to the left after each hand and stays with the dealer on a redeal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

from engine.cards import Card, CardSet, deck


@dataclass(frozen=True)
class Deal:
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    dealer: int


class _HashStream:
    """Uniform integers from SHA-256 in counter mode."""

    def __init__(self, label: str) -> None:
        self._label = label
        self._words = self._generate()

    def _generate(self) -> Iterator[int]:
        counter = 0
        while True:
            block = hashlib.sha256(f"{self._label}|{counter}".encode()).digest()
            for offset in range(0, 32, 4):
                yield int.from_bytes(block[offset : offset + 4], "big")
            counter += 1

    def below(self, n: int) -> int:
        limit = (1 << 32) - (1 << 32) % n
        while True:
            word = next(self._words)
            if word < limit:
                return word % n


def first_dealer(seed: str) -> int:
    return hashlib.sha256(f"doko-dealer/1|{seed}".encode()).digest()[0] % 4


def dealer_of(seed: str, hand_number: int) -> int:
    return (first_dealer(seed) + hand_number) % 4


def shuffled_deck(seed: str, hand_number: int, redeal: int, without_nines: bool) -> list[Card]:
    cards = deck(without_nines)
    stream = _HashStream(f"doko-deal/1|{seed}|{hand_number}|{redeal}")
    for i in range(len(cards) - 1, 0, -1):
        j = stream.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal(seed: str, hand_number: int, redeal: int = 0, without_nines: bool = False) -> Deal:
    """The four hands and the dealer of hand `hand_number` (0-based) of the game `seed`."""
    dealer = dealer_of(seed, hand_number)
    cards = iter(shuffled_deck(seed, hand_number, redeal, without_nines))
    hands: list[list[Card]] = [[], [], [], []]
    packets = (3, 3, 3, 1) if without_nines else (3, 3, 3, 3)
    for packet in packets:
        for offset in range(1, 5):
            hands[(dealer + offset) % 4].extend(next(cards) for _ in range(packet))
    a, b, c, d = (CardSet.of(hand) for hand in hands)
    return Deal((a, b, c, d), dealer)
