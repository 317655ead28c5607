"""Issue 27 in a real browser: the review shows each decision's cost with its uncertainty, a
decision within the noise as such (no grade, no better card marked, no reason), and the hand's
total with its error, on a phone and a desktop; screenshots under test-artifacts/
(verdict-review-*.png)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from playwright.sync_api import BrowserContext, FloatRect, Page
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.learning.review import Decision, human_moments, summarise, weigh
from app.learning.review_jobs import EVALUATOR
from bots.search.contrast import Difference
from engine import Act, HandRecord, parse_record
from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.table import choose_rules, snapshot
from tests.helpers.review_rows import done_review
from tests.live import LiveServer
from tests.web.helpers.review_parts import scripted

from .clicks import play_until

COSTS = ((1.6, 0.3), (0.7, 0.5), (-0.3, 0.25))
"""The first three card decisions with a choice: a blunder, a cost within the noise, and one
measured below zero (within the noise too)."""


def hand_over(page: Page) -> bool:
    return page.locator("section.summary").count() > 0


def weighed(record: HandRecord) -> list[Decision]:
    """Every decision the best at +0.4, then the `COSTS` given to the first card decisions
    with another card to play."""
    decisions = {
        m.index: weigh(m, scripted({m.chosen.notation: 0.4}), "b") for m in human_moments(record)
    }
    choices = [
        m
        for m in human_moments(record)
        if m.chosen.act is Act.PLAY and sum(a.act is Act.PLAY for a in m.view.legal) > 1
    ]
    for moment, (loss, error) in zip(choices, COSTS, strict=False):
        other = next(a for a in moment.view.legal if a.act is Act.PLAY and a != moment.chosen)
        decisions[moment.index] = replace(
            decisions[moment.index],
            best=other.notation,
            loss=loss,
            spread=error,
            expected_best=round(0.4 + loss, 3),
            reason=Difference("trick", 30, 40, 32, 2) if loss > 2 * error else None,
        )
    return list(decisions.values())


def store_review(page: Page, server: LiveServer) -> str:
    game = page.url.rsplit("/", 1)[1]
    record = parse_record(json.dumps(page.request.get(f"/games/{game}/hands/1/record.json").json()))
    decisions = weighed(record)
    summary = summarise(decisions)
    engine = create_engine(server.database_url)
    with Session(engine) as session:
        stored = [d.to_json() for d in decisions]
        review = done_review(
            game, stored, evaluator=EVALUATOR, loss=summary.loss, spread=summary.spread
        )
        session.merge(review)
        session.commit()
    engine.dispose()
    return f"/games/{game}/hands/1/review"


def shoot_totals(page: Page, name: str) -> None:
    """The hand's total and how a choice is weighed, in one picture."""
    page.evaluate("document.querySelector('.review-summary').scrollIntoView()")
    top = page.locator(".review-summary").bounding_box()
    bottom = page.locator(".how-weighed").bounding_box()
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert top is not None and bottom is not None
    height = bottom["y"] + bottom["height"] - top["y"] + 16
    clip = FloatRect(x=0, y=max(0, top["y"] - 8), width=width, height=height)
    page.screenshot(path=str(Path("test-artifacts") / f"{name}.png"), clip=clip)


def test_the_review_shows_each_cost_with_its_uncertainty(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = new_context(PHONE).new_page()
    choose_rules(page, hands=1)
    play_until(page, hand_over)
    page.goto(store_review(page, live_server))
    summary = page.locator(".review-summary").inner_text()
    assert "Your decisions cost about 2.0 points this hand" in summary and "± 0.6" in summary
    blunder = page.locator("li.decision.blunder")
    assert blunder.count() == 1
    assert "Cost about 1.6 ± 0.3 game points" in blunder.locator(".cost").inner_text()
    assert blunder.locator(".held.better .card").count() == 1
    assert blunder.locator(".reason").count() == 1
    within = page.locator("li.decision", has_text="Within the noise")
    assert within.count() == 2
    for item in within.all():
        assert item.locator(".grade, .reason, .held.better").count() == 0
        assert "better:" not in item.locator(".what").inner_text()
    assert page.locator(".grade").count() == 1
    complaints = [snapshot(page, "verdict-review-phone")]
    shoot_totals(page, "verdict-review-total-phone")
    within.first.screenshot(path=str(Path("test-artifacts") / "verdict-review-within-phone.png"))
    blunder.screenshot(path=str(Path("test-artifacts") / "verdict-review-blunder-phone.png"))
    page.set_viewport_size(DESKTOP)
    complaints.append(snapshot(page, "verdict-review-desktop"))
    shoot_totals(page, "verdict-review-total-desktop")
    assert not [complaint for complaint in complaints if complaint]
