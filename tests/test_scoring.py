"""docs/rules.md §8: both scoring tables item by item, the extra points, netting and solo scores.

Hands are built as Trick lists for `score_hand`: a few tricks written out card by card where the
cards matter (foxes, Charlie, Doppelkopf), the rest filler tricks of spades and hearts whose card
points add up to the wanted team totals. A filler never holds A♦ or J♣, never reaches 40 points,
and is led and won by the same seat.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement

import pytest

from engine import (
    DDV,
    PAGAT,
    Card,
    Contract,
    RuleSet,
    Step,
    Team,
    Trick,
    parse_cards,
    with_toggles,
)
from engine.scoring import HandResult, score_hand

RE, KONTRA = Team.RE, Team.KONTRA
NONE, TEAM, NO90, NO60, NO30, SCHWARZ = (
    Step.NONE,
    Step.TEAM,
    Step.NO90,
    Step.NO60,
    Step.NO30,
    Step.SCHWARZ,
)
TEAM_GAME = (RE, KONTRA, RE, KONTRA)
"""Seats 0 and 2 are Re."""
SOLO = (RE, KONTRA, KONTRA, KONTRA)
"""Seat 0 is the soloist."""

_RANK_OF_POINTS = {11: "A", 10: "10", 4: "K", 3: "Q", 2: "J", 0: "9"}


def trick(leader: int, cards: str, winner: int) -> Trick:
    """A trick written out: the cards in playing order from `leader`."""
    played = tuple(parse_cards(cards))
    return Trick(leader, played, winner, sum(card.points for card in played))


@cache
def _reachable(count: int) -> frozenset[int]:
    """Totals that `count` filler tricks (each under 40 points) can add up to."""
    if count == 0:
        return frozenset({0})
    return frozenset(a + b for a in _FILLER_POINTS for b in _reachable(count - 1))


_FILLER_CARDS = {
    sum(values): values
    for values in combinations_with_replacement(sorted(_RANK_OF_POINTS), 4)
    if sum(values) < 40
}
_FILLER_POINTS = sorted(_FILLER_CARDS)


def filler(seat: int, points: int) -> Trick:
    """A trick of `points` card points led and won by `seat` (spades and hearts only)."""
    values = _FILLER_CARDS[points]
    cards = " ".join(_RANK_OF_POINTS[v] + "SH"[i % 2] for i, v in enumerate(values))
    return trick(seat, cards, seat)


def split(total: int, count: int) -> list[int]:
    """`count` filler trick values adding up to `total`, as even as the values allow."""
    values = []
    for left in range(count, 0, -1):
        target = total / left
        value = min(
            (v for v in _FILLER_POINTS if total - v in _reachable(left - 1)),
            key=lambda v: abs(v - target),
        )
        values.append(value)
        total -= value
    return values


def deal_tricks(
    team_of: tuple[Team, ...],
    re_points: int,
    re_tricks: int,
    first: tuple[Trick, ...] = (),
    last: Trick | None = None,
) -> list[Trick]:
    """Twelve tricks: `first`, fillers, then `last`, so that Re takes `re_points` card points in
    `re_tricks` tricks in all."""
    fixed = [*first, *([last] if last else [])]
    re_seat = team_of.index(RE)
    kontra_seat = team_of.index(KONTRA)
    fixed_re = [t for t in fixed if team_of[t.winner] is RE]
    fixed_kontra = [t for t in fixed if team_of[t.winner] is KONTRA]
    re_count = re_tricks - len(fixed_re)
    kontra_count = 12 - re_tricks - len(fixed_kontra)
    re_fill = split(re_points - sum(t.points for t in fixed_re), re_count)
    kontra_fill = split(240 - re_points - sum(t.points for t in fixed_kontra), kontra_count)
    middle = [filler(re_seat, p) for p in re_fill] + [filler(kontra_seat, p) for p in kontra_fill]
    tricks = [*first, *middle, *([last] if last else [])]
    assert len(tricks) == 12
    assert sum(t.points for t in tricks) == 240
    return tricks


def score(
    rules: RuleSet,
    re_points: int,
    re_tricks: int,
    re_step: Step = NONE,
    kontra_step: Step = NONE,
    *,
    contract: Contract = Contract.NORMAL,
    team_of: tuple[Team, ...] = TEAM_GAME,
    first: tuple[Trick, ...] = (),
    last: Trick | None = None,
    schweinchen: bool = False,
) -> HandResult:
    tricks = deal_tricks(team_of, re_points, re_tricks, first, last)
    announced = {RE: re_step, KONTRA: kontra_step}
    return score_hand(rules, contract, team_of, tricks, announced, schweinchen)


def items_of(result: HandResult) -> Counter[str]:
    return Counter(f"{i.team.value} {i.item} {i.points}" for i in result.items)


def expect(*items: str) -> Counter[str]:
    """Items written `team item points`, e.g. `re won 1`."""
    return Counter(items)


def team_scores(net: int) -> tuple[int, int, int, int]:
    """§8.3 for seats 0 and 2 against 1 and 3: +net for Re, -net for Kontra."""
    return (net, -net, net, -net)


def check(result: HandResult, items: Counter[str], net: int) -> None:
    """`net` is Re's items minus Kontra's; the value is its size."""
    assert items_of(result) == items
    assert result.value == abs(net)
    assert result.scores == team_scores(net)


# ---- §8.1 pagat -------------------------------------------------------------------------

# (re step, kontra step, re points, re tricks, items, Re net)
PAGAT_CASES = [
    pytest.param(NONE, NONE, 121, 6, expect("re won 1"), 1, id="re-121-won"),
    pytest.param(
        NONE,
        NONE,
        120,
        6,
        expect("kontra won 1", "kontra against_the_old 1"),
        -2,
        id="kontra-120-won-against-the-old",
    ),
    pytest.param(TEAM, NONE, 121, 6, expect("re won 1", "re re_announced 2"), 3, id="re-said-1+2"),
    pytest.param(
        TEAM,
        NONE,
        120,
        6,
        expect("kontra won 1", "kontra re_announced 2", "kontra against_the_old 1"),
        -4,
        id="re-said-lost-1+2+1",
    ),
    pytest.param(
        NONE,
        TEAM,
        120,
        6,
        expect("re won 1", "re kontra_announced 2"),
        3,
        id="kontra-said-re-120-1+2",
    ),
    pytest.param(
        NONE,
        TEAM,
        119,
        6,
        expect("kontra won 1", "kontra kontra_announced 2", "kontra against_the_old 1"),
        -4,
        id="kontra-said-121-1+2+1",
    ),
    pytest.param(
        TEAM,
        TEAM,
        121,
        6,
        expect("re won 1", "re re_announced 2", "re kontra_announced 2"),
        5,
        id="both-said-1+2+2",
    ),
    pytest.param(
        NONE,
        NONE,
        89,
        4,
        expect("kontra won 1", "kontra under_90 1", "kontra against_the_old 1"),
        -3,
        id="re-under-90-1+1+1",
    ),
    pytest.param(
        NONE,
        NONE,
        185,
        9,
        expect("re won 1", "re under_90 1", "re under_60 1"),
        3,
        id="kontra-55-1+1+1",
    ),
    pytest.param(
        NONE,
        NONE,
        240,
        12,
        expect("re won 1", "re under_90 1", "re under_60 1", "re under_30 1", "re schwarz 1"),
        5,
        id="kontra-schwarz-1+4",
    ),
    pytest.param(
        NONE,
        NONE,
        240,
        11,
        expect("re won 1", "re under_90 1", "re under_60 1", "re under_30 1"),
        4,
        id="kontra-empty-trick-not-schwarz",
    ),
    pytest.param(
        NO90,
        NONE,
        151,
        8,
        expect("re won 1", "re re_announced 2", "re under_90 1", "re announced_no90 1"),
        5,
        id="re-no90-made-1+2+1+1",
    ),
    pytest.param(
        NO90,
        NONE,
        150,
        8,
        expect(
            "kontra won 1",
            "kontra re_announced 2",
            "kontra against_no90 2",
            "kontra against_the_old 1",
        ),
        -6,
        id="re-no90-failed-kontra-90-1+2+2+1",
    ),
    pytest.param(
        NO60,
        NONE,
        175,
        9,
        expect(
            "kontra won 1",
            "kontra re_announced 2",
            "kontra against_no60 2",
            "kontra against_the_old 1",
        ),
        -6,
        id="re-no60-failed-kontra-65-1+2+2+1",
    ),
    pytest.param(
        NO60,
        NONE,
        181,
        9,
        expect(
            "re won 1",
            "re re_announced 2",
            "re under_90 1",
            "re under_60 1",
            "re announced_no90 1",
            "re announced_no60 1",
        ),
        7,
        id="re-no60-made-1+2+2+2",
    ),
    pytest.param(
        NO30,
        NONE,
        211,
        9,
        expect(
            "re won 1",
            "re re_announced 2",
            "re under_90 1",
            "re under_60 1",
            "re under_30 1",
            "re announced_no90 1",
            "re announced_no60 1",
            "re announced_no30 1",
        ),
        9,
        id="re-no30-made-1+2+3+3",
    ),
    pytest.param(
        SCHWARZ,
        NONE,
        240,
        12,
        expect(
            "re won 1",
            "re re_announced 2",
            "re under_90 1",
            "re under_60 1",
            "re under_30 1",
            "re schwarz 1",
            "re announced_no90 1",
            "re announced_no60 1",
            "re announced_no30 1",
            "re announced_schwarz 1",
        ),
        11,
        id="re-schwarz-made-1+2+4+4",
    ),
    pytest.param(
        SCHWARZ,
        NONE,
        240,
        11,
        expect(
            "kontra won 1",
            "kontra re_announced 2",
            "kontra against_schwarz 2",
            "kontra against_the_old 1",
        ),
        -6,
        id="re-schwarz-failed-by-empty-trick-1+2+2+1",
    ),
    pytest.param(
        NONE,
        NO90,
        90,
        4,
        expect("re won 1", "re kontra_announced 2", "re against_no90 2"),
        5,
        id="kontra-no90-failed-re-90-1+2+2",
    ),
    pytest.param(
        NONE,
        NO90,
        89,
        4,
        expect(
            "kontra won 1",
            "kontra kontra_announced 2",
            "kontra under_90 1",
            "kontra announced_no90 1",
            "kontra against_the_old 1",
        ),
        -6,
        id="kontra-no90-made-1+2+1+1+1",
    ),
    pytest.param(
        NO90,
        TEAM,
        151,
        8,
        expect(
            "re won 1",
            "re re_announced 2",
            "re kontra_announced 2",
            "re under_90 1",
            "re announced_no90 1",
        ),
        7,
        id="re-no90-over-kontra-1+2+2+1+1",
    ),
    pytest.param(
        NO90,
        NO90,
        130,
        6,
        expect("re against_no90 2", "kontra against_no90 2"),
        0,
        id="nobody-wins-both-no90-failed",
    ),
    pytest.param(
        NO60,
        NO90,
        160,
        8,
        expect("re under_90 1", "re against_no90 2", "kontra against_no60 2"),
        1,
        id="nobody-wins-re-no60-kontra-no90",
    ),
    pytest.param(
        NO90,
        NO60,
        100,
        5,
        expect("re against_no90 2", "re against_no60 2", "kontra against_no90 2"),
        2,
        id="nobody-wins-re-no90-kontra-no60",
    ),
    pytest.param(
        SCHWARZ,
        NO90,
        240,
        11,
        expect(
            "re under_90 1",
            "re under_60 1",
            "re under_30 1",
            "re against_no90 2",
            "kontra against_schwarz 2",
        ),
        3,
        id="nobody-wins-re-schwarz-kontra-no90",
    ),
]


@pytest.mark.parametrize(
    ("re_step", "kontra_step", "re_points", "re_tricks", "items", "net"), PAGAT_CASES
)
def test_pagat_table(
    re_step: Step,
    kontra_step: Step,
    re_points: int,
    re_tricks: int,
    items: Counter[str],
    net: int,
) -> None:
    check(score(PAGAT, re_points, re_tricks, re_step, kontra_step), items, net)


# ---- §8.2 ddv -------------------------------------------------------------------------

DDV_CASES = [
    pytest.param(NONE, NONE, 121, 6, expect("re won 1"), 1, id="re-121-won"),
    pytest.param(
        NONE,
        NONE,
        120,
        6,
        expect("kontra won 1", "kontra against_the_old 1"),
        -2,
        id="kontra-120-won-against-the-old",
    ),
    pytest.param(
        NO90,
        NONE,
        160,
        8,
        expect("re won 1", "re under_90 1", "re re_announced 2", "re announced_no90 1"),
        5,
        id="worked-example-160-1+1+2+1",
    ),
    pytest.param(
        TEAM,
        TEAM,
        121,
        6,
        expect("re won 1", "re re_announced 2", "re kontra_announced 2"),
        5,
        id="both-said-1+2+2",
    ),
    pytest.param(
        NONE,
        TEAM,
        120,
        6,
        expect("re won 1", "re kontra_announced 2"),
        3,
        id="kontra-said-re-120-1+2",
    ),
    pytest.param(
        NO60,
        NONE,
        185,
        9,
        expect(
            "re won 1",
            "re under_90 1",
            "re under_60 1",
            "re re_announced 2",
            "re announced_no90 1",
            "re announced_no60 1",
        ),
        7,
        id="re-no60-made-1+2+2+2",
    ),
    pytest.param(
        NO90,
        NONE,
        150,
        8,
        expect(
            "kontra won 1",
            "kontra re_announced 2",
            "kontra opponents_announced_no90 1",
            "kontra against_the_old 1",
        ),
        -5,
        id="re-no90-failed-kontra-90-below-120-1+2+1+1",
    ),
    pytest.param(
        NO90,
        NONE,
        115,
        6,
        expect(
            "kontra won 1",
            "kontra re_announced 2",
            "kontra opponents_announced_no90 1",
            "kontra against_no90 1",
            "kontra against_the_old 1",
        ),
        -6,
        id="re-no90-failed-kontra-125-1+2+1+1+1",
    ),
    pytest.param(
        NO60,
        NONE,
        175,
        9,
        expect(
            "kontra won 1",
            "kontra re_announced 2",
            "kontra opponents_announced_no90 1",
            "kontra opponents_announced_no60 1",
            "kontra against_the_old 1",
        ),
        -6,
        id="re-no60-failed-kontra-65-1+2+1+1+1",
    ),
    pytest.param(
        SCHWARZ,
        NONE,
        240,
        11,
        expect(
            "kontra won 1",
            "kontra re_announced 2",
            "kontra opponents_announced_no90 1",
            "kontra opponents_announced_no60 1",
            "kontra opponents_announced_no30 1",
            "kontra opponents_announced_schwarz 1",
            "kontra against_the_old 1",
        ),
        -8,
        id="re-schwarz-failed-empty-trick-1+2+4+1",
    ),
    pytest.param(
        SCHWARZ,
        NONE,
        205,
        11,
        expect(
            "kontra won 1",
            "kontra re_announced 2",
            "kontra opponents_announced_no90 1",
            "kontra opponents_announced_no60 1",
            "kontra opponents_announced_no30 1",
            "kontra opponents_announced_schwarz 1",
            "kontra against_schwarz 1",
            "kontra against_the_old 1",
        ),
        -9,
        id="re-schwarz-failed-kontra-35-30-against-schwarz",
    ),
    pytest.param(
        NONE,
        NO90,
        160,
        8,
        expect(
            "re won 1",
            "re under_90 1",
            "re kontra_announced 2",
            "re opponents_announced_no90 1",
            "re against_no90 1",
        ),
        6,
        id="kontra-no90-failed-re-160-1+1+2+1+1",
    ),
    pytest.param(
        NO60,
        NO90,
        185,
        9,
        expect(
            "re won 1",
            "re under_90 1",
            "re under_60 1",
            "re re_announced 2",
            "re kontra_announced 2",
            "re announced_no90 1",
            "re announced_no60 1",
            "re opponents_announced_no90 1",
            "re against_no90 1",
        ),
        11,
        id="both-announced-re-185-1+2+4+3+1",
    ),
    pytest.param(NO90, NO90, 125, 6, expect("re against_no90 1"), 1, id="nobody-wins-re-125"),
    pytest.param(
        NO90,
        NO90,
        120,
        6,
        expect("re against_no90 1", "kontra against_no90 1"),
        0,
        id="nobody-wins-120-120",
    ),
    pytest.param(
        NO60,
        NO90,
        160,
        8,
        expect("re under_90 1", "re against_no90 1"),
        2,
        id="nobody-wins-re-no60-kontra-no90-160",
    ),
    pytest.param(
        NO90,
        NO60,
        89,
        4,
        expect("kontra under_90 1", "kontra against_no90 1"),
        -2,
        id="nobody-wins-re-no90-kontra-no60-re-89",
    ),
    pytest.param(
        NO90,
        NO60,
        100,
        5,
        expect("re against_no60 1", "kontra against_no90 1"),
        0,
        id="nobody-wins-90-against-no60-120-against-no90",
    ),
]


@pytest.mark.parametrize(
    ("re_step", "kontra_step", "re_points", "re_tricks", "items", "net"), DDV_CASES
)
def test_ddv_table(
    re_step: Step,
    kontra_step: Step,
    re_points: int,
    re_tricks: int,
    items: Counter[str],
    net: int,
) -> None:
    check(score(DDV, re_points, re_tricks, re_step, kontra_step), items, net)


# ---- "against the old ones": Kontra winning a team game, never a solo -------------------

TEAM_CONTRACTS = [Contract.NORMAL, Contract.HOCHZEIT, Contract.ARMUT]
SOLO_CONTRACTS = [c for c in Contract if c.is_solo]


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
@pytest.mark.parametrize("contract", TEAM_CONTRACTS, ids=str)
def test_kontra_winning_a_team_game_scores_against_the_old_once(
    rules: RuleSet, contract: Contract
) -> None:
    result = score(rules, 100, 5, contract=contract)
    check(result, expect("kontra won 1", "kontra against_the_old 1"), -2)


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
@pytest.mark.parametrize("contract", SOLO_CONTRACTS, ids=str)
def test_kontra_beating_a_soloist_scores_no_against_the_old(
    rules: RuleSet, contract: Contract
) -> None:
    result = score(rules, 100, 5, contract=contract, team_of=SOLO)
    assert items_of(result) == expect("kontra won 1")
    assert result.scores == (-3, 1, 1, 1)


@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
def test_no_against_the_old_when_nobody_wins(rules: RuleSet) -> None:
    result = score(rules, 120, 6, NO90, NO90)
    assert result.winner is None
    assert "against_the_old" not in {i.item for i in result.items}


# ---- §8.4 extras ------------------------------------------------------------------------

# Seats 0 and 2 are Re; Re takes 130 card points in 6 tricks unless said otherwise.
FOX_BY_KONTRA = trick(1, "AD 9S 9H 9S", 0)
"""Seat 1 (Kontra) plays A♦ into a trick seat 0 (Re) wins."""
FOX_BY_PARTNER = trick(2, "AD 9S 9H 9S", 0)
TWO_KONTRA_FOXES = trick(1, "AD 9S AD 9S", 0)
"""Seats 1 and 3 (Kontra) both lose an A♦ to seat 0."""
FOX_OF_RE_LOST = trick(0, "AD 9S 9H 9S", 1)
"""Seat 0's A♦ goes to seat 1 (Kontra)."""
JC_WINS = trick(0, "JC 9S 9H 9S", 0)
"""Seat 0 wins with J♣ as the winning card."""
PARTNER_JC_UNDER_QUEEN = trick(0, "QC 9S JC 9S", 0)
"""Seat 0 wins with Q♣; J♣ is his partner's."""
KONTRA_JC_UNDER_QUEEN = trick(0, "QC JC 9H 9S", 0)
"""Seat 1's (Kontra) J♣ falls to seat 0's Q♣."""
TWO_KONTRA_JC = trick(0, "QC JC 9H JC", 0)
KONTRA_CHARLIE_OVER_RE_JC = trick(3, "JC JC 9S 9H", 3)
"""Seat 3 (Kontra) leads J♣ and wins; seat 0 (Re) plays the other J♣ after it."""
FORTY = trick(1, "10S 10H 10S 10H", 1)
"""Exactly 40 card points, won by seat 1 (Kontra)."""
THIRTY_SEVEN = trick(0, "AS AH AS KS", 0)
"""37, the most four cards below 40 can be."""
FORTY_FOUR = trick(0, "AS AH AS AH", 0)


EXTRA_CASES = [
    pytest.param(PAGAT, (FOX_BY_KONTRA,), None, expect("re won 1", "re fox 1"), 2, id="fox"),
    pytest.param(PAGAT, (FOX_BY_PARTNER,), None, expect("re won 1"), 1, id="own-fox-no-point"),
    pytest.param(
        PAGAT,
        (TWO_KONTRA_FOXES,),
        None,
        expect("re won 1", "re fox 1", "re fox 1"),
        3,
        id="two-foxes",
    ),
    pytest.param(
        DDV,
        (FOX_OF_RE_LOST,),
        None,
        expect("re won 1", "kontra fox 1"),
        0,
        id="losers-catch-a-fox-nets-to-zero",
    ),
    pytest.param(PAGAT, (), JC_WINS, expect("re won 1", "re charlie 1"), 2, id="charlie"),
    pytest.param(DDV, (), JC_WINS, expect("re won 1", "re charlie 1"), 2, id="charlie-ddv"),
    pytest.param(
        PAGAT, (JC_WINS,), None, expect("re won 1"), 1, id="jc-wins-an-earlier-trick-only"
    ),
    pytest.param(
        PAGAT, (), PARTNER_JC_UNDER_QUEEN, expect("re won 1"), 1, id="jc-not-the-winning-card"
    ),
    pytest.param(
        PAGAT,
        (),
        KONTRA_JC_UNDER_QUEEN,
        expect("re won 1", "re charlie_caught 1"),
        2,
        id="charlie-caught-pagat",
    ),
    pytest.param(
        DDV, (), KONTRA_JC_UNDER_QUEEN, expect("re won 1"), 1, id="charlie-caught-off-in-ddv"
    ),
    pytest.param(
        with_toggles(PAGAT, {"charlie_capture": False}),
        (),
        KONTRA_JC_UNDER_QUEEN,
        expect("re won 1"),
        1,
        id="charlie-capture-toggled-off",
    ),
    pytest.param(
        with_toggles(DDV, {"charlie_capture": True}),
        (),
        KONTRA_JC_UNDER_QUEEN,
        expect("re won 1", "re charlie_caught 1"),
        2,
        id="charlie-capture-toggled-on-ddv",
    ),
    pytest.param(
        PAGAT,
        (),
        TWO_KONTRA_JC,
        expect("re won 1", "re charlie_caught 1", "re charlie_caught 1"),
        3,
        id="two-jc-caught",
    ),
    pytest.param(
        PAGAT,
        (),
        KONTRA_CHARLIE_OVER_RE_JC,
        expect("re won 1", "kontra charlie 1", "kontra charlie_caught 1"),
        -1,
        id="losers-charlie-and-capture",
    ),
    pytest.param(
        DDV,
        (),
        KONTRA_CHARLIE_OVER_RE_JC,
        expect("re won 1", "kontra charlie 1"),
        0,
        id="losers-charlie-ddv",
    ),
    pytest.param(
        PAGAT, (FORTY,), None, expect("re won 1", "kontra doppelkopf 1"), 0, id="doppelkopf-40"
    ),
    pytest.param(PAGAT, (THIRTY_SEVEN,), None, expect("re won 1"), 1, id="no-doppelkopf-37"),
    pytest.param(
        DDV,
        (FORTY_FOUR, FORTY_FOUR),
        None,
        expect("re won 1", "re doppelkopf 1", "re doppelkopf 1"),
        3,
        id="two-doppelkopf-tricks",
    ),
    pytest.param(
        PAGAT,
        (TWO_KONTRA_FOXES, FORTY_FOUR),
        JC_WINS,
        expect("re won 1", "re fox 1", "re fox 1", "re doppelkopf 1", "re charlie 1"),
        5,
        id="all-extras-together",
    ),
]


@pytest.mark.parametrize(("rules", "first", "last", "items", "net"), EXTRA_CASES)
def test_extras(
    rules: RuleSet,
    first: tuple[Trick, ...],
    last: Trick | None,
    items: Counter[str],
    net: int,
) -> None:
    check(score(rules, 130, 6, first=first, last=last), items, net)


def test_no_fox_while_a_schweinchen_exists() -> None:
    result = score(PAGAT, 130, 6, first=(TWO_KONTRA_FOXES,), schweinchen=True)
    check(result, expect("re won 1"), 1)


def test_extras_follow_the_winner_of_the_trick_not_the_hand() -> None:
    """Kontra loses the hand yet nets more: 2 foxes and a Doppelkopf against Re's 1."""
    foxes_for_kontra = trick(0, "AD 9S AD 9S", 1)
    result = score(PAGAT, 121, 6, first=(foxes_for_kontra, FORTY))
    assert result.winner is RE
    check(result, expect("re won 1", "kontra fox 1", "kontra fox 1", "kontra doppelkopf 1"), -2)


@pytest.mark.parametrize("contract", SOLO_CONTRACTS, ids=str)
@pytest.mark.parametrize("rules", [PAGAT, DDV], ids=["pagat", "ddv"])
def test_no_extras_in_any_solo(rules: RuleSet, contract: Contract) -> None:
    """Seat 1 (Kontra) loses an A♦ to the soloist, seat 0 wins a 44 and the last trick with
    J♣ over seat 1's J♣: none of it counts."""
    foxes = trick(1, "AD 9S 9H 9S", 0)
    charlie = trick(0, "JC JC 9H 9S", 0)
    result = score(
        rules, 130, 6, contract=contract, team_of=SOLO, first=(foxes, FORTY_FOUR), last=charlie
    )
    assert items_of(result) == expect("re won 1")
    assert result.scores == (3, -1, -1, -1)


# ---- §8.3 netting, solo ×3, zero sum --------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "re_step", "re_points", "items", "scores"),
    [
        pytest.param(
            DDV,
            NO90,
            155,
            expect("re won 1", "re under_90 1", "re re_announced 2", "re announced_no90 1"),
            (15, -5, -5, -5),
            id="ddv-soloist-no90-wins-3x5",
        ),
        pytest.param(
            PAGAT,
            NO90,
            140,
            expect("kontra won 1", "kontra re_announced 2", "kontra against_no90 2"),
            (-15, 5, 5, 5),
            id="pagat-soloist-no90-fails-3x5",
        ),
        pytest.param(
            PAGAT,
            NONE,
            240,
            expect("re won 1", "re under_90 1", "re under_60 1", "re under_30 1", "re schwarz 1"),
            (15, -5, -5, -5),
            id="pagat-soloist-schwarz",
        ),
    ],
)
def test_solo_scores_three_times_for_the_soloist(
    rules: RuleSet, re_step: Step, re_points: int, items: Counter[str], scores: tuple[int, ...]
) -> None:
    re_tricks = 12 if re_points == 240 else 7
    result = score(rules, re_points, re_tricks, re_step, contract=Contract.SOLO_CLUBS, team_of=SOLO)
    assert items_of(result) == items
    assert result.value == abs(scores[1])
    assert result.scores == scores


def test_soloist_in_another_seat() -> None:
    """The ×3 follows the soloist's seat (here seat 2), not seat 0."""
    team_of = (KONTRA, KONTRA, RE, KONTRA)
    result = score(PAGAT, 121, 6, TEAM, contract=Contract.SOLO_JACKS, team_of=team_of)
    assert result.soloist == 2
    assert result.scores == (-3, -3, 9, -3)


SAMPLES = [
    pytest.param(PAGAT, Contract.NORMAL, TEAM_GAME, 150, 7, TEAM, NONE, id="team-pagat"),
    pytest.param(DDV, Contract.NORMAL, TEAM_GAME, 60, 2, NONE, NO30, id="team-ddv"),
    pytest.param(PAGAT, Contract.ARMUT, TEAM_GAME, 200, 10, NO60, NO90, id="armut-re-no60"),
    pytest.param(PAGAT, Contract.SOLO_QUEENS, SOLO, 30, 2, NONE, TEAM, id="solo-lost"),
    pytest.param(DDV, Contract.SILENT_SOLO, SOLO, 240, 12, SCHWARZ, NONE, id="silent-solo"),
]


@pytest.mark.parametrize(
    ("rules", "contract", "team_of", "re_points", "re_tricks", "re_step", "kontra_step"), SAMPLES
)
def test_every_hand_sums_to_zero_with_equal_parity(
    rules: RuleSet,
    contract: Contract,
    team_of: tuple[Team, ...],
    re_points: int,
    re_tricks: int,
    re_step: Step,
    kontra_step: Step,
) -> None:
    first = (FOX_OF_RE_LOST,) if not contract.is_solo else ()
    result = score(
        rules,
        re_points,
        re_tricks,
        re_step,
        kontra_step,
        contract=contract,
        team_of=team_of,
        first=first,
    )
    assert sum(result.scores) == 0
    assert len({s % 2 for s in result.scores}) == 1
    re_sum = sum(i.points for i in result.items if i.team is RE)
    kontra_sum = sum(i.points for i in result.items if i.team is KONTRA)
    assert result.value == abs(re_sum - kontra_sum)


def test_card_points_and_tricks_of_the_result() -> None:
    result = score(PAGAT, 163, 7)
    assert result.tally.points == {RE: 163, KONTRA: 77}
    assert result.tally.tricks == {RE: 7, KONTRA: 5}
    assert result.winner is RE
    assert result.re == (0, 2) and result.kontra == (1, 3)
    assert result.soloist is None


def test_fillers_are_what_they_claim() -> None:
    """Guards the builder: filler cards add up to the trick's points and avoid A♦ and J♣."""
    specials = {Card.parse("AD"), Card.parse("JC")}
    for points in _FILLER_POINTS:
        built = filler(1, points)
        assert sum(c.points for c in built.cards) == points < 40
        assert not specials & set(built.cards)
