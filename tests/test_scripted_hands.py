"""Complete hands played by script under both presets, asserting winner, card points and the
exact score items (docs/rules.md §5, §7, §8).

A deal is written as its twelve tricks, `"L: c1 c2 c3 c4"` with the leader L and the cards in
playing order, optionally `-> W` for the winner; every seat's hand is the cards it plays, so a
deal and its play cannot disagree, and `hands_from` checks that the deal is one whole deck.
Each trick's winner is checked against the next leader. The arithmetic of every expected score is
in the case id or the comment above it: trick points are listed `T1 26` etc.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pytest

from engine import DDV, PAGAT, CardSet, Contract, Hand, RuleSet, Scoring, Team
from tests.scripting import hands_from, play_tricks, run

RE, KONTRA = Team.RE, Team.KONTRA


def undo_exchange(
    hands: list[CardSet], poor: int, acceptor: int, given: str, returned: str
) -> list[CardSet]:
    """The dealt hands of an Armut whose played hands are `hands`."""
    dealt = list(hands)
    dealt[poor] = hands[poor] - CardSet.parse(returned) | CardSet.parse(given)
    dealt[acceptor] = hands[acceptor] - CardSet.parse(given) | CardSet.parse(returned)
    return dealt


# ---- the deals ------------------------------------------------------------------------

NORMAL_164 = [
    "0: 10H 10H QC QH",  # T1 26 s0 (first 10H wins)
    "0: QC QS AD QD",  # T2 20 s0 (A♦ of partner s2)
    "0: QS JC AD JS",  # T3 18 s0 (A♦ of partner s2)
    "0: QH QD 10D JC",  # T4 18 s0
    "0: JH JS KD 10D",  # T5 18 s1
    "1: JH KD 9D JD",  # T6 8 s1
    "1: AC 10C KC 9C",  # T7 25 s1
    "1: 9C AC 10C KC",  # T8 25 s2
    "2: AS 10S KS 9S",  # T9 25 s2
    "2: 9S AS 10S KS",  # T10 25 s3
    "3: 9H AH KH AH",  # T11 26 s0 (first A♥)
    "0: KH 9H JD 9D -> 2",  # T12 6 s2 ruffs
]
"""Re = seats 0, 2 (one Q♣ each): 26+20+18+18+25+25+26+6 = 164 in 8 tricks, Kontra 76 in 4.
No extras: both A♦ are Re's and land in Re tricks, no trick reaches 40, J♦ wins the last.
Played as a diamond solo by seat 0, his tricks are T1-T4, T11: 26+20+18+18+26 = 108."""

NORMAL_141_KONTRA = [
    "0: QC QC QS QH",  # T1 12 s0
    "0: JD 9D 10H KD",  # T2 16 s2
    "2: 10H AD AD 10D",  # T3 42 s2: Doppelkopf, fox of s0 (Re)
    "2: QD QS QH JS",  # T4 11 s3
    "3: JH QD JH 9D",  # T5 7 s0
    "0: JS 10D KD JD",  # T6 18 s0
    "0: AC 10C AC KC",  # T7 36 s0
    "0: 9C KC 10C 9C",  # T8 14 s2
    "2: AS 10S KS 9S",  # T9 25 s2
    "2: KS AS 10S 9S",  # T10 25 s3
    "3: 9H KH AH AH",  # T11 26 s1
    "1: KH 9H JC JC -> 3",  # T12 8 s3: Charlie, and s0's J♣ caught
]
"""Re = seats 0, 1: 12+7+18+36+26 = 99 in 5 tricks; Kontra 16+42+11+14+25+25+8 = 141 in 7.
Kontra's extras: fox (T3), Doppelkopf (T3 42), Charlie (T12), pagat also Charlie caught."""

NORMAL_120_120 = [
    "0: 10H QD QS AD",  # T1 27 s0: fox of s3 (Kontra)
    "0: QC 10H QC KD",  # T2 20 s1
    "1: QS JD QH QD",  # T3 11 s1
    "1: JS JC 10D AD",  # T4 25 s2 (A♦ of partner s0)
    "2: JH JS QH 9D",  # T5 7 s0
    "0: JH 10D KD JC",  # T6 18 s3
    "3: AC 10C KC KC",  # T7 29 s3
    "3: 9C AC 10C 9C",  # T8 21 s0
    "0: AS 10S KS 9S",  # T9 25 s0
    "0: 9S AS 10S KS",  # T10 25 s1
    "1: 9H 9H KH AH",  # T11 15 s0
    "0: KH AH 9D JD -> 3",  # T12 17 s3
]
"""Re = seats 0, 2: 27+25+7+21+25+15 = 120 in 6 tricks; Kontra 20+11+18+29+25+17 = 120 in 6.
One fox for Re (T1), nothing else."""

QUEEN_SOLO_SCHWARZ = [
    "0: QC AC 10C JC",
    "0: QC 10C KC 9C",
    "0: QS AS 10S JS",
    "0: QS 10S KS 9S",
    "0: QH AH 10H JH",  # 10♥ is a plain heart here
    "0: QH 10H KH 9H",
    "0: QD AD 10D JD",
    "0: QD 10D KD 9D",
    "0: AC KC JC 9C",
    "0: AS KS JS 9S",
    "0: AH KH JH 9H",
    "0: AD KD JD 9D -> 0",
]
"""Seat 0 holds the eight queens and four aces: 240 points, all 12 tricks."""

JACK_SOLO_28 = [
    "0: JH JC JH JD",  # T1 8 s1
    "1: JC 9C 9S JD",  # T2 4 s1
    "1: JS 9C 9S QS",  # T3 5 s1
    "1: JS QC QC QS",  # T4 11 s1 (queens are plain cards)
    "1: 9D AD 10D KD",  # T5 25 s2
    "2: AD 10D KD 9D",  # T6 25 s2
    "2: AH 10H AH 9H",  # T7 32 s2
    "2: 10H QD QD 9H",  # T8 16 s2 (10♥ a plain heart)
    "2: AC KC 10C KH",  # T9 29 s2
    "2: 10C AC KC KH",  # T10 29 s3
    "3: AS 10S QH 10S",  # T11 34 s3
    "3: KS KS QH AS -> 2",  # T12 22 s2
]
"""Soloist seat 1: 8+4+5+11 = 28 in 4 tricks; Kontra 212 in 8."""

FLEISCHLOS_140 = [
    "0: AH KH 9H 10H",  # T1 25 s0
    "0: AD KD 9D 10D",  # T2 25 s0
    "0: KH AH 9H 10H",  # T3 25 s1
    "1: AD 9D 10D KD",  # T4 25 s1
    "1: KC AC JH QC",  # T5 20 s2
    "2: AC JH JC 9C",  # T6 15 s2
    "2: 10C QH KC QC",  # T7 20 s2 (10 over K, no trumps)
    "2: 10C QH 9C JC",  # T8 15 s2
    "2: AS JD KS QS",  # T9 20 s2
    "2: AS JD JS 9S",  # T10 15 s2
    "2: 10S QD QS KS",  # T11 20 s2
    "2: 10S QD 9S JS -> 2",  # T12 15 s2
]
"""Soloist seat 2: 4 × (20 + 15) = 140 in 8 tricks; Kontra 100 in 4."""

CLUB_SOLO_210 = [
    "0: 10H AC AC KC",  # T1 36 (clubs are trumps)
    "0: 10H 10C 10C 9C",  # T2 30
    "0: QC KC 9C JD",  # T3 9
    "0: QC QD QD JD",  # T4 11
    "0: QS JC JC JS",  # T5 9
    "0: QS JS JH JH",  # T6 9
    "0: QH AS AS 10S",  # T7 35
    "0: QH 10S KS KS",  # T8 21
    "0: AD 10D 10D 9D",  # T9 31 (A♦ a plain ace)
    "0: AD KD KD 9D",  # T10 19
    "0: 9H AH KH 9S",  # T11 15 s1
    "1: AH KH 9S 9H -> 1",  # T12 15 s1
]
"""Soloist seat 0: 36+30+9+11+9+9+35+21+31+19 = 210 in 10 tricks; Kontra 30 in 2."""

SPADE_SOLO_52 = [
    "0: 9S 9S JD 10H",  # T1 12 s3 (spades are trumps)
    "3: 10H JD JH JH",  # T2 16 s3
    "3: QC KS KS QD",  # T3 14 s3
    "3: QC QD JS JS",  # T4 10 s3
    "3: 9C AC 10C AC",  # T5 32 s0
    "0: 10C KC AS KC",  # T6 29 s2 ruffs with A♠
    "2: AD 9D AD 10D",  # T7 32 s2
    "2: AH 9H KH AH",  # T8 26 s2
    "2: KH 9H QS 10S",  # T9 17 s0 ruffs
    "0: 10D KD JC KD",  # T10 20 s2 ruffs
    "2: QH 9D QS QH",  # T11 9 s0
    "0: AS 10S JC 9C -> 2",  # T12 23 s2
]
"""Soloist seat 3: 12+16+14+10 = 52 in 4 tricks; Kontra 188 in 8."""

HEART_SOLO_120 = [
    "0: 9H 10H AH QD",  # T1 24 s1 (hearts are trumps)
    "1: 10H QD AH 9H",  # T2 24 s1
    "1: QC JC JC KH",  # T3 11
    "1: QC JS JS KH",  # T4 11
    "1: QS JH JH JD",  # T5 9
    "1: QS KC KS JD",  # T6 13
    "1: QH KS KD KC",  # T7 15
    "1: QH 9D 10D 9D",  # T8 13
    "1: 9C AC 10C AC",  # T9 32 s2
    "2: 10C AD AD 9C",  # T10 32 s2
    "2: AS 10S AS 9S",  # T11 32 s2
    "2: 10S 10D KD 9S -> 2",  # T12 24 s2
]
"""Soloist seat 1: 24+24+11+11+9+13+15+13 = 120 in 8 tricks; Kontra 32+32+32+24 = 120 in 4."""

SILENT_SOLO_168 = [
    "0: 10D AD AD 10D",  # T1 42 s1: Kontra takes the soloist's A♦ in a 42
    "1: 9D 10H 9D KD",  # T2 14 s2
    "2: 10H KD QD QD",  # T3 20
    "2: QC JC JC JS",  # T4 9
    "2: QC JS JH JH",  # T5 9
    "2: QS JD JD AH",  # T6 18
    "2: QS AC AC 10C",  # T7 35
    "2: QH AS AS KC",  # T8 29
    "2: QH 10S 10S AH",  # T9 34
    "2: 9C 10C KC 9C",  # T10 14 s3
    "3: KS 9S KS 9S",  # T11 8 s3
    "3: KH 9H KH 9H -> 3",  # T12 8 s3
]
"""Seat 2 holds both Q♣: 14+20+9+9+18+35+29+34 = 168 in 8 tricks; Kontra 42+14+8+8 = 72.
In a team game T1 would give Kontra a fox and a Doppelkopf; in a solo nothing."""

HOCHZEIT_158 = [
    "0: 10H QD JD 9D",  # T1 15 s0 (the Hochzeit player himself)
    "0: JD JH 10H KD",  # T2 18 s2: partner, clarification trick 2
    "2: QS QH QC QS",  # T3 12 s0
    "0: QC AD KD JC",  # T4 20 s0: fox of s1 (Kontra)
    "0: QH JC AD 10D",  # T5 26 s0 (A♦ of partner s2)
    "0: JS 10D JS QD",  # T6 17 s3
    "3: AC 10C KC 9C",  # T7 25 s3
    "3: KC AC 10C 9C",  # T8 25 s0
    "0: AS 10S KS 9S",  # T9 25 s0
    "0: 9S AS 10S KS",  # T10 25 s1
    "1: AH KH 9H 9H",  # T11 15 s1
    "1: KH JH 9D AH -> 2",  # T12 17 s2
]
"""Seat 0 has both Q♣: Re = 0, 2: 15+18+12+20+26+25+25+17 = 158 in 8; Kontra 82 in 4."""

HOCHZEIT_ALONE_108 = [
    "0: 10H 10H QS QH",  # T1 26 s0
    "0: QC QS AD QD",  # T2 20 s0 (s2's A♦)
    "0: QC JC AD JS",  # T3 18 s0 (s2's A♦): no partner, a solo
    "0: QH QD 10D JC",  # T4 18 s0
    "0: JH JS KD 10D",  # T5 18 s1
    "1: JH KD 9D JD",  # T6 8 s1
    "1: AC 10C KC 9C",  # T7 25 s1
    "1: 9C AC 10C KC",  # T8 25 s2
    "2: AS 10S KS 9S",  # T9 25 s2
    "2: 9S AS 10S KS",  # T10 25 s3
    "3: 9H AH KH AH",  # T11 26 s0
    "0: KH 9H JD 9D -> 2",  # T12 6 s2
]
"""Seat 0 wins the first three tricks alone: 26+20+18+18+26 = 108 in 5; Kontra 132 in 7."""

ARMUT_197 = [
    "0: AD KD JD 10H",  # T1 27 s3: fox of s0 (Kontra)
    "3: 10H 9D KC 9D",  # T2 14 s3
    "3: QC KD 10C 10D",  # T3 27
    "3: QC 10D KS JD",  # T4 19
    "3: QS JH AC JH",  # T5 18
    "3: QS JS AC JS",  # T6 18
    "3: QH JC 10S JC",  # T7 17
    "3: QH QD AS QD",  # T8 20
    "3: AD 9C AS 9S",  # T9 22 (s3's own A♦)
    "3: 9C 10C KH KC",  # T10 18 s0
    "0: 10S AH KS 9S",  # T11 25 s0
    "0: KH AH 9H 9H -> 1",  # T12 15 s1
]
"""Played after the exchange: seat 1 (poor) gave Q♥ Q♥ A♦, seat 3 returned K♦ A♠ A♠.
Re = 1, 3: 27+14+27+19+18+18+17+20+22+15 = 197 in 10 tricks; Kontra 18+25 = 43 in 2."""

ARMUT_EXCHANGE = (1, 3, "QH QH AD", "KD AS AS")

HEALTHY = "0 healthy; 1 healthy; 2 healthy; 3 healthy"


def declaring(seat: int, act: str) -> str:
    """Reservations where `seat` declares `act` and the others say healthy (forehand 0)."""
    return "; ".join(f"{s} {act if s == seat else 'healthy'}" for s in range(4))


@dataclass(frozen=True)
class Setup:
    """A deal with its reservations and what follows from the play alone."""

    tricks: list[str]
    contract: Contract
    re: tuple[int, ...]
    points: tuple[int, int]
    """Card points of Re and Kontra."""
    tricks_won: tuple[int, int]
    reservations: str = HEALTHY
    exchange: tuple[int, int, str, str] | None = None


N164 = Setup(NORMAL_164, Contract.NORMAL, (0, 2), (164, 76), (8, 4))
N99 = Setup(NORMAL_141_KONTRA, Contract.NORMAL, (0, 1), (99, 141), (5, 7))
N120 = Setup(NORMAL_120_120, Contract.NORMAL, (0, 2), (120, 120), (6, 6))
DIAMONDS = Setup(
    NORMAL_164, Contract.SOLO_DIAMONDS, (0,), (108, 132), (5, 7), declaring(0, "solo-diamonds")
)
QUEENS = Setup(
    QUEEN_SOLO_SCHWARZ, Contract.SOLO_QUEENS, (0,), (240, 0), (12, 0), declaring(0, "solo-queens")
)
JACKS = Setup(
    JACK_SOLO_28, Contract.SOLO_JACKS, (1,), (28, 212), (4, 8), declaring(1, "solo-jacks")
)
FLEISCHLOS = Setup(
    FLEISCHLOS_140,
    Contract.SOLO_FLEISCHLOS,
    (2,),
    (140, 100),
    (8, 4),
    declaring(2, "solo-fleischlos"),
)
CLUBS = Setup(
    CLUB_SOLO_210, Contract.SOLO_CLUBS, (0,), (210, 30), (10, 2), declaring(0, "solo-clubs")
)
SPADES = Setup(
    SPADE_SOLO_52, Contract.SOLO_SPADES, (3,), (52, 188), (4, 8), declaring(3, "solo-spades")
)
HEARTS = Setup(
    HEART_SOLO_120, Contract.SOLO_HEARTS, (1,), (120, 120), (8, 4), declaring(1, "solo-hearts")
)
SILENT = Setup(SILENT_SOLO_168, Contract.SILENT_SOLO, (2,), (168, 72), (8, 4))
HOCHZEIT = Setup(
    HOCHZEIT_158, Contract.HOCHZEIT, (0, 2), (158, 82), (8, 4), declaring(0, "hochzeit")
)
HOCHZEIT_ALONE = Setup(
    HOCHZEIT_ALONE_108, Contract.HOCHZEIT_SOLO, (0,), (108, 132), (5, 7), declaring(0, "hochzeit")
)
ARMUT = Setup(
    ARMUT_197,
    Contract.ARMUT,
    (1, 3),
    (197, 43),
    (10, 2),
    "0 healthy; 1 armut; 2 healthy; 3 healthy; 1 armut-give QH QH AD; "
    "2 armut-decline; 3 armut-accept; 3 armut-return KD AS AS",
    ARMUT_EXCHANGE,
)


@dataclass(frozen=True)
class Scripted:
    setup: Setup
    rules: RuleSet
    calls: dict[int, str]
    """Actions before trick n + 1, keyed by n."""
    winner: Team | None
    items: tuple[str, ...]
    """`team item points`."""
    value: int
    scores: tuple[int, ...]


def case(
    name: str,
    setup: Setup,
    rules: RuleSet,
    calls: dict[int, str],
    winner: Team | None,
    items: str,
    value: int,
    scores: tuple[int, ...],
) -> object:
    """One scripted hand; `items` are `team item points` separated by commas."""
    parsed = tuple(part.strip() for part in items.split(","))
    return pytest.param(Scripted(setup, rules, calls, winner, parsed, value, scores), id=name)


CASES = [
    # -- normal games -------------------------------------------------------------------
    case(
        "normal-pagat-silent: won 1 + under 90 1 = 2",
        N164, PAGAT, {}, RE,
        "re won 1, re under_90 1",
        2, (2, -2, 2, -2),
    ),
    case(
        "normal-pagat-re: 1 + re 2 + under 90 1 = 4",
        N164, PAGAT, {0: "0 announce re"}, RE,
        "re won 1, re re_announced 2, re under_90 1",
        4, (4, -4, 4, -4),
    ),
    case(
        "normal-pagat-no90-in-trick-2: 164>=151; 1 + 2 + 1 + 1 = 5",
        N164, PAGAT, {1: "2 announce no90"}, RE,
        "re won 1, re re_announced 2, re under_90 1, re announced_no90 1",
        5, (5, -5, 5, -5),
    ),
    case(
        "normal-pagat-no60-fails: Kontra 76>=60; 1 + re 2 + against no60 2 + old 1 = 6",
        N164, PAGAT, {0: "0 announce no60"}, KONTRA,
        "kontra won 1, kontra re_announced 2, kontra against_no60 2, kontra against_the_old 1",
        6, (-6, 6, -6, 6),
    ),
    case(
        "normal-ddv-both-said: 1 + under 90 1 + re 2 + kontra 2 + no90 1 = 7",
        N164, DDV, {0: "0 announce re", 1: "1 announce kontra", 2: "2 announce no90"}, RE,
        "re won 1, re under_90 1, re re_announced 2, re kontra_announced 2, re announced_no90 1",
        7, (7, -7, 7, -7),
    ),
    case(
        "normal-pagat-kontra-extras: 1 + old 1 + fox + doppelkopf + charlie + caught = 6",
        N99, PAGAT, {}, KONTRA,
        "kontra won 1, kontra against_the_old 1, kontra fox 1, kontra doppelkopf 1,"
        "kontra charlie 1, kontra charlie_caught 1",
        6, (-6, -6, 6, 6),
    ),
    case(
        "normal-ddv-kontra-extras-no-capture: 1 + old 1 + fox + doppelkopf + charlie = 5",
        N99, DDV, {}, KONTRA,
        "kontra won 1, kontra against_the_old 1, kontra fox 1, kontra doppelkopf 1,"
        "kontra charlie 1",
        5, (-5, -5, 5, 5),
    ),
    case(
        "normal-pagat-re-said-loses: 6 + re 2 = 8",
        N99, PAGAT, {0: "1 announce re"}, KONTRA,
        "kontra won 1, kontra re_announced 2, kontra against_the_old 1, kontra fox 1,"
        "kontra doppelkopf 1, kontra charlie 1, kontra charlie_caught 1",
        8, (-8, -8, 8, 8),
    ),
    case(
        "normal-pagat-re-120-loses: Kontra 1 + old 1 - Re fox 1 = 1",
        N120, PAGAT, {}, KONTRA,
        "kontra won 1, kontra against_the_old 1, re fox 1",
        1, (-1, 1, -1, 1),
    ),
    case(
        "normal-ddv-re-120-loses: Kontra 1 + old 1 - Re fox 1 = 1",
        N120, DDV, {}, KONTRA,
        "kontra won 1, kontra against_the_old 1, re fox 1",
        1, (-1, 1, -1, 1),
    ),
    case(
        "normal-pagat-kontra-only-re-120-wins: 1 + kontra 2 + fox 1 = 4",
        N120, PAGAT, {0: "1 announce kontra"}, RE,
        "re won 1, re kontra_announced 2, re fox 1",
        4, (4, -4, 4, -4),
    ),
    case(
        "normal-pagat-nobody-wins: 2 each against no90, fox 1 = 1",
        N120, PAGAT, {0: "0 announce no90; 1 announce no90"}, None,
        "re against_no90 2, kontra against_no90 2, re fox 1",
        1, (1, -1, 1, -1),
    ),
    case(
        "normal-ddv-nobody-wins: 120 vs no90 1 each, fox 1 = 1",
        N120, DDV, {0: "1 announce no90", 1: "2 announce no90"}, None,
        "re against_no90 1, kontra against_no90 1, re fox 1",
        1, (1, -1, 1, -1),
    ),
    # -- solos --------------------------------------------------------------------------
    case(
        "solo-diamonds-pagat: Kontra no90 fails, 108>=90; 1 + 2 + 2 = 5, x3, no foxes",
        DIAMONDS, PAGAT, {0: "1 announce no90"}, RE,
        "re won 1, re kontra_announced 2, re against_no90 2",
        5, (15, -5, -5, -5),
    ),
    case(
        "solo-queens-pagat-schwarz-announced: 1 + 2 + 4 levels + 4 steps = 11, x3",
        QUEENS, PAGAT, {0: "0 announce schwarz"}, RE,
        "re won 1, re re_announced 2, re under_90 1, re under_60 1, re under_30 1,"
        "re schwarz 1, re announced_no90 1, re announced_no60 1, re announced_no30 1,"
        "re announced_schwarz 1",
        11, (33, -11, -11, -11),
    ),
    case(
        "solo-jacks-pagat-lost: soloist 28; 1 + under 90, 60, 30 = 4, no old ones",
        JACKS, PAGAT, {}, KONTRA,
        "kontra won 1, kontra under_90 1, kontra under_60 1, kontra under_30 1",
        4, (4, -12, 4, 4),
    ),
    case(
        "solo-fleischlos-ddv: 140 wins 1, x3",
        FLEISCHLOS, DDV, {}, RE,
        "re won 1",
        1, (-1, -1, 3, -1),
    ),
    case(
        "solo-fleischlos-pagat-no90-fails: 140<151, Kontra 100>=90; 1 + 2 + 2 = 5",
        FLEISCHLOS, PAGAT, {0: "2 announce no90"}, KONTRA,
        "kontra won 1, kontra re_announced 2, kontra against_no90 2",
        5, (5, 5, -15, 5),
    ),
    case(
        "solo-clubs-ddv: Kontra 30 is not under 30; 1 + 1 + 1 = 3",
        CLUBS, DDV, {}, RE,
        "re won 1, re under_90 1, re under_60 1",
        3, (9, -3, -3, -3),
    ),
    case(
        "solo-clubs-pagat-no60: 210>=181; 1 + 2 + 2 levels + 2 steps = 7",
        CLUBS, PAGAT, {0: "0 announce no60"}, RE,
        "re won 1, re re_announced 2, re under_90 1, re under_60 1, re announced_no90 1,"
        "re announced_no60 1",
        7, (21, -7, -7, -7),
    ),
    case(
        "solo-spades-pagat-kontra: soloist 52; 1 + kontra 2 + under 90, 60 = 5",
        SPADES, PAGAT, {0: "0 announce kontra"}, KONTRA,
        "kontra won 1, kontra kontra_announced 2, kontra under_90 1, kontra under_60 1",
        5, (5, 5, 5, -15),
    ),
    case(
        "solo-hearts-ddv-kontra-only: soloist needs 120; 1 + 2 = 3",
        HEARTS, DDV, {0: "0 announce kontra"}, RE,
        "re won 1, re kontra_announced 2",
        3, (-3, 9, -3, -3),
    ),
    case(
        "solo-hearts-pagat-120-loses: Kontra 1, no old ones",
        HEARTS, PAGAT, {}, KONTRA,
        "kontra won 1",
        1, (1, -3, 1, 1),
    ),
    case(
        "silent-solo-pagat: 1 + under 90 1 = 2, x3, T1's fox and 42 not counted",
        SILENT, PAGAT, {}, RE,
        "re won 1, re under_90 1",
        2, (-2, -2, 6, -2),
    ),
    case(
        "silent-solo-ddv-soloist-says-re: 1 + 1 + 2 = 4",
        SILENT, DDV, {1: "2 announce re"}, RE,
        "re won 1, re under_90 1, re re_announced 2",
        4, (-4, -4, 12, -4),
    ),
    # -- Hochzeit and Armut ---------------------------------------------------------------
    case(
        "hochzeit-pagat-partner-says-re-with-10-cards: 1 + 2 + 1 + fox 1 = 5",
        HOCHZEIT, PAGAT, {2: "2 announce re"}, RE,
        "re won 1, re re_announced 2, re under_90 1, re fox 1",
        5, (5, -5, 5, -5),
    ),
    case(
        "hochzeit-ddv-no90: 158>=151; 1 + 1 + 2 + 1 + fox 1 = 6",
        HOCHZEIT, DDV, {2: "0 announce no90"}, RE,
        "re won 1, re under_90 1, re re_announced 2, re announced_no90 1, re fox 1",
        6, (6, -6, 6, -6),
    ),
    case(
        "hochzeit-alone-pagat-kontra-after-trick-3: 1 + 2 = 3, x3, s2's foxes not counted",
        HOCHZEIT_ALONE, PAGAT, {3: "1 announce kontra"}, KONTRA,
        "kontra won 1, kontra kontra_announced 2",
        3, (-9, 3, 3, 3),
    ),
    case(
        "armut-pagat: Kontra 43; 1 + under 90, 60 + fox 1 = 4",
        ARMUT, PAGAT, {}, RE,
        "re won 1, re under_90 1, re under_60 1, re fox 1",
        4, (-4, 4, -4, 4),
    ),
]  # fmt: skip


def played(case: Scripted) -> Hand:
    setup = case.setup
    hands = hands_from(setup.tricks)
    if setup.exchange:
        hands = undo_exchange(hands, *setup.exchange)
    hand = Hand(case.rules, hands, 3)
    run(hand, setup.reservations)
    play_tricks(hand, setup.tricks, case.calls)
    return hand


@pytest.mark.parametrize("case", CASES)
def test_scripted_hand(case: Scripted) -> None:
    setup = case.setup
    result = played(case).result()
    assert result.contract is setup.contract
    assert result.re == setup.re
    assert result.kontra == tuple(s for s in range(4) if s not in setup.re)
    assert (result.tally.points[RE], result.tally.points[KONTRA]) == setup.points
    assert (result.tally.tricks[RE], result.tally.tricks[KONTRA]) == setup.tricks_won
    assert result.winner is case.winner
    items = Counter(f"{i.team.value} {i.item} {i.points}" for i in result.items)
    assert items == Counter(case.items)
    assert result.value == case.value
    assert result.scores == case.scores
    assert sum(result.scores) == 0


def test_the_hands_cover_every_contract_table_and_outcome() -> None:
    """The scripted hands are only as good as what they cover: every contract the engine
    knows is played, under both scoring tables, and Re, Kontra and nobody each win one."""
    scripted = [param.values[0] for param in CASES]  # type: ignore[attr-defined]
    assert {played(case).contract for case in scripted} == set(Contract)
    assert {case.rules.scoring for case in scripted} == set(Scoring)
    assert {case.winner for case in scripted} == {RE, KONTRA, None}


def test_armut_told_one_trump_came_back() -> None:
    """Seat 3 returned K♦ A♠ A♠: one trump."""
    hand = played(Scripted(ARMUT, PAGAT, {}, RE, (), 0, ()))
    assert hand.contract is Contract.ARMUT
    assert hand.armut_trumps_returned == 1


@pytest.mark.parametrize(
    ("tricks", "hochzeit_player", "partner", "clarified_in"),
    [
        pytest.param(HOCHZEIT_158, 0, 2, 2, id="partner-in-trick-2"),
        pytest.param(HOCHZEIT_ALONE_108, 0, None, 3, id="alone-after-trick-3"),
    ],
)
def test_hochzeit_clarification_of_the_scripted_deals(
    tricks: list[str], hochzeit_player: int, partner: int | None, clarified_in: int
) -> None:
    hand = Hand(PAGAT, hands_from(tricks), 3)
    run(hand, declaring(hochzeit_player, "hochzeit"))
    play_tricks(hand, tricks[:clarified_in], {})
    assert hand.clarification == clarified_in
    re = {s for s in range(4) if hand.team_of[s] is RE}
    assert re == ({hochzeit_player, partner} if partner is not None else {hochzeit_player})
