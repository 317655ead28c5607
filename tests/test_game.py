"""A game as a series of hands (docs/rules.md §1 deal rotation, §5 Armut redeal, §9 totals)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine import DDV, PAGAT, Action, Game, Hand, Phase, RuleSet, deal
from engine.game import numbers_in_game

Chooser = Callable[[Hand, int, list[str], random.Random], str]


def random_choice(hand: Hand, seat: int, options: list[str], rng: random.Random) -> str:
    """Any legal action, but a solo only now and then so that team games dominate."""
    plain = [n for n in options if not n.startswith("solo-")]
    if plain and rng.random() < 0.9:
        return rng.choice(plain)
    return rng.choice(options)


def armut_and_decline(hand: Hand, seat: int, options: list[str], rng: random.Random) -> str:
    """Declares Armut whenever possible and never accepts one: every deal with a poor seat
    is dealt again."""
    for wanted in ("armut", "armut-decline", "healthy"):
        if wanted in options:
            return wanted
    return rng.choice(options)


def play_hand(hand: Hand, rng: random.Random, choose: Chooser) -> None:
    """Random legal play to the end of the hand, with announcements by random seats."""
    while not hand.is_over:
        seat = rng.randrange(4)
        calls = [n for n in hand.legal_notations(seat) if n.startswith("announce ")]
        if calls and rng.random() < 0.1:
            hand.apply(Action.parse(seat, rng.choice(calls)))
            continue
        seat = hand.to_act
        assert seat is not None
        options = [n for n in hand.legal_notations(seat) if not n.startswith("announce ")]
        hand.apply(Action.parse(seat, choose(hand, seat, options, rng)))


def play_game(rules: RuleSet, seed: str, choose: Chooser = random_choice) -> Game:
    game = Game(rules, seed)
    rng = random.Random(seed)
    while True:
        play_hand(game.hand, rng, choose)
        if game.is_over:
            return game
        game.next_hand()


def redeals_of(game: Game) -> int:
    return sum(record.replay().phase is Phase.REDEAL for record in game.finished_records)


def places(totals: tuple[int, ...]) -> dict[int, int]:
    """§9: the place of each seat is 1 + the number of seats with a higher total."""
    return {seat: 1 + sum(other > total for other in totals) for seat, total in enumerate(totals)}


@pytest.mark.parametrize(
    ("rules", "seed"),
    [
        (PAGAT, "series-a"),
        (DDV, "series-b"),
        (RuleSet(hands_per_game=3, without_nines=True), "series-c"),
    ],
    ids=["pagat", "ddv", "three-without-nines"],
)
def test_a_game_is_hands_per_game_hands(rules: RuleSet, seed: str) -> None:
    game = play_game(rules, seed)
    assert game.is_over
    assert len(game.finished_results) == rules.hands_per_game
    assert len(game.finished_records) == rules.hands_per_game + redeals_of(game)
    with pytest.raises(ValueError):
        game.next_hand()


def hand_numbers(game: Game) -> list[tuple[int, int]]:
    """(hand number, redeal number) of each record, counting only hands that were played."""
    numbers, hand_number, redeal = [], 0, 0
    for record in game.finished_records:
        numbers.append((hand_number, redeal))
        if record.replay().phase is Phase.REDEAL:
            redeal += 1
        else:
            hand_number, redeal = hand_number + 1, 0
    return numbers


def check_deals_and_dealers(game: Game) -> None:
    """§1: the deal passes to the left after each hand, stays on a redeal, and every deal is
    the pure function of (seed, hand number, redeal number)."""
    first = game.finished_records[0].dealer
    for record, (number, redeal) in zip(game.finished_records, hand_numbers(game), strict=True):
        assert record.dealer == (first + number) % 4
        dealt = deal(game.seed, number, redeal, game.rules.without_nines)
        assert (record.hands, record.dealer) == (dealt.hands, dealt.dealer)


def played_dealers(game: Game) -> list[int]:
    return [r.dealer for r in game.finished_records if r.replay().phase is not Phase.REDEAL]


@pytest.mark.parametrize("seed", ["rotation-1", "rotation-2", "rotation-3"])
def test_the_deal_passes_to_the_left(seed: str) -> None:
    game = play_game(RuleSet(hands_per_game=6), seed)
    dealers = played_dealers(game)
    assert dealers == [(dealers[0] + k) % 4 for k in range(6)]
    check_deals_and_dealers(game)


def test_the_first_dealer_comes_from_the_seed() -> None:
    """§1: drawn from the game's seed, so over many seeds every seat deals first."""
    firsts = {Game(PAGAT, f"first-{n}").hand.dealer for n in range(40)}
    assert firsts == {0, 1, 2, 3}


def first_game_with_a_redeal(rules: RuleSet) -> Game:
    """Searches seeds for a game in which a poor seat exists; with Armut always declared and
    always declined that hand is dealt again."""
    for number in range(60):
        game = play_game(rules, f"redeal-{number}", armut_and_decline)
        if redeals_of(game):
            return game
    raise AssertionError("no seed in 60 gives a deal with an Armut")


def test_an_armut_redeal_does_not_count_and_keeps_the_dealer() -> None:
    rules = RuleSet(hands_per_game=6)
    game = first_game_with_a_redeal(rules)
    assert len(game.finished_results) == 6
    assert len(game.finished_records) == 6 + redeals_of(game)
    check_deals_and_dealers(game)
    dealers = played_dealers(game)
    assert dealers == [(dealers[0] + k) % 4 for k in range(6)]
    records = game.finished_records
    for index, record in enumerate(records[:-1]):
        if record.replay().phase is Phase.REDEAL:
            assert records[index + 1].dealer == record.dealer
            assert records[index + 1].hands != record.hands


def test_a_redeal_on_the_table_is_a_finished_record() -> None:
    """A hand that ended in a redeal is over: its record is there before `next_hand` moves
    on, as a played hand's is, and stays the same record after."""
    rules = RuleSet(hands_per_game=6)
    game = Game(rules, first_game_with_a_redeal(rules).seed)
    rng = random.Random(game.seed)
    while True:
        play_hand(game.hand, rng, armut_and_decline)
        if game.hand.phase is Phase.REDEAL:
            break
        game.next_hand()
    on_table = game.finished_records
    assert on_table[-1].replay().phase is Phase.REDEAL
    assert len(on_table) == len(game.records) + 1
    game.next_hand()
    assert game.finished_records[: len(on_table)] == on_table


def test_without_armut_there_is_no_redeal() -> None:
    rules = RuleSet(hands_per_game=6, armut=False)
    for number in range(5):
        game = play_game(rules, f"redeal-{number}", armut_and_decline)
        assert redeals_of(game) == 0
        assert len(game.finished_records) == 6


@pytest.mark.parametrize("seed", ["totals-1", "totals-2"])
def test_totals_are_the_sums_of_the_hand_scores(seed: str) -> None:
    """The totals equal the column sums of the replayed records' scores (§9), so they sum to
    zero like every hand."""
    game = play_game(PAGAT, seed)
    replayed = [r.replay() for r in game.finished_records]
    scores = [hand.result().scores for hand in replayed if hand.phase is Phase.DONE]
    assert len(scores) == 8
    assert game.totals == tuple(sum(column) for column in zip(*scores, strict=True))
    assert sum(game.totals) == 0
    assert [result.scores for result in game.finished_results] == scores


def check_standings(game: Game, totals: tuple[int, ...]) -> None:
    standings = game.standings()
    assert sorted(s.seat for s in standings) == [0, 1, 2, 3]
    assert [s.total for s in standings] == sorted(totals, reverse=True)
    assert {s.seat: s.total for s in standings} == dict(enumerate(totals))
    assert {s.seat: s.place for s in standings} == places(totals)


class StubbedTotals(Game):
    """A game whose totals are given, to test the places alone."""

    def __init__(self, totals: tuple[int, int, int, int]) -> None:
        super().__init__(PAGAT, "stub")
        self.stubbed = totals

    @property
    def totals(self) -> tuple[int, int, int, int]:
        return self.stubbed


@pytest.mark.parametrize(
    ("totals", "expected_places"),
    [
        ((10, 4, -6, -8), (1, 2, 3, 4)),
        ((5, 5, -5, -5), (1, 1, 3, 3)),
        ((3, -9, 3, 3), (1, 4, 1, 1)),
        ((0, 0, 0, 0), (1, 1, 1, 1)),
        ((-2, 6, 6, -10), (3, 1, 1, 4)),
        ((7, -1, -1, -5), (1, 2, 2, 4)),
        ((-9, 3, 3, 3), (4, 1, 1, 1)),
    ],
)
def test_equal_totals_share_the_place(
    totals: tuple[int, int, int, int], expected_places: tuple[int, ...]
) -> None:
    game = StubbedTotals(totals)
    check_standings(game, totals)
    assert {s.seat: s.place for s in game.standings()} == dict(enumerate(expected_places))


@pytest.mark.parametrize("seed", ["one-hand-1", "one-hand-2", "one-hand-3", "one-hand-4"])
def test_standings_of_one_hand_games_share_places(seed: str) -> None:
    """After one hand the two partners of a team game (or the three opponents of a solo, or
    everyone after a zero hand) have equal totals and must share their place."""
    game = play_game(RuleSet(hands_per_game=1), seed)
    check_standings(game, game.totals)
    assert len({s.place for s in game.standings()}) < 4


def test_standings_of_a_whole_game() -> None:
    game = play_game(PAGAT, "standings")
    check_standings(game, game.totals)


def test_next_hand_refuses_while_the_hand_is_played() -> None:
    game = Game(PAGAT, "busy")
    with pytest.raises(ValueError):
        game.next_hand()
    forehand = game.hand.forehand
    game.hand.apply(Action.parse(forehand, "healthy"))
    with pytest.raises(ValueError):
        game.next_hand()
    assert game.records == [] and game.results == []


def test_a_finished_hand_counts_while_it_is_still_on_the_table() -> None:
    """The table shows a finished hand before the next is dealt: its result is in the totals
    at once, and after the last hand the game is over without another deal."""
    rules = RuleSet(hands_per_game=2, armut=False)
    game = Game(rules, "on-the-table")
    rng = random.Random("on-the-table")
    play_hand(game.hand, rng, random_choice)
    first = game.hand.result()
    assert (game.finished_results, game.results) == ([first], [])
    assert game.totals == first.scores and not game.is_over
    game.next_hand()
    play_hand(game.hand, rng, random_choice)
    last = game.hand.result()
    assert game.finished_results == [first, last] and game.is_over
    assert game.totals == tuple(a + b for a, b in zip(first.scores, last.scores, strict=True))
    assert game.standings()[0].total == max(game.totals)
    with pytest.raises(ValueError):
        game.next_hand()


def test_hands_are_numbered_as_the_table_counts_them() -> None:
    """An Armut redeal has the number of the hand dealt again and does not count (§9)."""
    assert numbers_in_game([False, True, True, False, False]) == [1, 2, 2, 2, 3]


def test_the_hand_on_the_table_has_its_number_in_the_game() -> None:
    """The table's count (§9) of the hand being played, redeals included, matches the
    numbers of the finished records."""
    game = first_game_with_a_redeal(RuleSet(hands_per_game=6))
    redeals = [record.replay().phase is Phase.REDEAL for record in game.finished_records]
    assert game.number_in_game == numbers_in_game(redeals)[-1] == 6
    assert Game(PAGAT, "fresh").number_in_game == 1
