"""The review of a finished hand: the hand step by step with every card open, and the human's
decisions weighed by the strong level (computed once in the background)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request, Response

from app.deps import SessionDep, TemplatesDep, is_htmx
from app.hand_replay import replay_steps
from app.i18n import N_, translator, writing_of
from app.models import HandReview
from app.review import Decision, Summary, summarise
from app.review_jobs import Reviewer, ReviewJob
from app.review_positions import decision_positions
from app.review_reasons import reason_text
from app.routes.games import ScreenDep
from app.routes.hands import FinishedHand, HandNumber, finished_hand
from app.secrecy import REVIEW_LATER

router = APIRouter(prefix="/games", tags=["review"])


@dataclass(frozen=True)
class ReviewShown:
    waiting: bool
    """Behind another review of the player (`app.review_jobs`)."""
    done: bool
    failed: bool
    weighed: int
    total: int | None
    decisions: tuple[Decision, ...]
    summary: Summary


WAITING = ReviewShown(
    waiting=True,
    done=False,
    failed=False,
    weighed=0,
    total=None,
    decisions=(),
    summary=summarise([]),
)


def review_shown(review: HandReview | None) -> ReviewShown:
    if review is None:
        return WAITING
    decisions = tuple(Decision.from_json(data) for data in review.decisions)
    return ReviewShown(
        waiting=False,
        done=review.status == "done",
        failed=review.status == "failed",
        weighed=len(decisions),
        total=review.decisions_total,
        decisions=decisions,
        summary=summarise(decisions),
    )


def _review(
    request: Request, session: SessionDep, screen: ScreenDep, game_id: str, number: int
) -> tuple[FinishedHand, ReviewShown]:
    """The hand and its review, started in the background on the first request (or, while
    another review of the player is computed, on the first after it)."""
    hand = finished_hand(session, request, screen, game_id, number, REVIEW_LATER)
    row = hand.row
    reviewer: Reviewer = request.app.state.reviewer
    job = ReviewJob(row.player_id, row.id, number, hand.record, f"{row.seed}/{number}")
    review = reviewer.request(session, job)
    return hand, review_shown(review)


@router.get("/{game_id}/hands/{number}/review")
def review_page(
    request: Request,
    game_id: str,
    number: HandNumber,
    session: SessionDep,
    screen: ScreenDep,
    templates: TemplatesDep,
    step: Annotated[int, Query(ge=0, le=12)] = 0,
) -> Response:
    hand, review = _review(request, session, screen, game_id, number)
    t = translator(request)
    steps = replay_steps(hand.record, t)
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
    block = "decisions" if is_htmx(request) else None
    response: Response = templates.TemplateResponse(
        request, "review.html", context, block_name=block
    )
    response.headers["Vary"] = "HX-Request"
    return response
