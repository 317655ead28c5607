"""`search-v3`'s worlds believe the table (issue 27): every world obeys the view's facts,
a declared solo puts a hand the model declares on with the soloist, the weights are tempered
rather than collapsing on a few worlds, moves keep worlds consistent, and racing spends the
play-outs on the close cards."""

from __future__ import annotations

import random
import statistics

from bots.heuristic.evaluation import solo_value
from bots.heuristic.reservations import SOLO_THRESHOLD
from bots.registry import bot_named
from bots.search.beliefs import believed_worlds, effective_size, resample, tempered
from bots.search.bot import SearchBot
from bots.search.budget import BELIEVING_BUDGET, Budget
from bots.search.constraints import constraints_of
from bots.search.evidence import hand_evidence, play_log_likelihood
from bots.search.inference import weighted_worlds
from bots.search.moves import moved
from bots.search.playouts import Outcome
from bots.search.racing import raced_outcomes
from bots.search.sampling import World, sample_world
from engine import CardSet, Contract, view_of
from engine.rebuild import hidden_of
from tests.helpers.search_beliefs import solo_view
from tests.helpers.search_worlds import assert_world_fits


def soloist_share(worlds: list[World]) -> float:
    return statistics.fmean(
        solo_value(CardSet(w.held[1]), Contract.SOLO_HEARTS) >= SOLO_THRESHOLD for w in worlds
    )


def test_v3_is_registered_and_believes() -> None:
    bot = bot_named("search-v3")
    assert isinstance(bot, SearchBot) and bot.budget.believes and bot.budget.racing
    scaled = bot_named("search-v3", 10)
    assert isinstance(scaled, SearchBot) and scaled.budget.believes and scaled.budget.worlds == 10


def test_after_a_declared_solo_most_worlds_give_the_soloist_a_declaring_hand() -> None:
    _, view = solo_view()
    believed = believed_worlds(view, random.Random(3), 40, BELIEVING_BUDGET)
    weighed = weighted_worlds(view, random.Random(3), 40, Budget())
    for world in believed[:8]:
        assert_world_fits(view, world)
    assert soloist_share(believed) >= 0.5
    assert soloist_share(believed) > soloist_share(weighed) + 0.4


def test_moves_keep_worlds_consistent() -> None:
    _, view = solo_view()
    facts = constraints_of(view)
    evidence = hand_evidence(view)
    rng = random.Random(4)
    for _ in range(5):
        world = moved(view, sample_world(view, facts, rng), facts, evidence, rng, 50)
        assert_world_fits(view, world)


def test_the_real_world_explains_the_play_better_than_a_random_one() -> None:
    hand, _ = solo_view()
    rng = random.Random(6)
    model = bot_named("heuristic-v1")
    while len(hand.tricks) < 4:
        seat = hand.to_act
        assert seat is not None
        hand.apply(model.choose(view_of(hand, seat), rng))
    view = view_of(hand, 0)
    real_hidden = hidden_of(hand)
    real = World((*(c.mask for c in real_hidden.held), 0))
    facts = constraints_of(view)
    others = [play_log_likelihood(view, sample_world(view, facts, rng)) for _ in range(20)]
    assert play_log_likelihood(view, real) > statistics.median(others)


def test_tempering_keeps_enough_effective_worlds() -> None:
    weights = [0.0] + [-30.0] * 99
    assert effective_size(weights) < 1.01
    softened = tempered(weights, 30)
    assert effective_size(softened) >= 29.9
    assert tempered([0.0, -0.1, -0.2], 2) == [0.0, -0.1, -0.2]


def test_resampling_follows_the_weights() -> None:
    worlds = [World((n, 0, 0, 0, 0)) for n in range(3)]
    picked = resample(worlds, [0.0, 0.0, -50.0], 1000, random.Random(1))
    assert picked.count(worlds[2]) == 0
    assert abs(picked.count(worlds[0]) - 500) <= 1


MEANS = {0: -8.0, 1: 2.0, 2: 2.2}


def test_racing_drops_a_clearly_worse_card() -> None:
    budget = Budget(worlds=10, playouts=60)
    rounds: list[list[int]] = []

    def play(count: int, cards: list[int]) -> list[dict[int, Outcome]]:
        rounds.append(cards)
        rng = random.Random(len(rounds))

        def outcome(card: int) -> Outcome:
            return Outcome((round(MEANS[card] + rng.gauss(0, 1)),), 60)

        return [{card: outcome(card) for card in cards} for _ in range(count)]

    per_world = raced_outcomes(budget, [0, 1, 2], play)
    assert rounds[0] == [0, 1, 2] and 0 not in rounds[1]
    assert all(2 in outcome for outcome in per_world)
