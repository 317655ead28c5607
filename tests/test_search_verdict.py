"""A review's loss is not inflated (issue 27): the best action is chosen on one set of worlds
and its advantage measured on another, and a decision within the noise is no mistake."""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import pytest

from bots.search import verdict as verdict_module
from bots.search.budget import Budget
from bots.search.values import ActionValue, Valued, best_first
from bots.search.verdict import verdict
from engine import SeatView, view_of
from tests.helpers.search_bot import FOX
from tests.scripting import all_healthy, rigged_hand, run

SMALL = Budget(worlds=16, playouts=80, solver_worlds=8, reservation_deals=8)
WORLDS = 20


def noisy_evaluation(
    view: SeatView, rng: random.Random, budget: Budget, actions: Sequence[object] | None = None
) -> list[Valued]:
    """Every action truly worth 0: each world's value is noise alone."""
    chosen = list(view.legal if actions is None else actions)
    values = []
    for action in chosen:
        utilities = tuple(rng.gauss(0, 3) for _ in range(WORLDS))
        mean, spread = statistics.fmean(utilities), statistics.pstdev(utilities)
        values.append(Valued(ActionValue(action, mean, spread), 0.0, 0.5, utilities))  # type: ignore[arg-type]
    return best_first(values)


def fox_view() -> SeatView:
    hand = run(all_healthy(rigged_hand(FOX)), "0 play JD; 1 play QC; 2 play 10D")
    return view_of(hand, 3)


def test_equal_actions_cost_nothing_on_average_and_are_no_mistakes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(verdict_module, "evaluate_in_full", noisy_evaluation)
    view = fox_view()
    chosen = view.legal[0]
    rng = random.Random(5)
    verdicts = [verdict(view, chosen, rng, SMALL) for _ in range(400)]
    losses = [v.loss for v in verdicts]
    error = statistics.pstdev(losses) / len(losses) ** 0.5
    assert abs(statistics.fmean(losses)) < 2.5 * error
    assert sum(v.mistake for v in verdicts) / len(verdicts) < 0.06
    same_worlds = []
    for _ in range(400):
        values = noisy_evaluation(view, rng, SMALL)
        mine = next(v for v in values if v.value.action == chosen)
        same_worlds.append(values[0].value.expected - mine.value.expected)
    assert statistics.fmean(same_worlds) > 5 * error, "the old way leans upwards"


def test_calling_schwarz_on_a_losing_hand_is_a_mistake() -> None:
    view = fox_view()
    schwarz = next(a for a in view.legal if a.notation == "announce schwarz")
    judged = verdict(view, schwarz, random.Random(1), SMALL)
    assert judged.best != schwarz and judged.mistake and judged.loss > 5


def test_the_right_card_is_no_mistake() -> None:
    view = fox_view()
    small = next(a for a in view.legal if a.card is not None and str(a.card) == "9D")
    judged = verdict(view, small, random.Random(1), SMALL)
    assert not judged.mistake
