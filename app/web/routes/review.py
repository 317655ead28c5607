"""The review of a finished hand: the hand step by step with every card open, and the human's
decisions weighed by the strong level (computed once in the background)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request, Response

from app.languages.i18n import N_, translator, writing_of
from app.learning.hand_replay import replay_steps
from app.learning.review import Decision, Summary, summarise
from app.learning.review_jobs import Reviewer, ReviewJob, ReviewsLimited
from app.learning.review_positions import decision_positions
from app.learning.review_reasons import reason_text
from app.operations.urls import GAMES
from app.storage.models import HandReview
from app.storage.work import WorkStatus
from app.web.deps import PageLimit, SessionDep, TemplatesDep, is_htmx, review_allowed
from app.web.finished_hands import FinishedHand, HandNumber, finished_hand
from app.web.secrecy import REVIEW_LATER
from app.web.tables import ScreenDep

router = APIRouter(prefix=GAMES, tags=["review"])


@dataclass(frozen=True)
class ReviewShown:
    waiting: bool
    """Behind another review of the player (`app.learning.review_jobs`)."""
    queued: bool
    """Started, and waiting for its share of the background workers."""
    limited: bool
    """Not started: the player or address started too many reviews in the last minute."""
    done: bool
    failed: bool
    weighed: int
    total: int | None
    decisions: tuple[Decision, ...]
    summary: Summary


def not_started(limited: bool) -> ReviewShown:
    return ReviewShown(
        waiting=not limited,
        queued=False,
        limited=limited,
        done=False,
        failed=False,
        weighed=0,
        total=None,
        decisions=(),
        summary=summarise([]),
    )


def review_shown(review: HandReview | None) -> ReviewShown:
    if review is None:
        return not_started(limited=False)
    decisions = tuple(Decision.from_json(data) for data in review.decisions)
    return ReviewShown(
        waiting=False,
        queued=review.status == WorkStatus.PENDING and review.decisions_total is None,
        limited=False,
        done=review.status == WorkStatus.DONE,
        failed=review.status == WorkStatus.FAILED,
        weighed=len(decisions),
        total=review.decisions_total,
        decisions=decisions,
        summary=summarise(decisions),
    )


def _review(
    request: Request, session: SessionDep, screen: ScreenDep, game_id: str, number: int
) -> tuple[FinishedHand, ReviewShown]:
    """The hand and its review, started in the background on the first request (or, while
    another review of the player is computed, on the first after it), within the reviews'
    rate limits."""
    hand = finished_hand(session, request, screen, game_id, number, REVIEW_LATER)
    row = hand.row
    reviewer: Reviewer = request.app.state.reviewer
    job = ReviewJob(row.player_id, row.id, number, hand.record, f"{row.seed}/{number}")
    try:
        review = reviewer.request(session, job, lambda: review_allowed(request))
    except ReviewsLimited:
        return hand, not_started(limited=True)
    return hand, review_shown(review)


@router.get("/{game_id}/hands/{number}/review", dependencies=[PageLimit])
def review_page(
    request: Request,
    game_id: str,
    number: HandNumber,
    session: SessionDep,
    screen: ScreenDep,
    templates: TemplatesDep,
    step: Annotated[int, Query(ge=0, le=12)] = 0,
) -> Response:
    """The hand trick by trick and the review's decisions; htmx's poll while the review is
    computed (every second) gets the decisions alone, without the hand's replay (a fifth of
    the page's time: six players polling cost the server a third of a core)."""
    hand, review = _review(request, session, screen, game_id, number)
    t = translator(request)
    block = "decisions" if is_htmx(request) else None
    steps = [] if block else replay_steps(hand.record, t)
    if steps and step >= len(steps):
        raise HTTPException(404, N_("That hand has no such trick."))
    writing = writing_of(request)
    context = {
        "game_id": hand.row.id,
        "number": number,
        "in_game": hand.in_game,
        "steps": steps,
        "step": steps[step] if steps else None,
        "review": review,
        "positions": decision_positions(hand.record, review.decisions, t),
        "reasons": {d.index: reason_text(d, writing) for d in review.decisions},
    }
    status, headers = (429, {"Retry-After": "60"}) if review.limited else (200, {})
    response: Response = templates.TemplateResponse(
        request, "review.html", context, status, headers, block_name=block
    )
    response.headers["Vary"] = "HX-Request"
    return response
