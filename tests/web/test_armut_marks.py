"""The cards handed over in an Armut are marked in the hand of the player who received them
(the taker sees the three passed, the poor player the three given back) until the first trick
is taken, a doubled card once per copy received; and the note names the human taker "you"."""

from __future__ import annotations

from collections import Counter

from app.languages.i18n import translations
from app.table.card_faces import hand_cards
from app.table.table_notes import armut_note
from engine import PAGAT, Act, Action, Card, Contract, Hand, Phase, card_order, deal, view_of

ENGLISH = translations("en")
HUMAN = 0
NORMAL = card_order(Contract.NORMAL)


def hand_with_poor(poor: int) -> Hand:
    """The first deal of a seed where `poor` alone may declare Armut, in its play after
    everybody else answered healthy."""
    for number in range(1000):
        dealt = deal(f"armut-marks-{number}", 0)
        trumps = [sum(1 for card in hand if NORMAL.is_trump(card)) for hand in dealt.hands]
        if trumps[poor] <= 3 and all(t > 3 for seat, t in enumerate(trumps) if seat != poor):
            hand = Hand(PAGAT, dealt.hands, dealt.dealer)
            while hand.phase is Phase.RESERVATIONS:
                seat = hand.to_act
                assert seat is not None
                hand.apply(Action.parse(seat, "armut" if seat == poor else "healthy"))
            return hand
    raise AssertionError("no deal with one poor seat")


def act(hand: Hand, seat: int, name: str, cards: tuple[Card, ...] = ()) -> None:
    hand.apply(Action(seat, Act(name), cards=cards) if cards else Action.parse(seat, name))


def marked(hand: Hand) -> Counter[str]:
    view = view_of(hand, HUMAN)
    order = card_order(view.contract or Contract.NORMAL, view.schweinchen is not None)
    shown = hand_cards(view, order, ENGLISH)
    return Counter(card.face.code for card in shown if card.received)


def take(hand: Hand, taker: int) -> None:
    """The Armut passed on to `taker`, everyone before it declining."""
    while hand.to_act != taker:
        act(hand, hand.to_act or 0, "armut-decline")
    act(hand, taker, "armut-accept")


def test_the_taker_sees_the_three_cards_passed_until_the_first_trick() -> None:
    hand = hand_with_poor(1)
    passed = hand.legal_actions(1)[0].cards
    act(hand, 1, "armut-give", passed)
    take(hand, HUMAN)
    assert hand.phase is Phase.ARMUT_RETURN
    assert marked(hand) == Counter(str(card) for card in passed)
    kept = [card for card in hand.cards_of(HUMAN) if card not in passed][:3]
    act(hand, HUMAN, "armut-return", tuple(kept))
    assert marked(hand) == Counter(str(card) for card in passed)
    assert ", you took the cards;" in (armut_note(view_of(hand, HUMAN), ENGLISH) or "")
    while not hand.tricks:
        seat = hand.to_act
        assert seat is not None
        hand.apply(hand.legal_actions(seat)[0])
    assert marked(hand) == Counter()


def test_the_poor_player_sees_the_three_cards_given_back() -> None:
    hand = hand_with_poor(HUMAN)
    passed = hand.legal_actions(HUMAN)[0].cards
    act(hand, HUMAN, "armut-give", passed)
    assert marked(hand) == Counter(), "nothing received yet"
    taker = hand.to_act
    assert taker is not None
    take(hand, taker)
    returned = hand.legal_actions(taker)[0].cards
    act(hand, taker, "armut-return", returned)
    assert hand.phase is Phase.PLAY
    assert marked(hand) == Counter(str(card) for card in returned)
