"""The cards as the table shows them: each face with its name in the reader's words, the
hand in the order in force, and the tricks with each card's moment (when a bot's card
appears, when the trick is gathered)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from app.languages.i18n import Translator
from app.languages.words import POSITIONS, card_name, rank_letter, seat_name
from app.table.service import HUMAN, Table
from engine import TRUMP, Act, Card, CardOrder, CardSet, SeatView


@dataclass(frozen=True)
class CardFace:
    code: str
    rank: str
    suit: str
    symbol: str
    name: str
    trump: bool
    label: str
    """The card button's accessible name: the card, and whether it is a trump."""


@dataclass(frozen=True)
class HandCard:
    face: CardFace
    action: str | None
    """`play QC` when the card may be played now (its `data-action`)."""
    first_plain: bool
    """The first plain card after the trumps: the template marks the gap."""
    received: bool = False
    """Handed to the player in the Armut: marked until the first trick is taken."""


@dataclass(frozen=True)
class PlayedCard:
    position: str
    seat_name: str
    face: CardFace
    delay_ms: int
    wins: bool
    """The card that took its trick (the trick is complete)."""
    label: str
    """What a screen reader says of it: the seat, the card, and whether it took the trick.
    Put into words here rather than in the template, so that the card's macro needs
    nothing of the request (see `templates/cards.html`)."""


@dataclass(frozen=True)
class TrickShow:
    number: int
    cards: tuple[PlayedCard, ...]
    winner: str | None
    """Position of the winner, once the trick is complete."""
    winner_at_ms: int
    gather_at_ms: int | None
    """When the finished trick leaves the table (None: it stays)."""


def face(card: Card, order: CardOrder, t: Translator) -> CardFace:
    name = card_name(card, t)
    trump = order.is_trump(card)
    return CardFace(
        code=str(card),
        rank=rank_letter(card.rank, t),
        suit=card.suit.letter,
        symbol=card.suit.symbol,
        name=name,
        trump=trump,
        label=t.gettext("%(card)s, trump") % {"card": name} if trump else name,
    )


def sorted_hand(cards: CardSet, order: CardOrder) -> list[Card]:
    """Trumps high to low, then ♣ ♠ ♥ ♦, each high to low: how players hold their cards."""

    def key(card: Card) -> tuple[int, int]:
        suit = order.suit_of[card.index]
        return (-1 if suit == TRUMP else suit, -order.strength[card.index])

    return sorted(cards, key=key)


def hand_cards(view: SeatView, order: CardOrder, t: Translator) -> tuple[HandCard, ...]:
    playable = {a.card: a.notation for a in view.legal if a.act is Act.PLAY}
    cards = sorted_hand(view.hand, order)
    received = armut_received(view)
    shown = []
    for index, card in enumerate(cards):
        first_plain = not order.is_trump(card) and (index == 0 or order.is_trump(cards[index - 1]))
        action = playable.get(card)
        marked = received[card] > 0
        received[card] -= 1
        shown.append(HandCard(face(card, order, t), action, first_plain and index > 0, marked))
    return tuple(shown)


def armut_received(view: SeatView) -> Counter[Card]:
    """The cards the seat was handed in the Armut (the passed three for the taker, the three
    given back for the poor player) that it still holds, until the first trick is taken:
    the player sees which cards came in. A doubled card counts once per copy received."""
    if view.tricks or view.armut_received is None:
        return Counter()
    return Counter(view.armut_received) & Counter(view.hand)


def played_card(
    seat: int, card: Card, order: CardOrder, t: Translator, winner: int | None, delay: int = 0
) -> PlayedCard:
    """A card in a trick; `winner`: the seat that took the trick, once it is complete."""
    shown = face(card, order, t)
    words = {"name": seat_name(seat, t), "card": shown.name}
    wins = seat == winner
    if wins:
        label = t.gettext("%(name)s: %(card)s, wins the trick") % words
    else:
        label = t.gettext("%(name)s: %(card)s") % words
    return PlayedCard(POSITIONS[seat], words["name"], shown, delay, wins, label)


def trick_shows(
    table: Table, view: SeatView, order: CardOrder, delay_ms: int, animate: bool, t: Translator
) -> list[TrickShow]:
    """The tricks to show: with `animate`, a trick finished during the latest step (cards
    appear one by one, the winner is marked, then it is gathered); and the trick being played,
    empty before its first card (a place on the felt), but none once the hand's tricks are all
    taken: a screen reader would name a trick the hand does not have."""
    new_plays = _plays_since(table, table.step_start) if animate else set()
    shows: list[TrickShow] = []
    clock = 0
    tricks = list(view.tricks)
    first_new = min((number for number, _ in new_plays), default=len(tricks))
    for number in range(first_new, len(tricks)):
        trick = tricks[number]
        timing = (number, clock, delay_ms)
        cards, clock = _timed_cards(trick.plays(), trick.winner, order, new_plays, timing, t)
        winner_at = clock + delay_ms
        shows.append(
            TrickShow(
                number + 1, cards, POSITIONS[trick.winner], winner_at, winner_at + 2 * delay_ms
            )
        )
        clock = winner_at + 2 * delay_ms
    current, clock = _timed_cards(
        list(view.current_trick), None, order, new_plays, (len(tricks), clock, delay_ms), t
    )
    if current or not (shows or len(tricks) == view.rules.cards_per_seat):
        shows.append(TrickShow(len(tricks) + 1, current, None, 0, None))
    return shows


def _plays_since(table: Table, start: int) -> set[tuple[int, int]]:
    """(trick index, position in trick) of the cards played since `start` in the hand's log."""
    hand = table.game.hand
    plays_before = sum(1 for entry in table.log[-1][:start] if entry["act"] == Act.PLAY)
    total = sum(len(t.cards) for t in hand.tricks) + len(hand.trick_cards)
    return {(n // 4, n % 4) for n in range(plays_before, total)}


def _timed_cards(
    plays: list[tuple[int, Card]],
    winner: int | None,
    order: CardOrder,
    new_plays: set[tuple[int, int]],
    timing: tuple[int, int, int],
    t: Translator,
) -> tuple[tuple[PlayedCard, ...], int]:
    """`timing`: the trick's index, the clock so far and the pause between bot cards."""
    number, clock, delay_ms = timing
    cards = []
    for position, (seat, card) in enumerate(plays):
        if (number, position) in new_plays and seat != HUMAN:
            clock += delay_ms
            cards.append(played_card(seat, card, order, t, winner, clock))
        else:
            cards.append(played_card(seat, card, order, t, winner))
    return tuple(cards), clock


def last_trick(view: SeatView, order: CardOrder, t: Translator) -> TrickShow | None:
    if not view.tricks:
        return None
    trick = view.tricks[-1]
    cards = tuple(played_card(seat, card, order, t, trick.winner) for seat, card in trick.plays())
    return TrickShow(len(view.tricks), cards, POSITIONS[trick.winner], 0, None)


def finished_at(trick: TrickShow) -> int:
    last_card = max((card.delay_ms for card in trick.cards), default=0)
    return max(last_card, trick.gather_at_ms or 0)
