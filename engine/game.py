"""A game: a series of `hands_per_game` hands with dealer rotation and totals (docs/rules.md §9)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.deal import deal
from engine.hand import Hand
from engine.phases import Phase
from engine.record import HandRecord
from engine.rules import RuleSet
from engine.scoring import HandResult


@dataclass(frozen=True)
class Standing:
    place: int
    seat: int
    total: int


class Game:
    """Deals each hand from the game seed; an Armut redeal is dealt again by the same dealer
    and does not count towards `hands_per_game`."""

    def __init__(self, rules: RuleSet, seed: str) -> None:
        self.rules = rules
        self.seed = seed
        self.hand_number = 0
        self.redeal = 0
        self.results: list[HandResult] = []
        self.records: list[HandRecord] = []
        self.hand = self._deal()

    def _deal(self) -> Hand:
        dealt = deal(self.seed, self.hand_number, self.redeal, self.rules.without_nines)
        return Hand(self.rules, dealt.hands, dealt.dealer)

    @property
    def is_over(self) -> bool:
        return len(self.results) == self.rules.hands_per_game

    def next_hand(self) -> None:
        """Moves on once the current hand is over: a redeal, or the next hand."""
        if self.is_over or not self.hand.is_over:
            raise ValueError("the current hand is still being played or the game is over")
        self.records.append(HandRecord.of_hand(self.hand))
        if self.hand.phase is Phase.REDEAL:
            self.redeal += 1
        else:
            self.results.append(self.hand.result())
            self.hand_number += 1
            self.redeal = 0
        if not self.is_over:
            self.hand = self._deal()

    @property
    def totals(self) -> tuple[int, int, int, int]:
        return totals_of(self.results)

    def standings(self) -> list[Standing]:
        return standings_of(self.totals)


def totals_of(results: Sequence[HandResult]) -> tuple[int, int, int, int]:
    """Each seat's sum of its hand scores."""
    sums = [sum(result.scores[seat] for result in results) for seat in range(4)]
    return sums[0], sums[1], sums[2], sums[3]


def place_below(higher: int) -> int:
    """The place of a total that `higher` totals beat: equal totals share the better place
    (1, 1, 3, 4). The one rule for every ranking: the seats of a game, a day's board and a
    player's ranked attempts (which count the higher totals in the database)."""
    return higher + 1


def shared_places(totals: Sequence[int]) -> list[int]:
    """Each total's place among `totals` (`place_below`)."""
    return [place_below(sum(1 for other in totals if other > total)) for total in totals]


def standings_of(totals: Sequence[int]) -> list[Standing]:
    """Highest total first; equal totals share the place (1, 1, 3, 4)."""
    places = shared_places(totals)
    ordered = sorted(range(4), key=lambda seat: -totals[seat])
    return [Standing(places[seat], seat, totals[seat]) for seat in ordered]
