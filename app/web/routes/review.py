"""The review of a finished hand: the hand step by step with every card open, and the human's
decisions weighed by the strong level (computed once in the background)."""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query, Request, Response

from app.daily.secrecy import REVIEW_LATER
from app.languages.i18n import N_, translator, writing_of
from app.learning.hand_replay import replay_steps
from app.learning.review_positions import decision_positions
from app.learning.review_reasons import reason_text
from app.operations.urls import HAND_REVIEW
from app.play.reviews import hand_review
from app.web.deps import (
    PageLimit,
    SessionDep,
    TemplatesDep,
    client_address,
    is_htmx,
    review_allowed,
)
from app.web.finished_hands import HandNumber, hand_asked
from app.web.tables import ScreenDep

router = APIRouter(tags=["review"])


@router.get(HAND_REVIEW, dependencies=[PageLimit])
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
    asked = hand_asked(request, screen, game_id, number, REVIEW_LATER)
    allowed = partial(review_allowed, request)
    reviewer = request.app.state.reviewer
    address = client_address(request)
    hand, review = hand_review(session, screen.cache, reviewer, asked, allowed, address)
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
