"""docs/rules.md §10 played out: the 34-point first trick, then a whole `ddv` hand in which Re takes
160 against 80 after announcing Re and no 90, catches one fox and gives up one 40-point trick,
for a value of 5.
"""

from __future__ import annotations

from collections import Counter

import pytest

from engine import DDV, PAGAT, Hand, RuleSet, Team, with_toggles
from tests.scripting import all_healthy, hands_from, play_tricks, run

WORKED_EXAMPLE = [
    "0: 10H 10H QC AD",  # T1 34 s0: A leads 10♥, B the second 10♥, C Q♣, D A♦
    "0: QC QS AD QD",  # T2 20 s0 (A♦ of partner s2)
    "0: QS JC 10D JS",  # T3 17 s0
    "0: QH QD KD JC",  # T4 12 s0
    "0: JH JS 9D 10D",  # T5 14 s1
    "1: JH JD KD JD",  # T6 10 s1
    "1: AC 10C AC 10C",  # T7 42 s1: Kontra's Doppelkopf
    "1: 9C KC 9C KC",  # T8 8 s2 (first K♣)
    "2: AS 10S AS KS",  # T9 36 s2
    "2: 9S KS 9S 10S",  # T10 14 s1
    "1: 9H AH 9H KH",  # T11 15 s2
    "2: QH 9D AH KH -> 2",  # T12 18 s2
]
"""Seats A, B, C, D = 0, 1, 2, 3; Re = 0 and 2 (one Q♣ each).
Re: 34+20+17+12+8+36+15+18 = 160 in 8 tricks; Kontra: 14+10+42+14 = 80 in 4.
T1 holds Kontra's A♦ (fox for Re); the other A♦ is Re's own, in a Re trick. Only T7 reaches 40."""

RE_ANNOUNCES = {0: "0 announce re; 0 announce no90"}


def worked_hand(rules: RuleSet = DDV) -> Hand:
    return all_healthy(Hand(rules, hands_from(WORKED_EXAMPLE), 3))


@pytest.mark.parametrize("rules", [DDV, PAGAT], ids=["ddv", "pagat"])
def test_first_trick_goes_to_the_first_ten_of_hearts(rules: RuleSet) -> None:
    hand = worked_hand(rules)
    play_tricks(hand, WORKED_EXAMPLE[:1], {})
    trick = hand.tricks[0]
    assert [str(c) for c in trick.cards] == ["10H", "10H", "QC", "AD"]
    assert trick.winner == 0
    assert trick.points == 10 + 10 + 3 + 11
    assert hand.trick_leader == 0


def test_second_dulle_variant_gives_that_trick_to_b() -> None:
    """Only with `second_dulle_beats_first` does B's later 10♥ win (not the last trick)."""
    hand = worked_hand(with_toggles(DDV, {"second_dulle_beats_first": True}))
    run(hand, "0 play 10H; 1 play 10H; 2 play QC; 3 play AD")
    assert hand.tricks[0].winner == 1


def test_worked_example_hand() -> None:
    hand = worked_hand()
    play_tricks(hand, WORKED_EXAMPLE, RE_ANNOUNCES)
    result = hand.result()
    assert result.re == (0, 2)
    assert result.tally.points == {Team.RE: 160, Team.KONTRA: 80}
    assert result.tally.tricks == {Team.RE: 8, Team.KONTRA: 4}
    assert result.winner is Team.RE
    # 1 (won) + 1 (Kontra under 90) + 2 (Re) + 1 (no 90) = 5; fox +1 Re and Doppelkopf +1
    # Kontra cancel.
    items = Counter(f"{i.team.value} {i.item} {i.points}" for i in result.items)
    assert items == Counter(
        [
            "re won 1",
            "re under_90 1",
            "re re_announced 2",
            "re announced_no90 1",
            "re fox 1",
            "kontra doppelkopf 1",
        ]
    )
    assert result.value == 5
    assert result.scores == (5, -5, 5, -5)


def test_first_trick_of_34_is_no_doppelkopf() -> None:
    """The only Doppelkopf item is Kontra's, for the 42 of trick 7."""
    hand = worked_hand()
    play_tricks(hand, WORKED_EXAMPLE, RE_ANNOUNCES)
    doppelkopf = [i for i in hand.result().items if i.item == "doppelkopf"]
    assert [(i.team, i.points) for i in doppelkopf] == [(Team.KONTRA, 1)]
    assert [t.points for t in hand.tricks if t.points >= 40] == [42]


def test_worked_example_result_record() -> None:
    """The replay output of the same hand (docs/record-format.md result object)."""
    hand = worked_hand()
    play_tricks(hand, WORKED_EXAMPLE, RE_ANNOUNCES)
    record = hand.result().to_json()
    assert record["contract"] == "normal"
    assert record["card_points"] == {"re": 160, "kontra": 80}
    assert record["tricks_won"] == {"re": 8, "kontra": 4}
    assert record["announced"] == {"re": "no90", "kontra": None}
    assert record["winner"] == "re"
    assert record["value"] == 5
    assert record["scores"] == [5, -5, 5, -5]
    assert record["tricks"][0] == {
        "leader": 0,
        "cards": ["10H", "10H", "QC", "AD"],
        "winner": 0,
        "points": 34,
    }
