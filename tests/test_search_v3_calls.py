"""`search-v3` calls only where its distinct worlds say the call wins (issue 27): resampled
worlds repeat the likely ones, so the share of worlds a call wins in is counted once per
distinct world, and a handful of distinct worlds is no ground for a call at all."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bots.search.budget import BELIEVING_BUDGET
from bots.search.evaluate import _card_values, evaluate_in_full
from bots.search.play import choose_play
from bots.search.playouts import Outcome
from bots.search.style import BELIEVING, CAREFUL
from bots.search.values import Valued
from engine import Action, Card, Step
from tests.helpers.search_v3 import position


def test_a_call_is_valued_once_per_distinct_world() -> None:
    """Five copies of a world the call wins and one it loses: 5/6 with copies (before),
    one in two distinct."""
    plays, call = [Action.parse(0, "play AC")], Action.parse(0, "announce re")
    card = Card.parse("AC").index
    won, lost = {card: Outcome((1, 2), 130)}, {card: Outcome((1, -3), 100)}
    per_world = [won] * 5 + [lost]
    with_copies = _card_values(plays, [call], per_world)
    distinct = _card_values(plays, [call], per_world, distinct_calls=True)
    assert with_copies[1].won_share > 0.8
    assert distinct[1].won_share == 0.5 and len(distinct[1].utilities) == 2
    assert distinct[0].value.expected == with_copies[0].value.expected


def sure_calls(worlds: int):  # type: ignore[no-untyped-def]
    """`evaluate_in_full` with every call made sure: won everywhere, ten points better, in
    `worlds` distinct worlds."""
    real = evaluate_in_full

    def valued(*args: object, **kwargs: object) -> list[Valued]:
        values: list[Valued] = real(*args, **kwargs)  # type: ignore[arg-type]
        best = max(v.value.expected for v in values)
        return [
            v._replace(
                value=v.value._replace(expected=best + 10),
                won_share=1.0,
                utilities=(1.0,) * worlds,
            )
            if v.value.action.call is not None
            else v
            for v in values
        ]

    return valued


def test_no_call_on_fewer_distinct_worlds_than_the_least(monkeypatch: pytest.MonkeyPatch) -> None:
    view = position("calls-2", 0)
    assert any(a.call is not None for a in view.legal)
    least = BELIEVING.call_worlds
    monkeypatch.setattr("bots.search.play.evaluate_in_full", sure_calls(least))
    assert choose_play(view, random.Random(1), BELIEVING_BUDGET, BELIEVING).call is not None
    monkeypatch.setattr("bots.search.play.evaluate_in_full", sure_calls(least - 1))
    assert choose_play(view, random.Random(1), BELIEVING_BUDGET, BELIEVING).call is None


def test_the_careful_style_counts_no_distinct_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """search-v2's worlds are independent draws: its calls stay as they were, whatever the
    budget the style is searched with."""
    view = position("calls-2", 0)
    monkeypatch.setattr("bots.search.play.evaluate_in_full", sure_calls(1))
    assert CAREFUL.call_worlds == 0
    assert choose_play(view, random.Random(1), BELIEVING_BUDGET, CAREFUL).call is not None


def test_a_further_step_needs_more_distinct_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed no 90 takes the team's Re down with it: search-v3 makes it only on at least
    `bold_worlds` distinct worlds, all won."""
    view = position("calls-2", 0)
    monkeypatch.setattr("bots.search.play.evaluate_in_full", sure_calls(BELIEVING.bold_worlds - 1))
    without_re = [a for a in view.legal if a.call is None or a.call.step is not Step.TEAM]
    narrowed = dataclasses.replace(view, legal=tuple(without_re))
    assert any(a.call is not None for a in narrowed.legal)
    assert choose_play(narrowed, random.Random(1), BELIEVING_BUDGET, BELIEVING).call is None
    monkeypatch.setattr("bots.search.play.evaluate_in_full", sure_calls(BELIEVING.bold_worlds))
    assert choose_play(narrowed, random.Random(1), BELIEVING_BUDGET, BELIEVING).call is not None
