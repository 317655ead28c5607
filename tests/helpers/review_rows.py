"""A finished hand review written straight into the database: for pages that show a review
whose figures the test chooses, without a search weighing the decisions."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from app.storage.models import HandReview


def done_review(
    game_id: str,
    decisions: Sequence[dict[str, Any]],
    *,
    evaluator: str,
    loss: float,
    spread: float,
    hand: int = 1,
) -> HandReview:
    """The review of the game's `hand`, done, with the decisions as stored (`Decision.to_json`)
    and the hand's loss and its spread."""
    now = datetime.now(UTC)
    return HandReview(
        game_id=game_id,
        hand=hand,
        status="done",
        evaluator=evaluator,
        loss=loss,
        loss_spread=spread,
        decisions=list(decisions),
        decisions_total=len(decisions),
        started_at=now,
        finished_at=now,
    )
