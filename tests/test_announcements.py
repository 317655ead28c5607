"""docs/rules.md §6: announcement deadlines counted in cards still in the announcer's hand,
replies, late replies, skips, repeats, team names, and when announcements are possible at all.

Positions are built from rigged hands: everyone says healthy, then the seat to act plays its
first legal card until the announcer holds the wanted number of cards.
"""

from __future__ import annotations

import pytest

from engine import (
    DDV,
    PAGAT,
    Action,
    Hand,
    IllegalAction,
    Phase,
    RuleSet,
    Step,
    Team,
    view_of,
    with_toggles,
)
from engine.refusals import Refusal
from tests.scripting import NORMAL, SILENT, all_healthy, rigged_hand, run

# Ten cards each, no nines; Re = {0, 1}.
WITHOUT_NINES = [
    "10H QC QS QH QD JC AD AC AS AH",
    "10H QC QS QH QD JC AD AC AS AH",
    "JS JH JD 10D KD 10C KC 10S KS KH",
    "JS JH JD 10D KD 10C KC 10S KS KH",
]
# Seat 1 is poor (three trumps).
ARMUT = [
    "10H QC QS QH JC JS JH AD 10D KD 10C KC",
    "QD JD 9D AC AC 10C AS AS 10S AH KH 9H",
    "10H QC QS QH JC JS JH AD KC 9C 10S KS",
    "QD JD 10D KD 9D 9C KS 9S 9S AH KH 9H",
]
CALLS = ("re", "kontra", "no90", "no60", "no30", "schwarz")


def played_by(hand: Hand, seat: int) -> int:
    in_tricks = sum(1 for trick in hand.tricks for s, _ in trick.plays() if s == seat)
    return in_tricks + sum(1 for s, _ in hand.current_trick() if s == seat)


def advance_until(hand: Hand, seat: int, cards: int) -> Hand:
    """Plays the first legal card of the seat to act until `seat` holds `cards` cards; a seat
    that has played k cards must hold the dealt number minus k."""
    assert hand.cards_left(seat) >= cards, "that moment has passed"
    while hand.cards_left(seat) > cards:
        to_act = hand.to_act
        assert to_act is not None
        play = next(n for n in hand.legal_notations(to_act) if n.startswith("play "))
        run(hand, f"{to_act} {play}")
    dealt = hand.rules.cards_per_seat
    assert all(hand.cards_left(s) == dealt - played_by(hand, s) for s in range(4))
    return hand


def announcement_legal(hand: Hand, seat: int, call: str) -> bool:
    """Whether `announce call` is legal for the seat; the legal list and `apply` must agree,
    and a refused call must change nothing."""
    notation = f"announce {call}"
    listed = notation in hand.legal_notations(seat)
    before = (len(hand.announcements), dict(hand.calls))
    try:
        hand.apply(Action.parse(seat, notation))
    except IllegalAction:
        assert not listed, f"{notation} is listed for seat {seat} but refused"
        assert before == (len(hand.announcements), dict(hand.calls))
        return False
    assert listed, f"{notation} is applied for seat {seat} but not listed"
    return True


def position(deal: list[str], rules: RuleSet, before: str, seat: int, cards: int) -> Hand:
    """All healthy; each earlier call `SEAT:CARDS CALL` (`;`-separated, in the order they
    happen) made when that seat holds CARDS cards; then on until `seat` holds `cards`."""
    hand = all_healthy(rigged_hand(deal, rules=rules))
    for event in filter(None, (e.strip() for e in before.split(";"))):
        at, call = event.split(" ")
        caller, held = (int(x) for x in at.split(":"))
        advance_until(hand, caller, held)
        assert announcement_legal(hand, caller, call), f"setup {event}"
    return advance_until(hand, seat, cards)


def both(before: str, seat: int, cards: int, call: str, legal: bool) -> list[tuple]:
    return [("pagat", before, seat, cards, call, legal), ("ddv", before, seat, cards, call, legal)]


PRESET = {"pagat": PAGAT, "ddv": DDV}

# (preset, earlier calls, announcer, cards in the announcer's hand, call, legal?)
# Seats 0 and 1 are Re, 2 and 3 Kontra.
TABLE = [
    # §6.1 first announcements: Re/Kontra >= 11, no 90 >= 10, no 60 >= 9, no 30 >= 8, schwarz >= 7
    *both("", 0, 12, "re", True),
    *both("", 0, 11, "re", True),
    *both("", 0, 10, "re", False),
    *both("", 1, 11, "re", True),
    *both("", 1, 10, "re", False),
    *both("", 2, 12, "kontra", True),
    *both("", 2, 11, "kontra", True),
    *both("", 2, 10, "kontra", False),
    *both("", 3, 11, "kontra", True),
    *both("", 3, 10, "kontra", False),
    *both("0:12 re", 1, 10, "no90", True),
    *both("0:12 re", 1, 9, "no90", False),
    *both("0:12 re", 0, 10, "no90", True),
    *both("0:12 re", 0, 9, "no90", False),
    *both("2:12 kontra", 3, 10, "no90", True),
    *both("2:12 kontra", 3, 9, "no90", False),
    *both("0:12 re; 0:12 no90", 1, 9, "no60", True),
    *both("0:12 re; 0:12 no90", 1, 8, "no60", False),
    *both("2:12 kontra; 3:11 no90", 2, 9, "no60", True),
    *both("2:12 kontra; 3:11 no90", 2, 8, "no60", False),
    *both("0:12 no60", 1, 8, "no30", True),
    *both("0:12 no60", 1, 7, "no30", False),
    *both("2:11 no60", 3, 8, "no30", True),
    *both("2:11 no60", 3, 7, "no30", False),
    *both("0:12 no30", 0, 7, "schwarz", True),
    *both("0:12 no30", 0, 6, "schwarz", False),
    *both("3:12 no30", 2, 7, "schwarz", True),
    *both("3:12 no30", 2, 6, "schwarz", False),
    # §6.2 skips: each skipped call must be legal in turn
    *both("", 2, 11, "no60", True),
    *both("", 2, 11, "schwarz", True),
    *both("", 0, 11, "no30", True),
    *both("", 0, 10, "no90", False),
    *both("", 0, 10, "no60", False),
    *both("", 3, 9, "no60", False),
    *both("0:12 re", 1, 10, "no60", True),
    *both("0:12 re", 1, 9, "no60", False),
    *both("0:12 re", 1, 8, "no30", False),
    *both("0:12 re", 0, 10, "schwarz", True),
    *both("0:12 re", 0, 9, "schwarz", False),
    # §6.3 replies: one card fewer than the other team's highest step deadline
    *both("0:12 re", 2, 10, "kontra", True),
    *both("0:12 re", 2, 9, "kontra", False),
    *both("0:12 re", 3, 10, "kontra", True),
    *both("2:12 kontra", 0, 10, "re", True),
    *both("2:12 kontra", 0, 9, "re", False),
    *both("3:11 kontra", 1, 10, "re", True),
    *both("0:12 no90", 2, 9, "kontra", True),
    *both("0:12 no90", 2, 8, "kontra", False),
    *both("0:12 re", 3, 9, "kontra", False),
    *both("0:12 re; 1:10 no90", 3, 9, "kontra", True),
    *both("0:12 re; 1:10 no90", 2, 8, "kontra", False),
    *both("0:12 no60", 2, 8, "kontra", True),
    *both("0:12 no60", 2, 7, "kontra", False),
    *both("1:12 no30", 3, 7, "kontra", True),
    *both("1:12 no30", 3, 6, "kontra", False),
    *both("0:12 schwarz", 2, 6, "kontra", True),
    *both("0:12 schwarz", 2, 5, "kontra", False),
    *both("2:12 no60", 1, 8, "re", True),
    *both("2:12 no60", 1, 7, "re", False),
    # only Re/Kontra can be a reply
    *both("0:12 no60", 2, 8, "no90", False),
    *both("0:12 no90", 3, 9, "no90", False),
    # a timely reply lets the team go on under both presets
    *both("0:12 re; 2:11 kontra", 3, 10, "no90", True),
    *both("0:12 re; 2:11 kontra", 2, 10, "no60", True),
    # a late reply: pagat goes on within the normal deadlines, ddv stops the whole team
    ("pagat", "0:12 re; 2:10 kontra", 3, 10, "no90", True),
    ("ddv", "0:12 re; 2:10 kontra", 3, 10, "no90", False),
    ("pagat", "0:12 re; 2:10 kontra", 2, 10, "no90", True),
    ("ddv", "0:12 re; 2:10 kontra", 2, 10, "no90", False),
    ("ddv", "0:12 re; 2:10 kontra", 3, 10, "schwarz", False),
    *both("0:12 re; 2:10 kontra", 3, 9, "no90", False),
    ("pagat", "0:12 re", 2, 10, "no90", True),
    ("ddv", "0:12 re", 2, 10, "no90", False),
    ("pagat", "0:12 re", 3, 10, "no60", True),
    ("ddv", "0:12 re", 3, 10, "no60", False),
    *both("0:12 re", 3, 10, "kontra", True),
    ("pagat", "2:12 kontra; 1:10 re", 0, 10, "no90", True),
    ("ddv", "2:12 kontra; 1:10 re", 0, 10, "no90", False),
    ("pagat", "0:12 no90; 3:9 kontra", 2, 9, "no60", False),
    *both("0:12 re; 2:10 kontra", 1, 10, "no90", True),
    # repeating or lowering is illegal; skipped steps count as announced
    *both("0:12 re", 1, 12, "re", False),
    *both("0:12 re", 0, 11, "re", False),
    *both("0:12 no90", 1, 11, "re", False),
    *both("0:12 no90", 1, 11, "no90", False),
    *both("0:12 no90", 1, 11, "no60", True),
    *both("2:12 no60", 3, 11, "kontra", False),
    *both("2:12 no60", 3, 11, "no90", False),
    *both("2:12 no60", 3, 11, "no60", False),
    *both("2:12 no60", 3, 11, "no30", True),
    # re/kontra must name the announcer's own team
    *both("", 0, 12, "kontra", False),
    *both("", 2, 12, "re", False),
    *both("0:12 re", 2, 12, "re", False),
    *both("0:12 re", 2, 12, "kontra", True),
    *both("2:12 kontra", 0, 12, "kontra", False),
    *both("2:12 kontra", 1, 12, "re", True),
]


@pytest.mark.parametrize(("preset", "before", "seat", "cards", "call", "legal"), TABLE)
def test_deadlines(preset: str, before: str, seat: int, cards: int, call: str, legal: bool) -> None:
    hand = position(NORMAL, PRESET[preset], before, seat, cards)
    assert hand.cards_left(seat) == cards
    assert announcement_legal(hand, seat, call) is legal


@pytest.mark.parametrize(
    ("before", "seat", "cards", "call", "re_step", "kontra_step"),
    [
        ("", 2, 11, "no60", Step.NONE, Step.NO60),
        ("", 0, 12, "schwarz", Step.SCHWARZ, Step.NONE),
        ("0:12 re", 3, 10, "no90", Step.TEAM, Step.NO90),
        ("0:12 no90", 2, 9, "kontra", Step.NO90, Step.TEAM),
    ],
)
def test_a_skip_announces_every_step_below_it(
    before: str, seat: int, cards: int, call: str, re_step: Step, kontra_step: Step
) -> None:
    hand = position(NORMAL, PAGAT, before, seat, cards)
    assert announcement_legal(hand, seat, call)
    for viewer in range(4):
        assert view_of(hand, viewer).announced == {Team.RE: re_step, Team.KONTRA: kontra_step}


@pytest.mark.parametrize(
    ("preset", "before", "seat", "cards", "call", "late"),
    [
        ("pagat", "", 0, 10, "no90", "re"),
        ("ddv", "", 2, 9, "no60", "kontra"),
        ("pagat", "0:12 re", 0, 9, "no90", "no90"),
        ("pagat", "0:12 re", 1, 9, "no30", "no90"),
        ("ddv", "0:12 re", 2, 10, "no60", "no90"),
        ("ddv", "0:12 re", 3, 10, "no90", "no90"),
    ],
)
def test_a_refused_call_names_the_first_step_that_is_late(
    preset: str, before: str, seat: int, cards: int, call: str, late: str
) -> None:
    """§6.2: a jump fails at its first late step, and the refusal names that step (after a
    late ddv reply, §6.3, the step after the reply), not the call asked for."""
    hand = position(NORMAL, PRESET[preset], before, seat, cards)
    with pytest.raises(IllegalAction) as refused:
        hand.apply(Action.parse(seat, f"announce {call}"))
    reason = refused.value.reason
    assert reason is not None and reason.params["call"] == late
    expected = Refusal.TOO_LATE if late == call else Refusal.LOWER_TOO_LATE
    assert reason.code is expected
    assert reason.params.get("asked") == (None if late == call else call)


NINES_OFF = {
    "pagat": with_toggles(PAGAT, {"without_nines": True}),
    "ddv": with_toggles(DDV, {"without_nines": True}),
}


@pytest.mark.parametrize("preset", ["pagat", "ddv"])
@pytest.mark.parametrize(
    ("before", "seat", "cards", "call", "legal"),
    [
        ("", 0, 10, "re", True),
        ("", 0, 9, "re", True),
        ("", 0, 8, "re", False),
        ("", 2, 9, "kontra", True),
        ("", 2, 8, "kontra", False),
        ("0:10 re", 1, 8, "no90", True),
        ("0:10 re", 1, 7, "no90", False),
        ("0:10 no90", 1, 7, "no60", True),
        ("0:10 no90", 1, 6, "no60", False),
        ("0:10 no60", 1, 6, "no30", True),
        ("0:10 no60", 1, 5, "no30", False),
        ("0:10 no30", 1, 5, "schwarz", True),
        ("0:10 no30", 1, 4, "schwarz", False),
        ("0:10 re", 2, 8, "kontra", True),
        ("0:10 re", 2, 7, "kontra", False),
        ("", 3, 9, "no60", True),
        ("", 3, 8, "no60", False),
    ],
)
def test_deadlines_without_nines(
    preset: str, before: str, seat: int, cards: int, call: str, legal: bool
) -> None:
    """Ten cards each; every deadline two cards lower: 9, 8, 7, 6, 5 (replies 8, 7, …)."""
    hand = position(WITHOUT_NINES, NINES_OFF[preset], before, seat, cards)
    assert announcement_legal(hand, seat, call) is legal


@pytest.mark.parametrize("preset", ["pagat", "ddv"])
def test_silent_soloist_announces_re_and_the_others_kontra(preset: str) -> None:
    hand = all_healthy(rigged_hand(SILENT, rules=PRESET[preset]))
    assert hand.soloist == 1
    assert "announce re" in hand.legal_notations(1)
    assert "announce kontra" not in hand.legal_notations(1)
    for seat in (0, 2, 3):
        assert "announce kontra" in hand.legal_notations(seat)
        assert "announce re" not in hand.legal_notations(seat)
        assert not announcement_legal(hand, seat, "re")
    assert not announcement_legal(hand, 1, "kontra")
    assert announcement_legal(hand, 1, "re")
    assert announcement_legal(hand, 0, "kontra")


# ---- when announcements are possible --------------------------------------------------------


@pytest.mark.parametrize("plays", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_any_seat_may_announce_when_not_on_turn(plays: int, seat: int) -> None:
    hand = all_healthy(rigged_hand(NORMAL))
    for _ in range(plays):
        to_act = hand.to_act
        assert to_act is not None
        play = next(n for n in hand.legal_notations(to_act) if n.startswith("play "))
        run(hand, f"{to_act} {play}")
    if hand.to_act == seat:
        return
    own = "re" if seat in (0, 1) else "kontra"
    assert hand.legal_notations(seat) == sorted(
        f"announce {call}" for call in (own, "no90", "no60", "no30", "schwarz")
    )
    to_act = hand.to_act
    assert announcement_legal(hand, seat, own)
    assert hand.to_act == to_act
    assert hand.announcements[-1].seat == seat


@pytest.mark.parametrize("declared", [0, 1, 2, 3])
def test_no_announcement_during_the_reservations(declared: int) -> None:
    hand = rigged_hand(NORMAL)
    for seat in range(declared):
        run(hand, f"{seat} healthy")
    assert hand.phase is Phase.RESERVATIONS
    for seat in range(4):
        assert not any(n.startswith("announce") for n in hand.legal_notations(seat))
        for call in CALLS:
            assert not announcement_legal(hand, seat, call)


ARMUT_STAGES = [
    "0 healthy; 1 armut; 2 healthy; 3 healthy",
    "0 healthy; 1 armut; 2 healthy; 3 healthy; 1 armut-give QD JD 9D",
    "0 healthy; 1 armut; 2 healthy; 3 healthy; 1 armut-give QD JD 9D; 2 armut-decline",
    "0 healthy; 1 armut; 2 healthy; 3 healthy; 1 armut-give QD JD 9D; 2 armut-accept",
]


@pytest.mark.parametrize("script", ARMUT_STAGES)
def test_no_announcement_during_the_armut_exchange(script: str) -> None:
    hand = run(rigged_hand(ARMUT), script)
    assert hand.phase in (Phase.ARMUT_GIVE, Phase.ARMUT_RESPONSE, Phase.ARMUT_RETURN)
    for seat in range(4):
        assert not any(n.startswith("announce") for n in hand.legal_notations(seat))
        for call in CALLS:
            assert not announcement_legal(hand, seat, call)


def test_announcements_open_when_the_armut_exchange_ends() -> None:
    hand = run(rigged_hand(ARMUT), f"{ARMUT_STAGES[-1]}; 2 armut-return QD JD 9D")
    assert hand.phase is Phase.PLAY
    assert announcement_legal(hand, 3, "kontra")
    assert announcement_legal(hand, 1, "re")


@pytest.mark.parametrize("preset", ["pagat", "ddv"])
def test_no_announcement_after_the_last_card(preset: str) -> None:
    hand = all_healthy(rigged_hand(NORMAL, rules=PRESET[preset]))
    while not hand.is_over:
        to_act = hand.to_act
        assert to_act is not None
        play = next(n for n in hand.legal_notations(to_act) if n.startswith("play "))
        run(hand, f"{to_act} {play}")
    assert hand.phase is Phase.DONE
    for seat in range(4):
        assert hand.legal_notations(seat) == []
        for call in CALLS:
            assert not announcement_legal(hand, seat, call)


@pytest.mark.parametrize(
    ("before", "seat", "cards", "call", "trick"),
    [
        ("", 2, 12, "kontra", 1),
        ("", 0, 11, "re", 1),
        ("", 2, 11, "kontra", 1),
        ("", 3, 11, "kontra", 2),
        ("0:12 re", 1, 10, "no90", 2),
        ("2:12 kontra", 3, 10, "no90", 3),
    ],
)
def test_an_announcement_records_trick_and_cards_left(
    before: str, seat: int, cards: int, call: str, trick: int
) -> None:
    """The trick is the one being played: seat 3's first card completes trick 1 (led by
    seat 0), so its call then falls in trick 2; seat 0 also wins trick 1 (10♣ first) and
    leads trick 2, which seat 3's second card completes."""
    hand = position(NORMAL, PAGAT, before, seat, cards)
    assert announcement_legal(hand, seat, call)
    last = hand.announcements[-1]
    assert (last.seat, last.call.value, last.trick, last.cards_left) == (seat, call, trick, cards)
    for viewer in range(4):
        assert view_of(hand, viewer).announcements[-1] == last
