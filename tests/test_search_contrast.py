"""The review's reason (`bots.search.contrast`): the chosen and the better action played out in
the worlds `evaluate` valued them in, and the difference seen most often named.

Whole positions with the review's budget are in tests/web/test_review_teaching.py (a card that
wins the trick, a fox thrown to the other side)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bots.search.budget import DEFAULT_BUDGET
from bots.search.contrast import (
    ANNOUNCE,
    ANNOUNCE_FAILED,
    POINTS,
    SCORE,
    Facts,
    contrast,
    main_difference,
)
from bots.search.evaluate import Sampled, evaluate
from engine import Act, Action, Call, Card, SeatView, parse_record, view_of

REVIEWS = Path(__file__).resolve().parent / "review"
SMALL = DEFAULT_BUDGET.scaled(8)


def position(name: str) -> SeatView:
    record = parse_record((REVIEWS / f"{name}.record.json").read_text())
    return view_of(record.replay(), 0)


def test_evaluate_hands_out_the_worlds_it_played_in_and_values_the_same() -> None:
    view = position("wins-trick")
    sampled = Sampled()
    kept = evaluate(view, random.Random(3), SMALL, sampled=sampled)
    assert kept == evaluate(view, random.Random(3), SMALL), "keeping the worlds changes nothing"
    cards = sum(action.act is Act.PLAY for action in view.legal)
    assert len(sampled.hands) == max(4, min(SMALL.worlds, SMALL.playouts // cards))
    assert not sampled.exact
    for hand in sampled.hands:
        assert hand.cards_of(0) == view.hand
        assert [card for _, card in hand.current_trick()] == [c for _, c in view.current_trick]


def test_the_reason_counts_every_world_evaluate_sampled() -> None:
    view = position("wins-trick")
    sampled = Sampled()
    evaluate(view, random.Random(3), SMALL, sampled=sampled)
    chosen, better = (Action(0, Act.PLAY, card=Card.parse(code)) for code in ("AC", "AD"))
    reason = contrast(view, sampled, chosen, better, random.Random(0))
    assert reason.worlds == len(sampled.hands)
    assert (reason.kind, reason.count) == ("trick", reason.worlds)


PLAIN = Facts(
    trick=False,
    partner=False,
    fox_kept=True,
    fox_caught=False,
    charlie=False,
    doppelkopf=False,
    announcement=False,
    won=False,
    points=100,
)


def facts(**changed: Any) -> Facts:
    return replace(PLAIN, **changed)


CARD_A, CARD_B = (Action(0, Act.PLAY, card=Card.parse(code)) for code in ("9C", "AD"))


def test_the_most_frequent_difference_is_the_reason() -> None:
    pairs = [
        (facts(), facts(trick=True, won=True)),
        (facts(), facts(trick=True)),
        (facts(), facts(trick=True)),
        (facts(fox_kept=False), facts()),
        (facts(), facts()),
    ]
    reason = main_difference(CARD_A, CARD_B, pairs)
    assert (reason.kind, reason.count, reason.worlds) == ("trick", 3, 5)
    assert (reason.better_count, reason.chosen_count) == (3, 0)


def test_differences_the_other_way_are_counted_against() -> None:
    """The better card takes this trick in two worlds but loses it in two others; it keeps
    the fox in one more: the fox is the reason."""
    pairs = [
        (facts(), facts(trick=True)),
        (facts(), facts(trick=True)),
        (facts(trick=True), facts()),
        (facts(trick=True), facts()),
        (facts(fox_kept=False), facts()),
    ]
    reason = main_difference(CARD_A, CARD_B, pairs)
    assert (reason.kind, reason.count) == ("fox_kept", 1)


def test_a_tie_names_the_more_telling_fact() -> None:
    pairs = [(facts(fox_kept=False), facts(trick=True, partner=True))] * 2
    assert main_difference(CARD_A, CARD_B, pairs).kind == "fox_kept"
    pairs = [(facts(), facts(trick=True, partner=True))] * 2
    assert main_difference(CARD_A, CARD_B, pairs).kind == "partner"


@pytest.mark.parametrize(
    ("more", "kind"), [(12, POINTS), (2, SCORE)], ids=["card points", "nothing stands out"]
)
def test_with_no_fact_the_card_points_or_the_score(more: int, kind: str) -> None:
    pairs = [(facts(), facts(points=100 + more))] * 3
    reason = main_difference(CARD_A, CARD_B, pairs)
    assert reason.kind == kind
    assert reason.points == (more if kind == POINTS else 0)


def test_an_announcement_is_about_whether_the_side_makes_it() -> None:
    announce = Action(0, Act.ANNOUNCE, call=Call.RE)
    pairs = [(facts(), facts(announcement=True))] * 3 + [(facts(), facts())]
    made = main_difference(CARD_A, announce, pairs)
    assert (made.kind, made.count, made.worlds) == (ANNOUNCE, 3, 4)
    pairs = [(facts(), facts())] * 3 + [(facts(announcement=True), facts())]
    failed = main_difference(announce, CARD_A, pairs)
    assert (failed.kind, failed.count) == (ANNOUNCE_FAILED, 3)


def test_a_redealt_world_counts_as_a_world_but_shows_nothing() -> None:
    pairs = [(None, None), (facts(), facts(won=True))]
    reason = main_difference(CARD_A, CARD_B, pairs)
    assert (reason.kind, reason.count, reason.worlds) == ("won", 1, 2)


def test_the_kept_play_outs_of_the_chosen_card_are_the_ones_played_again() -> None:
    """The review keeps the evaluation's play-outs of the chosen card rather than playing
    them again: the reason is the same either way."""
    view = position("saves-fox")
    chosen, better = (Action(0, Act.PLAY, card=Card.parse(code)) for code in ("AD", "JS"))
    reasons = []
    for keep in (None, chosen.card.index if chosen.card else None):
        sampled = Sampled(keep=keep)
        evaluate(view, random.Random(5), SMALL, sampled=sampled)
        assert bool(sampled.outcomes) == (keep is not None)
        reasons.append(contrast(view, sampled, chosen, better, random.Random(0)))
    assert reasons[0] == reasons[1]
