"""Completed tricks: who led, the cards in playing order, who won and the card points."""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def player_of(self, position: int) -> int:
        """The seat that played the card at `position` (0 = the lead)."""
        return (self.leader + position) % 4

    def plays(self) -> list[tuple[int, Card]]:
        """(seat, card) pairs in playing order."""
        return [(self.player_of(i), card) for i, card in enumerate(self.cards)]

    def winning_card(self) -> Card:
        return self.cards[(self.winner - self.leader) % 4]

    def to_json(self) -> dict[str, object]:
        return {
            "leader": self.leader,
            "cards": [str(card) for card in self.cards],
            "winner": self.winner,
            "points": self.points,
        }
