"""What a seat knows about the cards it cannot see, read from its view.

The unseen cards (the deck less the seat's own cards and every card played) lie with the other
three seats, each holding as many as the table shows. What narrows that down:

- voids: a seat that did not follow suit holds none of that suit (trumps are one suit);
- Q♣: a declared Hochzeit (or a silent solo once shown) puts both with its declarer; in a game
  that looks normal, a seat known to be Re (an announcement, a Q♣ played) holds one unless it
  played one, and a seat known to be Kontra holds none;
- the Armut: the poor player and the acceptor know the cards passed; everybody knows the poor
  player now holds exactly as many trumps as came back; a declared Armut that was not played
  still means at most three trumps dealt;
- the Schweinchen (§3): shown, its holder keeps the other A♦; not shown, a seat that played an
  A♦ holds no second one.

Soft evidence (how likely a seat's choices are with the cards a world gives it) is weighed
separately, in `bots.search.inference`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine import TRUMP, Act, Contract, SeatView, Team, card_order, deck
from engine.cards import FOX, QUEEN_OF_CLUBS, TYPES, mask_add, mask_remove
from engine.contracts import ARMUT_CARDS

_QUEEN_OF_CLUBS = QUEEN_OF_CLUBS.index
_FOX = FOX.index
NORMAL = card_order(Contract.NORMAL)
ALL_TYPES = (1 << TYPES) - 1


MOST_CARDS = 15
"""The most cards a holder has: twelve dealt and three taken in an Armut (all may be trumps)."""

FACE_DOWN = 4
"""The holder index of the three cards an Armut's poor player handed over, while the other
seats decide whether to take them (nobody but the poor player has seen them)."""


@dataclass(frozen=True)
class Constraints:
    """The hard facts about the hidden cards, per holder: seats 0–3 (the viewing seat's
    entries unused) and `FACE_DOWN`."""

    seat: int
    pool: int
    """The unseen cards (multiset mask), the pinned ones included."""
    capacity: tuple[int, ...]
    """How many hidden cards each holder has."""
    pinned: tuple[int, ...]
    """Cards (multiset masks) each holder must have."""
    allowed: tuple[int, ...]
    """Card types (24-bit masks) each holder may have."""
    trumps: tuple[tuple[int, int], ...]
    """Per holder, the least and most normal-game trumps it may have."""

    @property
    def holders(self) -> tuple[int, ...]:
        """Who gets unseen cards: the other seats, and the face-down Armut cards if any."""
        return tuple(h for h in range(5) if h != self.seat and self.capacity[h])


def constraints_of(view: SeatView) -> Constraints:
    """Everything the view rules out, as `Constraints`."""
    facts = _Facts(view)
    facts.voids()
    facts.queens()
    facts.armut()
    facts.schweinchen()
    facts.declarations()
    return facts.build()


class _Facts:
    """Collects the constraints of one view, one kind of fact per method."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.order = view.order
        self.played = _played_by(view)
        self.pinned = [0] * 5
        self.allowed = [ALL_TYPES] * 5
        self.trumps = [(0, MOST_CARDS)] * 5
        self.face_down = ARMUT_CARDS if _face_down(view) else 0
        self.face_down_known: list[int] = []
        """The given cards, face down, when this seat is the poor player who gave them."""

    def build(self) -> Constraints:
        view = self.view
        pool = 0
        for card in deck(view.rules.without_nines):
            pool = mask_add(pool, card.index)
        for card in view.hand:
            pool = mask_remove(pool, card.index)
        for played in [*self.played, self.face_down_known]:
            for index in played:
                pool = mask_remove(pool, index)
        capacity = (*view.cards_left, self.face_down)
        return Constraints(
            view.seat, pool, capacity, tuple(self.pinned), tuple(self.allowed), tuple(self.trumps)
        )

    def forbid(self, seat: int, types: int) -> None:
        self.allowed[seat] &= ~types

    def pin(self, seat: int, card: int, copies: int) -> None:
        """`seat` must hold `copies` more of `card` (the viewing seat's own are known)."""
        if seat == self.view.seat:
            return
        for _ in range(copies):
            self.pinned[seat] = mask_add(self.pinned[seat], card)

    def voids(self) -> None:
        """Not following suit shows a void in the led suit class."""
        view = self.view
        tricks = [trick.plays() for trick in view.tricks] + [list(view.current_trick)]
        for plays in tricks:
            if not plays:
                continue
            led = self.order.suit_of[plays[0][1].index]
            for seat, card in plays[1:]:
                if self.order.suit_of[card.index] != led:
                    self.forbid(seat, self.order.follow_masks[led])

    def queens(self) -> None:
        """Where the Q♣ must be, or may not be."""
        view = self.view
        holder = _both_queens_holder(view)
        if holder is not None:
            self._both_with(holder, _QUEEN_OF_CLUBS)
        elif view.contract is Contract.NORMAL:
            for seat in range(4):
                played = self.played[seat].count(_QUEEN_OF_CLUBS)
                if view.teams[seat] is Team.RE and not played:
                    self.pin(seat, _QUEEN_OF_CLUBS, 1)
                elif view.teams[seat] is Team.KONTRA:
                    self.forbid(seat, 1 << _QUEEN_OF_CLUBS)

    def _both_with(self, holder: int, card: int) -> None:
        """`holder` had both copies of `card`: it keeps those it has not played, counting the
        copies another fact pinned already (an A♦ passed in an Armut that became a
        Schweinchen was pinned once by each, and one left was asked for twice: no world)."""
        keeps = 2 - self.played[holder].count(card)
        self.pin(holder, card, keeps - _copies(self.pinned[holder], card))
        for seat in range(4):
            if seat != holder:
                self.forbid(seat, 1 << card)

    def armut(self) -> None:
        """The exchange as far as this seat saw it, and the trumps told to the table: the
        poor player handed over all his trumps, and holds as many as came back."""
        view = self.view
        poor = _poor_player(view)
        if poor is None:
            return
        acceptor = view.armut_acceptor
        given, returned = _exchange_cards(view)
        if view.seat == poor and given is not None:
            self._poor_knows(acceptor, given, returned)
        if view.seat == acceptor and returned is not None:
            self.pin_all(poor, _difference(returned, self.played[poor]))
        if view.armut_trumps_returned is None:
            self.trumps[poor] = (0, 0)
            return
        trumps_played = sum(1 for card in self.played[poor] if NORMAL.suit_of[card] == TRUMP)
        left = view.armut_trumps_returned - trumps_played
        self.trumps[poor] = (left, left)

    def _poor_knows(
        self, acceptor: int | None, given: list[int], returned: list[int] | None
    ) -> None:
        """Face down, the given cards are nobody's; then the acceptor's, less those he gave
        back and has played since."""
        if acceptor is None:
            self.face_down_known = given
        elif returned is None:
            self.pin_all(acceptor, given)
        else:
            self.pin_all(acceptor, _difference(_difference(given, returned), self.played[acceptor]))

    def pin_all(self, seat: int, cards: list[int]) -> None:
        for card in cards:
            self.pin(seat, card, 1)

    def schweinchen(self) -> None:
        """§3: both A♦ in one hand, shown with the first of them."""
        view = self.view
        contract = view.contract or Contract.NORMAL
        if not (view.rules.schweinchen and contract.diamonds_are_trumps):
            return
        if view.schweinchen is not None:
            self._both_with(view.schweinchen, _FOX)
            return
        for seat in range(4):
            if _FOX in self.played[seat]:
                self.forbid(seat, 1 << _FOX)

    def declarations(self) -> None:
        """A declared Hochzeit means both Q♣ dealt; a declared Armut at most three trumps
        dealt. Facts about the dealt hand: for the seat that took an Armut, the exchange is
        applied on top as far as this seat saw it."""
        view = self.view
        acceptor = view.armut_acceptor
        for seat, act in view.declarations:
            if seat == view.seat:
                continue
            if act is Act.HOCHZEIT and _both_queens_holder(view) is None:
                if seat == acceptor:
                    self._queens_taken_into_armut(seat)
                else:
                    self._both_with(seat, _QUEEN_OF_CLUBS)
            elif act is Act.ARMUT and not (
                view.contract is Contract.ARMUT and seat == view.declarer
            ):
                dealt_trumps = sum(1 for c in self.played[seat] if NORMAL.suit_of[c] == TRUMP)
                taken = self._trumps_taken(seat) if seat == acceptor else 0
                low, high = self.trumps[seat]
                self.trumps[seat] = (low, min(high, 3 - dealt_trumps + taken))

    def _queens_taken_into_armut(self, acceptor: int) -> None:
        """The Hochzeit's declarer took the Armut: both Q♣ were dealt to him, and he may have
        returned some to the poor player (who gave none: he had none). Who saw the return
        knows how many; the others only that they are with one of the two."""
        view = self.view
        poor = _poor_player(view)
        _, returned = _exchange_cards(view)
        for seat in range(4):
            if seat not in (acceptor, poor):
                self.forbid(seat, 1 << _QUEEN_OF_CLUBS)
        if returned is not None or view.armut_trumps_returned is None:
            back = (returned or []).count(_QUEEN_OF_CLUBS)
            self.pin(
                acceptor, _QUEEN_OF_CLUBS, 2 - back - self.played[acceptor].count(_QUEEN_OF_CLUBS)
            )

    def _trumps_taken(self, acceptor: int) -> int:
        """The most trumps the acceptor may hold beyond his dealt ones: the trumps given less
        those returned, the given ones counted as three where this seat did not see them."""
        view = self.view
        given, returned = _exchange_cards(view)
        given_trumps = ARMUT_CARDS if given is None else _trumps_in(given)
        if returned is not None:
            return given_trumps - _trumps_in(returned)
        return given_trumps - (view.armut_trumps_returned or 0)


def _poor_player(view: SeatView) -> int | None:
    """The seat that handed over cards in an Armut, once it has."""
    return next((a.seat for a in view.history if a.act is Act.ARMUT_GIVE), None)


def _face_down(view: SeatView) -> bool:
    """The handed-over cards are hidden from this seat and with nobody yet."""
    poor = _poor_player(view)
    accepted = any(a.act is Act.ARMUT_ACCEPT for a in view.history)
    return poor is not None and poor != view.seat and not accepted


def _played_by(view: SeatView) -> list[list[int]]:
    played: list[list[int]] = [[], [], [], []]
    for action in view.history:
        if action.act is Act.PLAY and action.card is not None:
            played[action.seat].append(action.card.index)
    return played


def _both_queens_holder(view: SeatView) -> int | None:
    """The seat known to have been dealt both Q♣: a Hochzeit's declarer or a shown silent
    solo's soloist (a seat's own silent solo needs no constraint: it holds them)."""
    if view.contract in (Contract.HOCHZEIT, Contract.HOCHZEIT_SOLO, Contract.SILENT_SOLO):
        return view.declarer
    return None


def _exchange_cards(view: SeatView) -> tuple[list[int] | None, list[int] | None]:
    given = returned = None
    for action in view.history:
        if action.act is Act.ARMUT_GIVE and action.cards:
            given = [card.index for card in action.cards]
        elif action.act is Act.ARMUT_RETURN and action.cards:
            returned = [card.index for card in action.cards]
    return given, returned


def _difference(cards: list[int], removed: list[int]) -> list[int]:
    rest = list(cards)
    for card in removed:
        if card in rest:
            rest.remove(card)
    return rest


def _copies(mask: int, card: int) -> int:
    """How many copies of the card type a multiset mask holds."""
    return (mask >> card & 1) + (mask >> (card + TYPES) & 1)


def _trumps_in(cards: Iterable[int]) -> int:
    """The normal game's trumps among card types."""
    return sum(1 for card in cards if NORMAL.suit_of[card] == TRUMP)
