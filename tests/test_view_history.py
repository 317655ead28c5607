"""A view's history and the hand rebuilt from it (`engine.hand_from_view`).

The rebuilt hand must agree with the view in every public fact: asked for the same seat's
view, it gives the very same view, whatever the moment (reservations, every Armut step,
every card, announcements) and the contract. A guess the history refutes is refused.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    PAGAT,
    Act,
    Action,
    CardSet,
    GuessError,
    Hand,
    Hidden,
    Phase,
    RuleSet,
    deal,
    hand_from_view,
    hidden_of,
    view_of,
)
from tests.helpers.properties import rule_sets
from tests.helpers.view import ARMUT, ARMUT_RESERVATIONS, random_action
from tests.scripting import rigged_hand, run


def assert_rebuilds(hand: Hand, seat: int) -> Hand:
    """The true hidden cards rebuild a hand with the same view, checked and unchecked."""
    view = view_of(hand, seat)
    checked = hand_from_view(view, hidden_of(hand))
    fast = hand_from_view(view, hidden_of(hand), checked=False)
    for rebuilt in (checked, fast):
        assert view_of(rebuilt, seat) == view
        assert rebuilt.dealt == hand.dealt
        assert [rebuilt.cards_of(s) for s in range(4)] == [hand.cards_of(s) for s in range(4)]
        assert rebuilt.contract is hand.contract and rebuilt.team_of == hand.team_of
    return checked


def random_hand_checking_rebuilds(hand: Hand, rng: random.Random) -> Hand:
    """Random legal actions to the end; after each, one seat's view is rebuilt."""
    while True:
        assert_rebuilds(hand, rng.randrange(4))
        if hand.is_over:
            return hand
        hand.apply(random_action(hand, rng))


@settings(max_examples=25, deadline=None)
@given(rules=rule_sets, seed=st.integers(0, 10**6))
def test_the_true_hidden_cards_rebuild_every_view(rules: RuleSet, seed: int) -> None:
    dealt = deal(f"rebuild-{seed}", seed % 8, 0, rules.without_nines)
    hand = Hand(rules, dealt.hands, dealt.dealer)
    random_hand_checking_rebuilds(hand, random.Random(seed))


@pytest.mark.parametrize("run_number", range(4))
def test_armut_hands_rebuild_for_every_seat(run_number: int) -> None:
    """Each seat sees the exchange differently: the poor player and the acceptor the cards,
    the others only the trump count."""
    rng = random.Random(f"rebuild-armut-{run_number}")
    hand = run(rigged_hand(ARMUT), ARMUT_RESERVATIONS)
    while not hand.is_over:
        for seat in range(4):
            assert_rebuilds(hand, seat)
        hand.apply(random_action(hand, rng))


def test_the_history_hides_the_exchange_from_the_other_two() -> None:
    hand = run(rigged_hand(ARMUT), ARMUT_RESERVATIONS + "; 1 armut-give QD JD 9D")
    run(hand, "2 armut-decline; 3 armut-accept; 3 armut-return AH KH 9D")
    gives = [[a for a in view_of(hand, s).history if a.act is Act.ARMUT_GIVE] for s in range(4)]
    assert gives[0] == gives[2] == [Action(1, Act.ARMUT_GIVE)]
    assert (
        gives[1] == gives[3] == [Action(1, Act.ARMUT_GIVE, cards=tuple(CardSet.parse("QD JD 9D")))]
    )


def test_a_third_party_may_guess_any_consistent_exchange() -> None:
    """Seat 0 did not see the Armut cards: giving back the very cards handed over is a guess
    that agrees with everything it saw."""
    hand = run(rigged_hand(ARMUT), ARMUT_RESERVATIONS + "; 1 armut-give QD JD 9D")
    run(hand, "2 armut-decline; 3 armut-accept; 3 armut-return AH KH 9D")
    returned = CardSet.parse("AH KH 9D")
    held = hidden_of(hand).held
    guess = Hidden(held, armut_given=returned, armut_returned=returned)
    rebuilt = hand_from_view(view_of(hand, 0), guess)
    assert view_of(rebuilt, 0) == view_of(hand, 0)
    assert rebuilt.dealt != hand.dealt


def played_normal_hand() -> Hand:
    """A normal game three tricks in, seat 3 void in hearts from trick 2."""
    hands = [
        "AC AC 10C KC AS AS 10S KS AH 9H QC QS",
        "10C KC 9C 9C 10S KS 9S 9S AH 10H KH QS",
        "JC JS JH JD AD 10D KD 9D QH QD QC 10H",
        "QH QD JC JS JH JD AD 10D KD 9D KH 9H",
    ]
    hand = rigged_hand(hands)
    run(hand, "0 healthy; 1 healthy; 2 healthy; 3 healthy")
    run(hand, "0 play AC; 1 play 9C; 2 play QC; 3 play QH")
    run(hand, "2 play JD; 3 play JD; 0 play QS; 1 play QS")
    return hand


def test_a_guess_the_history_refutes_is_refused() -> None:
    """Giving seat 1 (which followed clubs) a card for one of seat 3's: fine while the suits
    match what was played; a seat that did not hold a card it played is refused."""
    hand = played_normal_hand()
    view = view_of(hand, 0)
    held = list(hidden_of(hand).held)
    held[1], held[3] = held[3], held[1]
    with pytest.raises(GuessError):
        hand_from_view(view, Hidden((held[0], held[1], held[2], held[3])))


def test_a_guess_must_keep_the_seats_own_cards_and_the_deck() -> None:
    hand = played_normal_hand()
    view = view_of(hand, 0)
    a, b, c, d = hidden_of(hand).held
    with pytest.raises(GuessError):
        hand_from_view(view, Hidden((b, a, c, d)))
    with pytest.raises(GuessError):
        hand_from_view(view, Hidden((a, b, c, d.remove(next(iter(d))))))


def test_views_made_from_rebuilt_hands_are_those_of_the_real_hand() -> None:
    """Before the deal is played, the reservations, and every trick of a whole hand."""
    hand = rigged_hand(
        [
            "AC AC 10C KC AS AS 10S KS AH 9H QC QS",
            "10C KC 9C 9C 10S KS 9S 9S AH 10H KH QS",
            "JC JS JH JD AD 10D KD 9D QH QD QC 10H",
            "QH QD JC JS JH JD AD 10D KD 9D KH 9H",
        ]
    )
    rng = random.Random(5)
    while not hand.is_over:
        for seat in range(4):
            assert_rebuilds(hand, seat)
        hand.apply(random_action(hand, rng))
    assert hand.phase is Phase.DONE


def test_rebuild_in_every_phase_of_a_pagat_deal() -> None:
    dealt = deal("rebuild-phases", 0)
    hand = Hand(PAGAT, dealt.hands, dealt.dealer)
    phases = set()
    rng = random.Random(1)
    while not hand.is_over:
        phases.add(assert_rebuilds(hand, hand.to_act or 0).phase)
        hand.apply(random_action(hand, rng))
    assert {Phase.RESERVATIONS, Phase.PLAY} <= phases
