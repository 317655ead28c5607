"""The search bots' styles: when a call is allowed and how sure it must be, and when a solo
pays. `search-v1` and `search-v2` share their values and differ only here."""

from __future__ import annotations

import dataclasses

import pytest

from bots.registry import bot_named
from bots.search.bot import SearchBot
from bots.search.play import _confidence, _may_call
from bots.search.reservations import _paired_choice
from bots.search.style import BELIEVING, CAREFUL, FIRST, Style
from bots.search.values import ActionValue, Valued
from engine import Act, Action, Call, Contract, SeatView, Step, Team, view_of
from tests.scripting import all_healthy, rigged_hand, run

# Seats 0 and 2 hold the Q♣ (Re); seats 1 and 3 are Kontra.
HANDS = [
    "QC QS QH QD JC JS JH JD AD 10D AC 10C",
    "QS QH QD JC JS JH JD AD 10D KD AS 10S",
    "QC 10H 10H KD 9D 9D AC 10C KC 9C AH AH",
    "KC 9C AS 10S KS KS 9S 9S KH KH 9H 9H",
]


def opening(script: str = "") -> SeatView:
    """Seat 0's view as it leads the first trick, after `script` (announcements)."""
    hand = all_healthy(rigged_hand(HANDS))
    run(hand, script)
    return view_of(hand, 0)


def valued_call(view: SeatView, call: Call) -> Valued:
    action = Action(view.seat, Act.ANNOUNCE, call=call)
    return Valued(ActionValue(action, 2.0, 1.0), 150.0, 1.0, (2.0,))


def test_the_registered_search_bots_differ_only_in_style() -> None:
    first, careful = bot_named("search-v1"), bot_named("search-v2")
    assert isinstance(first, SearchBot) and isinstance(careful, SearchBot)
    assert (first.style, careful.style) == (FIRST, CAREFUL)
    assert first.budget == careful.budget


def test_search_v3_calls_as_calibrated_on_its_own_worlds() -> None:
    """`bench/calls.py --bot search-v3` (`bench/RESULTS.md`): its calls are valued over its
    distinct worlds only (calibrated when they were 12 to 20, now a median 33 of 40), so a
    first Re or Kontra needs 95 % of at least 8 of them and every other call all of at least
    16; everything else is search-v2's careful style."""
    believing = bot_named("search-v3")
    assert isinstance(believing, SearchBot) and believing.style == BELIEVING
    assert (BELIEVING.call_confidence, BELIEVING.call_worlds) == (0.95, 8)
    assert (BELIEVING.bold_confidence, BELIEVING.bold_worlds) == (1.0, 16)
    calls = {"call_confidence", "call_worlds", "bold_worlds"}
    fields = [f.name for f in dataclasses.fields(Style) if f.name not in calls]
    assert all(getattr(BELIEVING, name) == getattr(CAREFUL, name) for name in fields)


def test_search_v1_and_v2_count_no_distinct_worlds() -> None:
    """Their worlds are independent draws: their calls stay as measured."""
    for style in (FIRST, CAREFUL):
        assert (style.call_worlds, style.bold_worlds) == (0, 0)
    assert (CAREFUL.call_confidence, CAREFUL.bold_confidence) == (0.9, 1.0)


def test_a_first_re_of_a_normal_game_needs_less_than_a_further_step() -> None:
    view = opening()
    assert view.contract is Contract.NORMAL and view.team is Team.RE
    assert _confidence(view, valued_call(view, Call.RE), CAREFUL) == CAREFUL.call_confidence
    assert _confidence(view, valued_call(view, Call.NO90), CAREFUL) == CAREFUL.bold_confidence
    assert CAREFUL.bold_confidence > CAREFUL.call_confidence > FIRST.call_confidence


def test_a_reply_is_left_to_the_first_style() -> None:
    view = opening("3 announce kontra")
    assert view.announced[Team.KONTRA] is Step.TEAM
    assert _may_call(view, FIRST)
    assert not _may_call(view, CAREFUL)
    assert _may_call(opening(), CAREFUL)


def test_no_call_in_an_armut_game_for_the_careful_style() -> None:
    view = dataclasses.replace(opening(), contract=Contract.ARMUT)
    assert _may_call(view, FIRST)
    assert not _may_call(view, CAREFUL)


def valued(act: Act, utilities: list[float]) -> Valued:
    mean = sum(utilities) / len(utilities)
    won = sum(utility > 0 for utility in utilities) / len(utilities)
    return Valued(ActionValue(Action(0, act), mean, 0.0), 120.0, won, tuple(utilities))


@pytest.mark.parametrize(
    ("solo", "healthy", "chosen"),
    [
        ([3.0, 3.2, 2.8, 3.1], [1.0, 1.1, 0.9, 1.0], Act.SOLO_QUEENS),
        ([1.6, 1.8, 1.7, 1.5], [1.0, 1.1, 0.9, 1.0], Act.HEALTHY),
        ([9.0, -6.0, 9.0, -6.0], [1.0, 1.0, 1.0, -1.0], Act.HEALTHY),
        ([0.0, 0.0, 0.0, 0.0], [1.0, 1.0, 1.0, 1.0], Act.HEALTHY),
        ([9.0, 9.0, 9.0, -3.0, 9.0, 9.0], [1.0, 1.0, 1.0, 1.0, 1.0, 1.0], Act.SOLO_QUEENS),
        ([12.0, 12.0, 12.0, -3.0, -3.0], [1.0, 1.0, 1.0, 1.0, 1.0], Act.HEALTHY),
    ],
    ids=["clearly-pays", "within-the-margin", "within-the-noise", "worse", "sure", "unsure"],
)
def test_a_solo_must_clearly_beat_playing_together(
    solo: list[float], healthy: list[float], chosen: Act
) -> None:
    view = opening()
    values = {
        Act.SOLO_QUEENS: valued(Act.SOLO_QUEENS, solo),
        Act.HEALTHY: valued(Act.HEALTHY, healthy),
    }
    candidates = [Act.SOLO_QUEENS, Act.HEALTHY]
    assert _paired_choice(view, candidates, values, CAREFUL) is chosen
