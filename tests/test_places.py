"""One rule ranks every table of totals (`engine.game.place_below`): equal totals share the
better place. The game's seats, a day's board and a player's ranked attempts all use it."""

from __future__ import annotations

from engine.game import place_below, shared_places, standings_of


def test_equal_totals_share_the_better_place() -> None:
    assert shared_places([5, 5, 3, 1]) == [1, 1, 3, 4]
    assert shared_places([0, 7, 7, 7]) == [4, 1, 1, 1]
    assert shared_places([]) == []


def test_a_place_is_one_below_the_higher_totals() -> None:
    assert [place_below(higher) for higher in range(4)] == [1, 2, 3, 4]


def test_the_standings_take_their_places_from_the_rule() -> None:
    totals = (3, 9, 3, -2)
    places = [(row.seat, row.place) for row in standings_of(totals)]
    assert places == [(1, 1), (0, 2), (2, 2), (3, 4)]
