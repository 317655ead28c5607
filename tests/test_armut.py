"""docs/rules.md §5 Armut: the give, the responses in turn, the return, the trump count told to
the table, the teams, the lead, the redeal when everyone declines, and Armut switched off."""

from __future__ import annotations

from itertools import combinations

import pytest

from engine import DDV, PAGAT, Action, CardSet, Contract, Hand, IllegalAction, Phase, Team, view_of
from tests.scripting import DECK_ORDER, fill_deal, rigged_hand, run

# Seat 1 is poor (Q♦ J♦ 9♦); Q♣ are with seats 0 and 2; seat 3 has five trumps.
HANDS = [
    "10H QC QS QH JC JS JH AD 10D KD 10C KC",
    "QD JD 9D AC AC 10C AS AS 10S AH KH 9H",
    "10H QC QS QH JC JS JH AD KC 9C 10S KS",
    "QD JD 10D KD 9D 9C KS 9S 9S AH KH 9H",
]
GIVEN = "QD JD 9D"
# Declarations in order from forehand, for each dealer.
RESERVATIONS = {
    3: "0 healthy; 1 armut; 2 healthy; 3 healthy",
    0: "1 armut; 2 healthy; 3 healthy; 0 healthy",
    1: "2 healthy; 3 healthy; 0 healthy; 1 armut",
    2: "3 healthy; 0 healthy; 1 armut; 2 healthy",
}
# The responses that make a seat the acceptor (seat 2 is asked first).
ACCEPT_BY = {
    2: "2 armut-accept",
    3: "2 armut-decline; 3 armut-accept",
    0: "2 armut-decline; 3 armut-decline; 0 armut-accept",
}


def triples(cards: str) -> set[str]:
    """Every distinct choice of three of the cards (copies of a card are alike)."""
    ordered = sorted(cards.split(), key=DECK_ORDER.index)
    return {" ".join(choice) for choice in combinations(ordered, 3)}


def given(dealer: int = 3) -> Hand:
    """Seat 1 has declared Armut and handed over its three trumps."""
    return run(rigged_hand(HANDS, dealer=dealer), f"{RESERVATIONS[dealer]}; 1 armut-give {GIVEN}")


def refused(hand: Hand, seat: int, notation: str) -> bool:
    """Whether the engine refuses the action without changing the phase, turn or cards."""
    before = (hand.phase, hand.to_act, [hand.cards_of(s) for s in range(4)])
    try:
        hand.apply(Action.parse(seat, notation))
    except IllegalAction:
        return before == (hand.phase, hand.to_act, [hand.cards_of(s) for s in range(4)])
    return False


# ---- the give ----------------------------------------------------------------------------------


def test_the_poor_player_gives_after_the_reservations() -> None:
    hand = run(rigged_hand(HANDS), RESERVATIONS[3])
    assert hand.phase is Phase.ARMUT_GIVE and hand.to_act == 1
    assert hand.legal_notations(1) == [f"armut-give {GIVEN}"]
    for seat in (0, 2, 3):
        assert hand.legal_notations(seat) == []
        assert refused(hand, seat, f"armut-give {GIVEN}")


@pytest.mark.parametrize(
    "cards",
    [
        "QD JD",
        "QD JD 9D AC",
        "QD JD AC",
        "QD AC AS",
        "AC AS AH",
        "QD JD 10D",
        "QD QD JD",
        "QD QD QD",
        "",
    ],
)
def test_a_give_of_other_than_three_cards_or_leaving_a_trump_is_refused(cards: str) -> None:
    hand = run(rigged_hand(HANDS), RESERVATIONS[3])
    assert refused(hand, 1, f"armut-give {cards}".strip())
    assert hand.phase is Phase.ARMUT_GIVE and hand.cards_left(1) == 12


@pytest.mark.parametrize("order", ["QD JD 9D", "9D QD JD", "JD 9D QD"])
def test_the_give_moves_the_three_cards_away(order: str) -> None:
    hand = run(rigged_hand(HANDS), f"{RESERVATIONS[3]}; 1 armut-give {order}")
    assert hand.cards_of(1) == CardSet.parse("AC AC 10C AS AS 10S AH KH 9H")
    assert hand.armut_given == CardSet.parse(GIVEN)
    assert hand.phase is Phase.ARMUT_RESPONSE


TWO_TRUMPS = "QD 9D AC AC 10C AS AS 10S AH KH 9H 9H"
ONE_TRUMP = "9D AC 10C KC 9C AS 10S KS 9S AH KH 9H"
NO_TRUMP = "AC AC 10C 10C KC KC AS AS 10S 10S AH AH"


def test_gifts_with_two_trumps_are_both_trumps_and_any_third_card() -> None:
    hand = run(rigged_hand(fill_deal({1: TWO_TRUMPS})), RESERVATIONS[3])
    assert set(hand.legal_notations(1)) == {
        "armut-give AC QD 9D",
        "armut-give 10C QD 9D",
        "armut-give AS QD 9D",
        "armut-give 10S QD 9D",
        "armut-give AH QD 9D",
        "armut-give KH QD 9D",
        "armut-give 9H QD 9D",
    }


@pytest.mark.parametrize(
    ("cards", "trumps", "count"),
    [(TWO_TRUMPS, "QD 9D", 7), (ONE_TRUMP, "9D", 55), (NO_TRUMP, "", 50), (HANDS[1], GIVEN, 1)],
)
def test_the_legal_gifts_are_exactly_the_triples_with_all_trumps(
    cards: str, trumps: str, count: int
) -> None:
    hand = run(rigged_hand(fill_deal({1: cards})), RESERVATIONS[3])
    expected = {
        f"armut-give {choice}"
        for choice in triples(cards)
        if all(choice.split().count(t) >= trumps.split().count(t) for t in trumps.split())
    }
    assert len(expected) == count
    assert set(hand.legal_notations(1)) == expected
    assert len(hand.legal_notations(1)) == count


# ---- responses ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [3, 0, 1, 2])
def test_responses_go_in_turn_from_the_seat_after_the_poor_player(dealer: int) -> None:
    """The order does not depend on who is forehand: seats 2, 3, 0 after poor seat 1."""
    hand = given(dealer)
    for seat in (2, 3, 0):
        assert hand.phase is Phase.ARMUT_RESPONSE and hand.to_act == seat
        assert hand.legal_notations(seat) == ["armut-accept", "armut-decline"]
        for other in set(range(4)) - {seat}:
            assert hand.legal_notations(other) == []
            assert refused(hand, other, "armut-accept")
        if seat != 0:
            run(hand, f"{seat} armut-decline")
    run(hand, "0 armut-accept")
    assert hand.armut_acceptor == 0


@pytest.mark.parametrize("acceptor", [2, 3, 0])
def test_the_first_accept_takes_the_cards_and_ends_the_asking(acceptor: int) -> None:
    hand = run(given(), ACCEPT_BY[acceptor])
    assert hand.armut_acceptor == acceptor
    assert hand.phase is Phase.ARMUT_RETURN and hand.to_act == acceptor
    assert hand.cards_of(acceptor) == CardSet.parse(f"{HANDS[acceptor]} {GIVEN}")
    assert hand.cards_left(1) == 9
    for seat in set(range(4)) - {acceptor}:
        assert hand.legal_notations(seat) == []
        assert refused(hand, seat, "armut-accept")
        assert refused(hand, seat, "armut-decline")


@pytest.mark.parametrize("acceptor", [2, 3, 0])
def test_the_acceptor_may_return_any_three_of_fifteen(acceptor: int) -> None:
    hand = run(given(), ACCEPT_BY[acceptor])
    fifteen = f"{HANDS[acceptor]} {GIVEN}"
    assert set(hand.legal_notations(acceptor)) == {f"armut-return {t}" for t in triples(fifteen)}


def test_seat_zero_returns_from_fifteen_different_cards() -> None:
    """Seat 0 holds no card twice after taking Q♦ J♦ 9♦: C(15, 3) = 455 choices."""
    hand = run(given(), ACCEPT_BY[0])
    assert len(hand.legal_notations(0)) == 455


@pytest.mark.parametrize(
    "cards", ["QD JD", "QD JD 9D AD", "AC AS AH", "QD QD JD", "QD QD QD", "JD JD JD", ""]
)
def test_a_return_of_other_than_three_held_cards_is_refused(cards: str) -> None:
    hand = run(given(), ACCEPT_BY[0])
    assert refused(hand, 0, f"armut-return {cards}".strip())
    assert hand.phase is Phase.ARMUT_RETURN and hand.cards_left(0) == 15


# ---- the return, the count told, teams, lead -----------------------------------------------------


@pytest.mark.parametrize(
    ("acceptor", "returned", "trumps"),
    [
        (2, "KC 9C 10S", 0),
        (2, "10H KC 9C", 1),
        (2, "QD JD 9D", 3),
        (3, "AH KH 9H", 0),
        (3, "9S 9S 9D", 1),
        (3, "KH 10D 9S", 1),
        (3, "QD QD JD", 3),
        (0, "10C KC AD", 1),
        (0, "10H QC KC", 2),
        (0, "QC QS QD", 3),
    ],
)
def test_the_table_is_told_how_many_trumps_came_back(
    acceptor: int, returned: str, trumps: int
) -> None:
    hand = run(given(), ACCEPT_BY[acceptor])
    assert hand.armut_trumps_returned is None
    assert all(view_of(hand, seat).armut_trumps_returned is None for seat in range(4))
    run(hand, f"{acceptor} armut-return {returned}")
    assert hand.armut_trumps_returned == trumps
    assert [view_of(hand, seat).armut_trumps_returned for seat in range(4)] == [trumps] * 4
    assert hand.cards_of(1) == CardSet.parse(f"AC AC 10C AS AS 10S AH KH 9H {returned}")
    kept = CardSet.parse(f"{HANDS[acceptor]} {GIVEN}") - CardSet.parse(returned)
    assert hand.cards_of(acceptor) == kept
    assert hand.cards_left(acceptor) == 12


@pytest.mark.parametrize("acceptor", [2, 3, 0])
def test_poor_player_and_acceptor_are_re(acceptor: int) -> None:
    """Whoever holds the Q♣: with acceptor 3, both Q♣ holders (0 and 2) are Kontra."""
    hand = run(given(), f"{ACCEPT_BY[acceptor]}; {acceptor} armut-return {GIVEN}")
    assert hand.phase is Phase.PLAY
    assert hand.contract is Contract.ARMUT
    assert hand.declarer == 1 and hand.soloist is None
    re = {1, acceptor}
    assert hand.team_of == [Team.RE if s in re else Team.KONTRA for s in range(4)]


@pytest.mark.parametrize("dealer", [3, 0, 1, 2])
def test_forehand_leads_after_the_exchange(dealer: int) -> None:
    hand = run(given(dealer), f"2 armut-accept; 2 armut-return {GIVEN}")
    forehand = (dealer + 1) % 4
    assert hand.phase is Phase.PLAY
    assert hand.to_act == forehand and hand.trick_leader == forehand
    assert any(n.startswith("play") for n in hand.legal_notations(forehand))


# ---- everyone declines, Armut off ----------------------------------------------------------


def test_three_declines_mean_a_redeal() -> None:
    hand = run(given(), "2 armut-decline; 3 armut-decline; 0 armut-decline")
    assert hand.phase is Phase.REDEAL
    assert hand.is_over and hand.to_act is None
    assert hand.contract is None and hand.armut_acceptor is None
    for seat in range(4):
        assert hand.legal_notations(seat) == []
    assert refused(hand, 1, "armut-accept")
    assert refused(hand, 0, "play 10C")
    with pytest.raises(IllegalAction):
        hand.result()


def test_the_poor_player_cannot_accept_his_own_cards() -> None:
    assert refused(given(), 1, "armut-accept")


def test_armut_is_not_offered_when_the_rule_set_has_it_off() -> None:
    hand = rigged_hand(HANDS, rules=DDV)
    run(hand, "0 healthy")
    assert "armut" not in hand.legal_notations(1)
    assert refused(hand, 1, "armut")
    run(hand, "1 healthy; 2 healthy; 3 healthy")
    assert hand.contract is Contract.NORMAL
    assert hand.team_of == [Team.RE, Team.KONTRA, Team.RE, Team.KONTRA]


def test_armut_is_offered_under_pagat() -> None:
    hand = run(rigged_hand(HANDS, rules=PAGAT), "0 healthy")
    assert "armut" in hand.legal_notations(1)
