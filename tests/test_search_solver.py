"""The exact endgame solver of `search-v1` against brute force.

Positions are the last two or three tricks of hands played by `heuristic-v1` under several
rule sets (Charlie, second Dulle, Schweinchen, DDV scoring, announcements made), at every
seat of a trick. The solver (alpha-beta, a transposition table, equivalent cards merged,
scoring trick by trick) must give every card the value that playing out every line gives,
scored by the engine's `Hand.score_of`.
"""

from __future__ import annotations

import random

import pytest

from bots.registry import bot_named
from bots.search.solver import VALUE_SCALE, EndgameSolver
from engine import DDV, PAGAT, Hand, Phase, RuleSet, deal, view_of, with_toggles
from tests.helpers.search_solver import brute_force
from tests.scripting import rigged_hand, run

RULE_SETS = [
    PAGAT,
    DDV,
    with_toggles(PAGAT, {"second_dulle_beats_first": True, "schweinchen": True}),
    with_toggles(DDV, {"without_nines": True, "charlie_capture": True}),
]


def endgames(rules: RuleSet, tricks_left: int, count: int) -> list[Hand]:
    """Positions with `tricks_left` tricks to go, one per hand, at varying seats of a trick."""
    bot = bot_named("heuristic-v1")
    positions = []
    for number in range(200):
        dealt = deal(f"endgame-{number}", 0, 0, rules.without_nines)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        wanted = rules.cards_per_seat - tricks_left
        offset = number % 4
        while not hand.is_over:
            at = len(hand.tricks) == wanted and len(hand.trick_cards) == offset
            if hand.phase is Phase.PLAY and at:
                positions.append(hand.copy())
                break
            seat = hand.to_act
            assert seat is not None
            hand.apply(bot.choose(view_of(hand, seat), random.Random(0)))
        if len(positions) == count:
            return positions
    raise AssertionError("too few positions")


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda rules: rules.key)
@pytest.mark.parametrize(("tricks_left", "count"), [(2, 12), (3, 5)])
def test_the_solver_agrees_with_brute_force(rules: RuleSet, tricks_left: int, count: int) -> None:
    for hand in endgames(rules, tricks_left, count):
        seat = hand.to_act
        assert seat is not None
        solved = EndgameSolver(hand, seat).values()
        assert solved == brute_force(hand, seat), (rules.key, hand.tricks[-1])


def test_the_solver_leaves_the_hand_alone_and_counts_points_as_a_tie_break() -> None:
    hand = endgames(PAGAT, 3, 1)[0]
    before = [hand.cards_of(s) for s in range(4)], list(hand.tricks), list(hand.trick_cards)
    seat = hand.to_act
    assert seat is not None
    solver = EndgameSolver(hand, seat)
    values = solver.values()
    assert before == ([hand.cards_of(s) for s in range(4)], list(hand.tricks), hand.trick_cards)
    for value in values.values():
        assert 0 <= value % VALUE_SCALE <= 240
        assert solver.game_points(value) == value // VALUE_SCALE


def test_the_solver_needs_settled_teams() -> None:
    """A Hochzeit not yet clarified has seats without a team: nothing to solve for."""
    hands = [
        "QC QC QS QS QH QH QD QD JC JC JS JS",
        "AC AC 10C 10C KC KC 9C 9C AS AS 10S 10S",
        "KS KS 9S 9S AH AH KH KH 9H 9H 10H 10H",
        "JH JH JD JD AD AD 10D 10D KD KD 9D 9D",
    ]
    hand = run(rigged_hand(hands), "0 hochzeit; 1 healthy; 2 healthy; 3 healthy")
    with pytest.raises(ValueError):
        EndgameSolver(hand, 1)
