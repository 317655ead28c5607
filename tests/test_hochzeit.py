"""docs/rules.md §5 Hochzeit and §6.4: the clarification trick, the Hochzeit played alone, and the
announcement deadlines after the clarification."""

from __future__ import annotations

import pytest

from engine import DDV, PAGAT, Action, Contract, Hand, IllegalAction, RuleSet, Team
from tests.helpers.hochzeit import HANDS, RESERVATIONS, hochzeit, trick_plays, winners_for
from tests.scripting import rigged_hand, run


def first_play(hand: Hand) -> Action:
    seat = hand.to_act
    assert seat is not None
    return next(a for a in hand.legal_actions(seat) if a.act.value == "play")


def advance_until(hand: Hand, seat: int, cards: int) -> Hand:
    """Plays the first legal card of the seat to act until `seat` holds `cards` cards."""
    assert hand.cards_left(seat) >= cards, "that moment has passed"
    while hand.cards_left(seat) > cards:
        hand.apply(first_play(hand))
    return hand


def announcement_legal(hand: Hand, seat: int, call: str) -> bool:
    """Whether `announce call` is legal for the seat; the list and `apply` must agree."""
    notation = f"announce {call}"
    listed = notation in hand.legal_notations(seat)
    try:
        hand.apply(Action.parse(seat, notation))
    except IllegalAction:
        assert not listed, f"{notation} is listed but refused"
        return False
    assert listed, f"{notation} is applied but not listed"
    return True


def no_announcement_possible(hand: Hand) -> bool:
    """No seat has an announcement in its list and every Re/Kontra call is refused."""
    for seat in range(4):
        if any(n.startswith("announce") for n in hand.legal_notations(seat)):
            return False
        for call in ("re", "kontra", "no90"):
            try:
                hand.apply(Action.parse(seat, f"announce {call}"))
            except IllegalAction:
                continue
            return False
    return True


# ---- clarification ---------------------------------------------------------------------------


@pytest.mark.parametrize("clarification", [1, 2, 3])
@pytest.mark.parametrize("partner", [1, 2, 3])
def test_first_other_winner_of_the_first_three_tricks_is_the_partner(
    clarification: int, partner: int
) -> None:
    hand = hochzeit(PAGAT, winners_for(clarification, partner)[:-1])
    assert hand.clarification is None
    assert hand.contract is Contract.HOCHZEIT
    run(hand, "; ".join(trick_plays(clarification, partner)))
    assert hand.tricks[-1].winner == partner
    assert hand.clarification == clarification
    assert hand.contract is Contract.HOCHZEIT
    assert hand.soloist is None
    re = {0, partner}
    assert hand.team_of == [Team.RE if s in re else Team.KONTRA for s in range(4)]


@pytest.mark.parametrize("partner", [1, 2, 3])
def test_later_tricks_do_not_change_the_partner(partner: int) -> None:
    hand = hochzeit(PAGAT, [partner])
    while not hand.is_over:
        hand.apply(first_play(hand))
    assert {t.winner for t in hand.tricks[1:]} - {0, partner}, "some third seat won a trick"
    assert hand.clarification == 1
    assert hand.contract is Contract.HOCHZEIT
    re = {0, partner}
    assert hand.team_of == [Team.RE if s in re else Team.KONTRA for s in range(4)]
    assert sorted(hand.result().re) == sorted(re)


def test_hochzeit_player_winning_all_three_plays_a_solo() -> None:
    hand = hochzeit(PAGAT, [0, 0])
    assert hand.clarification is None and hand.contract is Contract.HOCHZEIT
    run(hand, "; ".join(trick_plays(3, 0)))
    assert hand.clarification == 3
    assert hand.contract is Contract.HOCHZEIT_SOLO
    assert hand.soloist == 0
    assert hand.team_of == [Team.RE, Team.KONTRA, Team.KONTRA, Team.KONTRA]
    while not hand.is_over:
        hand.apply(first_play(hand))
    result = hand.result().to_json()
    assert result["contract"] == "hochzeit-solo"
    assert result["soloist"] == 0
    assert result["re"] == [0] and result["kontra"] == [1, 2, 3]


# ---- no announcement before the clarification trick is complete ----------------------------


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
@pytest.mark.parametrize(("clarification", "partner"), [(1, 2), (2, 3), (3, 1), (3, None)], ids=str)
def test_nobody_announces_before_the_clarification_trick_is_complete(
    rules: RuleSet, clarification: int, partner: int | None
) -> None:
    hand = run(rigged_hand(HANDS, rules=rules), RESERVATIONS)
    plays = [
        p for n, w in enumerate(winners_for(clarification, partner), 1) for p in trick_plays(n, w)
    ]
    assert no_announcement_possible(hand)
    for play in plays[:-1]:
        run(hand, play)
        assert no_announcement_possible(hand), f"after {play}"
    run(hand, plays[-1])
    assert hand.clarification == clarification
    assert announcement_legal(hand, 0, "re")


# ---- deadlines after the clarification -------------------------------------------------------
# (preset, clarification trick, fewest cards for: first Re/Kontra, no 90 after Re, reply to Re).
# pagat drops every deadline by k, ddv by k - 1; the normal values are 11, 10 and 10.
DEADLINES = [
    ("pagat", 1, 10, 9, 9),
    ("pagat", 2, 9, 8, 8),
    ("pagat", 3, 8, 7, 7),
    ("ddv", 1, 11, 10, 10),
    ("ddv", 2, 10, 9, 9),
    ("ddv", 3, 9, 8, 8),
]
PRESET = {"pagat": PAGAT, "ddv": DDV}


def situations() -> list[tuple[str, int, int | None, str, int, str, int]]:
    """(preset, k, partner, what, announcer, call, fewest cards) for every row of DEADLINES,
    once with a partner found in trick k and once for k = 3 played alone."""
    rows = []
    for preset, k, first, no90, reply in DEADLINES:
        partners: list[int | None] = [k % 3 + 1] + ([None] if k == 3 else [])
        for partner in partners:
            kontra = next(s for s in (1, 2, 3) if s != partner)
            rows += [
                (preset, k, partner, "first", 0, "re", first),
                (preset, k, partner, "first", kontra, "kontra", first),
                (preset, k, partner, "after re", 0, "no90", no90),
                (preset, k, partner, "reply", kontra, "kontra", reply),
            ]
            if partner is not None:
                rows.append((preset, k, partner, "first", partner, "re", first))
    return rows


@pytest.mark.parametrize(
    ("preset", "k", "partner", "what", "announcer", "call", "fewest"), situations()
)
def test_deadlines_after_the_clarification(
    preset: str, k: int, partner: int | None, what: str, announcer: int, call: str, fewest: int
) -> None:
    """The call is legal with `fewest` cards in the announcer's hand and not with one fewer."""
    for cards, legal in ((fewest, True), (fewest - 1, False)):
        hand = hochzeit(PRESET[preset], winners_for(k, partner))
        assert hand.clarification == k
        assert all(hand.cards_left(s) == 12 - k for s in range(4))
        if what != "first":
            run(hand, "0 announce re")
        advance_until(hand, announcer, cards)
        assert announcement_legal(hand, announcer, call) is legal, (cards, legal)


@pytest.mark.parametrize("preset", ["pagat", "ddv"])
def test_skip_right_after_clarification_in_trick_one(preset: str) -> None:
    """`announce no90` is Re plus no 90 at once: legal with 11 cards after a trick-1
    clarification under both shifts (pagat needs 10 and 9, ddv 11 and 10)."""
    hand = hochzeit(PRESET[preset], [1])
    assert announcement_legal(hand, 1, "no90")
    assert not announcement_legal(hand, 0, "re")
    assert not announcement_legal(hand, 0, "no90")


@pytest.mark.parametrize(
    ("preset", "k", "kontra_at", "no90_at", "legal"),
    [
        ("pagat", 1, 9, 9, True),
        ("pagat", 1, 9, 8, False),
        ("ddv", 1, 10, 10, False),
        ("ddv", 2, 10, 9, True),
        ("ddv", 2, 9, 9, False),
        ("ddv", 3, 9, 8, True),
        ("ddv", 3, 8, 8, False),
    ],
)
def test_late_reply_is_judged_against_the_shifted_deadline(
    preset: str, k: int, kontra_at: int, no90_at: int, legal: bool
) -> None:
    """Re is said right after the clarification; a Kontra seat replies, then calls no 90.
    The reply is late when it comes below the shifted Re/Kontra deadline (pagat 11 - k,
    ddv 12 - k); after a late reply ddv allows nothing more, pagat the shifted no 90."""
    partner = k % 3 + 1
    kontra = next(s for s in (1, 2, 3) if s != partner)
    hand = run(hochzeit(PRESET[preset], winners_for(k, partner)), "0 announce re")
    advance_until(hand, kontra, kontra_at)
    assert announcement_legal(hand, kontra, "kontra")
    advance_until(hand, kontra, no90_at)
    assert announcement_legal(hand, kontra, "no90") is legal
