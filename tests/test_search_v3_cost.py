"""What `search-v3`'s decisions cost (issue 27): the believed worlds are drawn once per
decision and shared by the racing rounds, a card's likelihood is shared by the worlds that give
its seat the same cards, only the latest cards are replayed against the model, and weak hand
evidence is read on few candidates."""

from __future__ import annotations

import random

import pytest

import bots.search.beliefs as beliefs
from bots.search.beliefs import worlds_for
from bots.search.budget import BELIEVING_BUDGET, DEFAULT_BUDGET
from bots.search.constraints import constraints_of
from bots.search.evaluate import evaluate
from bots.search.evidence import PLAY_WINDOW, Choices, play_log_likelihood
from bots.search.sampling import Sampler, sample_world
from tests.helpers.search_v3 import position


def test_a_racing_decision_draws_its_worlds_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: each racing round drew and weighed fresh believed worlds (two draws)."""
    view = position("cost-1", 3)
    calls: list[int] = []
    real = worlds_for

    def counted(*args: object) -> object:
        calls.append(args[2])  # type: ignore[arg-type]
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr("bots.search.evaluate.worlds_for", counted)
    evaluate(view, random.Random(1), BELIEVING_BUDGET)
    assert calls == [BELIEVING_BUDGET.worlds]
    calls.clear()
    evaluate(view, random.Random(1), DEFAULT_BUDGET)
    assert len(calls) == 1


def test_a_shared_card_likelihood_changes_no_weight() -> None:
    view = position("cost-2", 4)
    facts = constraints_of(view)
    rng = random.Random(2)
    worlds = [sample_world(view, facts, rng) for _ in range(6)]
    known: Choices = {}
    shared = [play_log_likelihood(view, world, known) for world in worlds + worlds]
    alone = [play_log_likelihood(view, world) for world in worlds + worlds]
    assert shared == alone
    assert known and len(known) <= len(worlds) * PLAY_WINDOW


def test_only_the_latest_cards_are_weighed() -> None:
    """Late in a hand, a world's weight reads at most `PLAY_WINDOW` cards of the others."""
    view = position("cost-3", 8)
    known: Choices = {}
    play_log_likelihood(view, sample_world(view, constraints_of(view), random.Random(3)), known)
    steps = sorted({step for step, *_ in known})
    others = [i for i, a in enumerate(view.history) if a.card and a.seat != view.seat]
    assert steps and steps[0] >= others[-PLAY_WINDOW]


def test_weak_hand_evidence_is_read_on_few_candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Re, Kontra and silence fit most candidates: three per world weighed, not eight."""
    view = position("cost-4", 2)
    draws: list[int] = []
    real = Sampler.draw

    def counted(self: Sampler, rng: random.Random) -> object:
        draws.append(1)
        return real(self, rng)

    monkeypatch.setattr(Sampler, "draw", counted)
    beliefs.believed_worlds(view, random.Random(4), 32, BELIEVING_BUDGET)
    weighed = -(-32 * beliefs.PLAY_SURPLUS // 1)
    assert len(draws) <= beliefs.FIRST_CANDIDATES * weighed
