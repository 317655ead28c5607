"""docs/rules.md §5: the order of declarations, who may declare what, which reservation wins, and
the contract, soloist, teams and leader that follow."""

from __future__ import annotations

import pytest

from engine import DDV, PAGAT, Action, Contract, IllegalAction, Phase, RuleSet, Team, with_toggles
from tests.scripting import all_healthy, fill_deal, rigged_hand, run

SOLO_NAMES = [
    "solo-clubs",
    "solo-diamonds",
    "solo-fleischlos",
    "solo-hearts",
    "solo-jacks",
    "solo-queens",
    "solo-spades",
]
ALWAYS = {"healthy", *SOLO_NAMES}


# Q♣ split between seats 0 and 1: a normal game with Re = {0, 1}.
SPLIT = [
    "10H QC QS QH QD JC JS AD AC 10C AS AH",
    "10H QC QS QH QD JC JS AD AC 10C AS AH",
    "JH JD 10D KD 9D KC 9C 10S KS 9S KH 9H",
    "JH JD 10D KD 9D KC 9C 10S KS 9S KH 9H",
]
# Seat 0 holds both Q♣ (Hochzeit possible); seats 1 and 3 hold three trumps each (Armut
# possible); seat 2 holds eight trumps.
MIXED = [
    "QC QC 10H 10H QS QS QH QH JC JC JS JS",
    "QD JD 9D AC AC 10C 10C KC KC 9C 9C AS",
    "JH JH AD AD 10D 10D KD KD KS KS 9S 9S",
    "QD JD 9D AH AH KH KH 9H 9H AS 10S 10S",
]


def refuses(hand, seat: int, notation: str) -> bool:
    """Whether the engine refuses the action and leaves the reservations as they were."""
    before = (list(hand.declarations), hand.to_act, hand.phase)
    try:
        hand.apply(Action.parse(seat, notation))
    except IllegalAction:
        return before == (list(hand.declarations), hand.to_act, hand.phase)
    return False


# ---- order ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_forehand_declares_first_and_the_turn_passes_left(dealer: int) -> None:
    hand = rigged_hand(SPLIT, dealer=dealer)
    order = [(dealer + 1 + i) % 4 for i in range(4)]
    for position, seat in enumerate(order):
        assert hand.phase is Phase.RESERVATIONS
        assert hand.to_act == seat
        for other in range(4):
            if other != seat:
                assert hand.legal_notations(other) == []
                assert refuses(hand, other, "healthy")
        run(hand, f"{seat} healthy")
        assert [s for s, _ in hand.declarations] == order[: position + 1]
    assert hand.phase is Phase.PLAY


def test_every_seat_declares_even_after_a_solo() -> None:
    hand = run(rigged_hand(MIXED), "0 solo-queens")
    assert hand.phase is Phase.RESERVATIONS and hand.to_act == 1
    assert set(hand.legal_notations(1)) == ALWAYS | {"armut"}
    run(hand, "1 solo-clubs")
    assert hand.to_act == 2
    assert set(hand.legal_notations(2)) == ALWAYS
    run(hand, "2 healthy")
    assert hand.to_act == 3 and hand.phase is Phase.RESERVATIONS
    run(hand, "3 healthy")
    assert [(s, str(act)) for s, act in hand.declarations] == [
        (0, "solo-queens"),
        (1, "solo-clubs"),
        (2, "healthy"),
        (3, "healthy"),
    ]
    assert hand.phase is Phase.PLAY


def test_each_seat_declares_only_once() -> None:
    hand = run(rigged_hand(SPLIT), "0 healthy")
    assert refuses(hand, 0, "healthy")
    assert refuses(hand, 0, "solo-jacks")
    run(hand, "1 healthy; 2 healthy; 3 healthy")
    assert hand.phase is Phase.PLAY
    for seat in range(4):
        assert "healthy" not in hand.legal_notations(seat)
        with pytest.raises(IllegalAction):
            hand.apply(Action.parse(seat, "healthy"))
    assert len(hand.declarations) == 4


def test_no_card_is_played_during_the_reservations() -> None:
    hand = rigged_hand(SPLIT)
    with pytest.raises(IllegalAction):
        hand.apply(Action.parse(0, "play AC"))
    assert hand.cards_left(0) == 12 and hand.current_trick() == []


# ---- eligibility ---------------------------------------------------------------------------

PIGS = with_toggles(PAGAT, {"schweinchen": True})
DDV_ARMUT = with_toggles(DDV, {"armut": True})


@pytest.mark.parametrize(
    ("why", "cards", "rules", "extra"),
    [
        ("both Q♣, 6 trumps", "QC QC 10H QS JC AD AC 10C AS 10S AH KH", PAGAT, {"hochzeit"}),
        ("one Q♣, 6 trumps", "QC QS 10H JC AD 10D AC 10C AS 10S AH KH", PAGAT, set()),
        ("3 trumps", "QD JH 9D AC AC 10C KC AS 10S KS AH KH", PAGAT, {"armut"}),
        ("4 trumps", "QD JH 9D 10D AC 10C KC AS 10S KS AH KH", PAGAT, set()),
        ("no trump", "AC AC 10C 10C KC KC AS AS 10S 10S AH AH", PAGAT, {"armut"}),
        ("10♥ counts, hearts not", "10H 10H 9D AH AH KH KH 9H 9H AC AS KS", PAGAT, {"armut"}),
        ("two 10♥ + 2 trumps", "10H 10H 9D QS AH AH KH KH 9H 9H AC AS", PAGAT, set()),
        ("Q♣ Q♣, 3 trumps", "QC QC 9D AC AC 10C KC AS AS 10S AH KH", PAGAT, {"hochzeit", "armut"}),
        ("3 trumps, ddv", "QD JH 9D AC AC 10C KC AS 10S KS AH KH", DDV, set()),
        ("both Q♣, 3 trumps, ddv", "QC QC 9D AC AC 10C KC AS AS 10S AH KH", DDV, {"hochzeit"}),
        ("3 trumps, ddv+armut", "QD JH 9D AC AC 10C KC AS 10S KS AH KH", DDV_ARMUT, {"armut"}),
        ("Schweinchen + 1 trump", "AD AD 9D AC 10C KC AS 10S KS AH KH 9H", PIGS, {"armut"}),
        ("Schweinchen + 2 trumps", "AD AD 9D KD AC 10C KC AS 10S KS AH KH", PIGS, set()),
    ],
)
def test_eligibility(why: str, cards: str, rules: RuleSet, extra: set[str]) -> None:
    hand = rigged_hand(fill_deal({0: cards}), rules=rules)
    assert set(hand.legal_notations(0)) == ALWAYS | extra, why
    for name in {"hochzeit", "armut"} - extra:
        assert refuses(hand, 0, name), why


@pytest.mark.parametrize("solo", SOLO_NAMES)
def test_solos_need_nothing(solo: str) -> None:
    """A hand with no trump of the normal game may still declare any solo."""
    cards = "AC AC 10C 10C KC KC AS AS 10S 10S AH AH"
    hand = run(rigged_hand(fill_deal({0: cards}), rules=DDV), f"0 {solo}")
    run(hand, "1 healthy; 2 healthy; 3 healthy")
    assert hand.contract is Contract(solo)
    assert hand.soloist == 0


# ---- priority and the resulting contract -----------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "script", "contract", "declarer"),
    [
        (3, "0 hochzeit; 1 healthy; 2 healthy; 3 healthy", "hochzeit", 0),
        (3, "0 hochzeit; 1 solo-clubs; 2 healthy; 3 healthy", "solo-clubs", 1),
        (3, "0 hochzeit; 1 healthy; 2 healthy; 3 solo-diamonds", "solo-diamonds", 3),
        (3, "0 hochzeit; 1 armut; 2 healthy; 3 healthy", "armut", 1),
        (3, "0 healthy; 1 armut; 2 healthy; 3 armut", "armut", 1),
        (3, "0 healthy; 1 armut; 2 solo-hearts; 3 armut", "solo-hearts", 2),
        (3, "0 solo-jacks; 1 armut; 2 healthy; 3 healthy", "solo-jacks", 0),
        (3, "0 solo-queens; 1 healthy; 2 solo-jacks; 3 healthy", "solo-queens", 0),
        (3, "0 healthy; 1 solo-fleischlos; 2 healthy; 3 solo-diamonds", "solo-fleischlos", 1),
        (3, "0 healthy; 1 healthy; 2 healthy; 3 healthy", "silent-solo", 0),
        (1, "2 healthy; 3 armut; 0 healthy; 1 armut", "armut", 3),
        (1, "2 solo-spades; 3 healthy; 0 healthy; 1 solo-clubs", "solo-spades", 2),
        (1, "2 healthy; 3 armut; 0 hochzeit; 1 healthy", "armut", 3),
        (2, "3 solo-clubs; 0 healthy; 1 solo-spades; 2 healthy", "solo-clubs", 3),
        (2, "3 armut; 0 hochzeit; 1 healthy; 2 healthy", "armut", 3),
        (2, "3 healthy; 0 hochzeit; 1 armut; 2 healthy", "armut", 1),
        (2, "3 healthy; 0 hochzeit; 1 armut; 2 solo-hearts", "solo-hearts", 2),
        (0, "1 armut; 2 solo-queens; 3 solo-jacks; 0 hochzeit", "solo-queens", 2),
    ],
)
def test_priority(dealer: int, script: str, contract: str, declarer: int) -> None:
    """Any solo beats Armut beats Hochzeit; among equals the earlier declarer from forehand."""
    hand = run(rigged_hand(MIXED, dealer=dealer), script)
    forehand = (dealer + 1) % 4
    if contract == "armut":
        assert hand.phase is Phase.ARMUT_GIVE
        assert hand.declarer == declarer and hand.to_act == declarer
        assert hand.contract is None
        return
    assert hand.phase is Phase.PLAY
    assert hand.contract is Contract(contract)
    assert hand.declarer == declarer
    assert hand.to_act == forehand and hand.trick_leader == forehand
    if contract != "hochzeit":
        assert hand.soloist == declarer
        assert hand.team_of == [Team.RE if s == declarer else Team.KONTRA for s in range(4)]


@pytest.mark.parametrize(
    ("hands", "re_seats"),
    [
        (SPLIT, {0, 1}),
        ([SPLIT[2], SPLIT[0], SPLIT[3], SPLIT[1]], {1, 3}),
        ([SPLIT[0], SPLIT[2], SPLIT[1], SPLIT[3]], {0, 2}),
    ],
)
@pytest.mark.parametrize("dealer", [0, 3])
def test_all_healthy_is_a_normal_game_with_the_q_clubs_holders_re(
    hands: list[str], re_seats: set[int], dealer: int
) -> None:
    hand = all_healthy(rigged_hand(hands, dealer=dealer))
    assert hand.contract is Contract.NORMAL
    assert hand.soloist is None
    assert hand.team_of == [Team.RE if s in re_seats else Team.KONTRA for s in range(4)]
    assert hand.to_act == (dealer + 1) % 4


@pytest.mark.parametrize("holder", [0, 1, 2, 3])
def test_healthy_with_both_q_clubs_is_a_silent_solo(holder: int) -> None:
    others = [s for s in range(4) if s != holder]
    hands = fill_deal({holder: MIXED[0]})
    hand = all_healthy(rigged_hand(hands, dealer=2))
    assert hand.contract is Contract.SILENT_SOLO
    assert hand.soloist == holder
    assert hand.team_of[holder] is Team.RE
    assert all(hand.team_of[s] is Team.KONTRA for s in others)
    assert hand.to_act == 3


@pytest.mark.parametrize(
    ("script", "leader"),
    [
        ("1 healthy; 2 solo-hearts; 3 healthy; 0 healthy", 2),
        ("1 healthy; 2 healthy; 3 solo-fleischlos; 0 healthy", 3),
        ("1 healthy; 2 healthy; 3 healthy; 0 solo-queens", 0),
        ("1 healthy; 2 healthy; 3 healthy; 0 hochzeit", 1),
        ("1 healthy; 2 healthy; 3 healthy; 0 healthy", 1),
    ],
)
def test_soloist_leads_toggle_moves_only_a_declared_solo(script: str, leader: int) -> None:
    """With `soloist_leads` a declared soloist leads; a Hochzeit and a silent solo (both by
    seat 0 here) leave the lead with forehand, seat 1."""
    rules = with_toggles(PAGAT, {"soloist_leads": True})
    hand = run(rigged_hand(MIXED, dealer=0, rules=rules), script)
    assert hand.phase is Phase.PLAY
    assert hand.to_act == leader and hand.trick_leader == leader


def test_without_soloist_leads_forehand_leads_a_declared_solo() -> None:
    hand = run(rigged_hand(MIXED, dealer=0), "1 healthy; 2 healthy; 3 solo-spades; 0 healthy")
    assert hand.contract is Contract.SOLO_SPADES
    assert hand.to_act == 1
