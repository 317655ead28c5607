"""The parts of a hand's review that do not depend on the search: the human's decision
moments, how a decision is weighed and graded from an evaluation, the summary, and the
trick-by-trick steps with every card open. (The review with `search-v1` itself is tested in
tests/web/test_review.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.languages.i18n import translations
from app.learning.hand_replay import replay_steps
from app.learning.review import (
    BLUNDER,
    MISTAKE,
    Decision,
    Moment,
    human_moments,
    summarise,
    weigh,
)
from engine import HandRecord, parse_record
from tests.web.helpers.review_parts import scripted

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def record(name: str) -> HandRecord:
    return parse_record((GOLDEN / f"{name}.record.json").read_text())


@pytest.mark.parametrize("name", ["normal-announced", "armut", "hochzeit", "solo-queens"])
def test_every_action_of_the_human_is_a_moment_with_its_view(name: str) -> None:
    hand = record(name)
    moments = list(human_moments(hand))
    assert [m.index for m in moments] == [i for i, a in enumerate(hand.actions) if a.seat == 0]
    for moment in moments:
        assert moment.view.seat == 0
        assert moment.chosen in moment.view.legal, "the choice was legal from that view"
        assert len(moment.view.history) == moment.index, "the view is the one before acting"


def first_card_moment() -> Moment:
    return next(m for m in human_moments(record("normal-announced")) if m.chosen.card)


@pytest.mark.parametrize(
    ("best_value", "grade"), [(0.3, ""), (0.0 + MISTAKE, "mistake"), (BLUNDER, "blunder")]
)
def test_a_decision_costs_what_the_best_was_worth_more(best_value: float, grade: str) -> None:
    moment = first_card_moment()
    other = next(a.notation for a in moment.view.legal if a != moment.chosen)
    decision = weigh(moment, scripted({moment.chosen.notation: 0.0, other: best_value}), "s")
    assert decision.chosen == moment.chosen.notation and decision.best == other
    assert decision.loss == pytest.approx(best_value)
    assert decision.grade == grade
    assert decision.spread == 0, "the same value in every world: no noise in the difference"


def test_the_best_choice_costs_nothing() -> None:
    moment = first_card_moment()
    decision = weigh(moment, scripted({moment.chosen.notation: 2.0}), "s")
    assert (decision.loss, decision.best, decision.grade) == (0.0, moment.chosen.notation, "")
    assert decision.options[0].action == moment.chosen.notation


def test_a_decision_survives_storage() -> None:
    moment = first_card_moment()
    decision = weigh(moment, scripted({moment.chosen.notation: 1.0}), "s")
    assert Decision.from_json(decision.to_json()) == decision


def test_the_summary_adds_losses_and_puts_the_worst_first() -> None:
    moments = list(human_moments(record("normal-announced")))[:4]
    losses = [0.0, 2.0, 0.6, 0.0]
    decisions = []
    for moment, loss in zip(moments, losses, strict=True):
        if len(moment.view.legal) == 1:
            continue
        other = next(a.notation for a in moment.view.legal if a != moment.chosen)
        values = {moment.chosen.notation: 0.0, other: loss}
        decisions.append(weigh(moment, scripted(values), "s"))
    summary = summarise(decisions)
    assert summary.loss == pytest.approx(sum(d.loss for d in decisions))
    assert [d.loss for d in summary.worst_first] == sorted(
        (d.loss for d in decisions), reverse=True
    )
    assert len(summary.worst_first) == len(decisions)


@pytest.mark.parametrize("name", ["normal-announced", "hochzeit", "solo-queens", "armut"])
def test_the_steps_show_every_trick_with_all_cards(name: str) -> None:
    hand = record(name)
    result = hand.replay().result()
    steps = replay_steps(hand, translations("en"))
    assert len(steps) == 13 and steps[0].trick is None
    assert [len(s.seats[0].cards) for s in steps] == list(range(12, -1, -1))
    assert sum(seat.points for seat in steps[-1].seats) == 240
    for step, trick in zip(steps[1:], result.tricks, strict=True):
        assert step.trick is not None and step.trick.points == trick.points
        assert [played.face.code for played in step.trick.cards] == [str(c) for c in trick.cards]
    assert [seat.team for seat in steps[-1].seats].count("Re") == len(result.re)
