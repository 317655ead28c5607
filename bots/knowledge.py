"""What a seat can work out from its view: cards gone, voids shown, partners, the trick so far.

Everything here reads only the `SeatView`, so a bot built on it cannot see hidden cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from engine import CARDS, TRUMP, Card, CardOrder, SeatView, Team
from engine.cards import Rank, mask_indices


@dataclass(frozen=True)
class Knowledge:
    """Derived facts for one decision; cheap to build, computed lazily."""

    view: SeatView

    @cached_property
    def order(self) -> CardOrder:
        return self.view.order

    @cached_property
    def last_trick(self) -> bool:
        """The last trick, where a second Dulle no longer beats the first (§4)."""
        return self.view.is_last_trick

    @cached_property
    def unseen(self) -> dict[Card, int]:
        """Copies of each card that may still be in another seat's hand."""
        return {card: n for card, n in zip(CARDS, self._unseen_counts, strict=True) if n > 0}

    @cached_property
    def _unseen_counts(self) -> list[int]:
        """`unseen` by card type index, none left out."""
        nines = self.view.rules.without_nines
        counts = [0 if nines and card.rank is Rank.NINE else 2 for card in CARDS]
        for trick in self.view.tricks:
            for card in trick.cards:
                counts[card.index] -= 1
        for _, card in self.view.current_trick:
            counts[card.index] -= 1
        for card in self.view.hand:
            counts[card.index] -= 1
        return counts

    @cached_property
    def _unseen_types(self) -> int:
        """`unseen` as a mask of card types: the questions asked of each card (who may beat
        it) are then one `and` with the engine's `CardOrder.beaten_by`."""
        return sum(1 << index for index, copies in enumerate(self._unseen_counts) if copies)

    def _unseen_beating(self, card: Card) -> int:
        """The unseen card types that beat `card` played before them in this trick."""
        return self._unseen_types & self.order.beaten_by(card.index, self.last_trick)

    @cached_property
    def voids(self) -> list[set[int]]:
        """Per seat, the suit classes it has shown it does not hold (failed to follow)."""
        shown: list[set[int]] = [set(), set(), set(), set()]
        tricks = [trick.plays() for trick in self.view.tricks] + [list(self.view.current_trick)]
        for plays in tricks:
            if not plays:
                continue
            led = self.suit(plays[0][1])
            for seat, card in plays[1:]:
                if self.suit(card) != led:
                    shown[seat].add(led)
        return shown

    def suit(self, card: Card) -> int:
        return self.order.suit_of[card.index]

    def is_trump(self, card: Card) -> bool:
        return self.order.suit_of[card.index] == TRUMP

    def strength(self, card: Card) -> int:
        return self.order.strength[card.index]

    def beats(self, card: Card, best: Card) -> bool:
        """Whether `card`, played later in this trick, beats `best` (the engine's rule)."""
        return self.order.beats(card, best, self.last_trick)

    @cached_property
    def team(self) -> Team | None:
        return self.view.team

    def partner_of(self, seat: int) -> bool:
        """Whether `seat` is known to play on this seat's side."""
        teams = self.view.teams
        return seat != self.view.seat and teams[seat] is not None and teams[seat] == self.team

    def opponent(self, seat: int) -> bool:
        teams = self.view.teams
        return teams[seat] is not None and self.team is not None and teams[seat] != self.team

    # ---- the trick being played ------------------------------------------------------

    @cached_property
    def trick_best(self) -> tuple[int, Card] | None:
        """The seat and card currently winning the trick, None when leading."""
        best: tuple[int, Card] | None = None
        for seat, card in self.view.current_trick:
            if best is None or self.beats(card, best[1]):
                best = (seat, card)
        return best

    @cached_property
    def trick_points(self) -> int:
        return sum(card.points for _, card in self.view.current_trick)

    @cached_property
    def still_to_play(self) -> list[int]:
        """Seats after this one in the current trick."""
        played = len(self.view.current_trick)
        return [(self.view.seat + k) % 4 for k in range(1, 4 - played)]

    @cached_property
    def led_suit(self) -> int | None:
        trick = self.view.current_trick
        return self.suit(trick[0][1]) if trick else None

    def could_be_beaten(self, card: Card) -> bool:
        """Whether a seat still to play might hold a card beating `card` (from unseen cards
        and shown voids; a plain-suit lead in its first round is assumed to be followed)."""
        seats = [seat for seat in self.still_to_play if not self.partner_of(seat)]
        if not seats:
            return False
        suit_of = self.order.suit_of
        beaters = {suit_of[other] for other in mask_indices(self._unseen_beating(card))}
        led = self.led_suit if self.led_suit is not None else self.suit(card)
        return any(self._seat_may_beat(seat, suit, led) for seat in seats for suit in beaters)

    def _seat_may_beat(self, seat: int, suit: int, led: int) -> bool:
        """Whether `seat` may play a card of `suit` (one that beats the trick) to a trick led
        in `led`."""
        if suit == led:
            return led not in self.voids[seat]
        if TRUMP in self.voids[seat]:
            return False
        # Trumping a plain suit needs a void: shown, or likely after the suit's first round.
        return led in self.voids[seat] or self.rounds_of(led) >= 1

    def rounds_of(self, suit: int) -> int:
        """How many completed tricks were led in this suit class."""
        return self._leads[suit]

    @cached_property
    def _leads(self) -> Counter[int]:
        return Counter(self.suit(trick.cards[0]) for trick in self.view.tricks)

    def higher_unseen(self, card: Card) -> int:
        """Unseen copies of cards that beat `card` in its own suit class."""
        counts = self._unseen_counts
        return sum(counts[other] for other in mask_indices(self._unseen_beating(card)))
