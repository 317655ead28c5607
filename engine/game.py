"""A game: a series of `hands_per_game` hands with dealer rotation and totals (docs/rules.md §9)."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
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
    and does not count towards `hands_per_game`.

    `results` and `records` hold the hands `next_hand` moved on from, the ones before the hand
    on the table; `finished_results` and `finished_records` add that hand once it is over. The
    game is over when its last hand is: nothing is dealt after it."""

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
    def number_in_game(self) -> int:
        """The hand on the table's number as the table counts hands (§9), from 1: an Armut
        redeal keeps the number of the hand dealt again (as `numbers_in_game`)."""
        return self.hand_number + 1

    @property
    def finished_results(self) -> list[HandResult]:
        """The result of every hand played to its end, the one still on the table included."""
        done = [self.hand.result()] if self.hand.phase is Phase.DONE else []
        return [*self.results, *done]

    @property
    def finished_records(self) -> list[HandRecord]:
        """The record of every finished hand, Armut redeals included (the one on the table as
        soon as everybody declined), in order: hand n of a game's pages is
        `finished_records[n - 1]`."""
        done = [HandRecord.of_hand(self.hand)] if self.hand.is_over else []
        return [*self.records, *done]

    @property
    def is_over(self) -> bool:
        """The last hand has been played: the game ends on its table, with nothing to deal."""
        return len(self.finished_results) == self.rules.hands_per_game

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
        self.hand = self._deal()

    @property
    def totals(self) -> tuple[int, int, int, int]:
        """Each seat's total over the finished hands."""
        return totals_of(self.finished_results)

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


def shared_places(totals: Iterable[int]) -> list[int]:
    """Each total's place among `totals`, in any order (`place_below`)."""
    listed = list(totals)
    ascending = sorted(listed)
    return [place_among(ascending, total) for total in listed]


def place_among(ascending: Sequence[int], total: int) -> int:
    """The place of `total` among the totals `ascending` (sorted lowest first): one below
    the totals higher than it (`place_below`)."""
    return place_below(len(ascending) - bisect.bisect_right(ascending, total))


def numbers_in_game(redeals: Iterable[bool]) -> list[int]:
    """Each dealt hand's number as the table counts hands (§9), given whether each was an
    Armut redeal: a redeal does not count, and has the number of the hand dealt again."""
    numbers: list[int] = []
    played = 0
    for redeal in redeals:
        numbers.append(played + 1)
        played += not redeal
    return numbers


def standings_of(totals: Sequence[int]) -> list[Standing]:
    """Highest total first; equal totals share the place (1, 1, 3, 4)."""
    places = shared_places(totals)
    ordered = sorted(range(4), key=lambda seat: -totals[seat])
    return [Standing(places[seat], seat, totals[seat]) for seat in ordered]
