"""`python bench/calls.py --analyse`: a call rule replayed on labelled calls as the table
would make them (the first team to clear it calls, its highest step decides every call, no
reply, none in an Armut game), with the game points the calls bring."""

from __future__ import annotations

from typing import Any

from bench.calls import card_points_of
from bench.calls_rules import Rule, replay

LOOSE = Rule(plain=0.9, bold=1.0, margin=0.5, distinct=12, bold_distinct=12)


def call(
    team: str, step: str, cards: int, share: float, *, true: bool, gain: int, **more: Any
) -> dict[str, Any]:
    return {
        "team": team,
        "step": step,
        "cards_played": cards,
        "contract": more.get("contract", "normal"),
        "won_share": share,
        "gain": more.get("call_gain", 1.0),
        "distinct": more.get("distinct", 20),
        "came_true": true,
        "team_gain": gain,
    }


def test_the_highest_step_decides_every_call_of_the_team() -> None:
    hand = {
        "calls": [
            call("re", "TEAM", 0, 0.95, true=True, gain=4),
            call("re", "NO90", 4, 1.0, true=False, gain=-12),
        ]
    }
    assert replay([hand], LOOSE)[1:] == (2, 0, -12)


def test_the_other_team_does_not_reply() -> None:
    hand = {
        "calls": [
            call("kontra", "TEAM", 5, 1.0, true=True, gain=4),
            call("re", "TEAM", 1, 0.95, true=False, gain=-6),
        ]
    }
    assert replay([hand], LOOSE)[1:] == (1, 0, -6)


def test_few_distinct_worlds_a_small_gain_or_an_armut_make_no_call() -> None:
    hand = {
        "calls": [
            call("re", "TEAM", 0, 1.0, true=True, gain=4, distinct=11),
            call("re", "TEAM", 4, 1.0, true=True, gain=4, call_gain=0.4),
            call("kontra", "TEAM", 5, 1.0, true=True, gain=4, contract="armut"),
            call("kontra", "TEAM", 6, 0.85, true=True, gain=4),
        ]
    }
    assert replay([hand], LOOSE)[1:] == (0, 0, 0)
    assert replay([hand], LOOSE._replace(distinct=11))[1:] == (1, 1, 4)


def test_a_further_step_may_need_more_distinct_worlds() -> None:
    hand = {
        "calls": [
            call("re", "TEAM", 0, 0.95, true=True, gain=4, distinct=12),
            call("re", "NO90", 4, 1.0, true=True, gain=8, distinct=15),
        ]
    }
    assert replay([hand], LOOSE)[1:] == (2, 2, 8)
    assert replay([hand], LOOSE._replace(bold_distinct=16))[1:] == (1, 1, 4)


def test_card_points_are_read_back_from_the_utilities() -> None:
    assert card_points_of([2.13, -3 + 0.07, 0.24, -1.0]) == [130, 70, 240, 0]
