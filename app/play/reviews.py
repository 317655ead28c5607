"""A finished hand's review as its page shows it: started in the background on the first
request (or, while another review of the player is computed, on the first after it), within
the reviews' rate limits, and read in whatever state it is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from app.learning.review import Decision, Summary, summarise
from app.learning.review_jobs import Reviewer, ReviewJob, ReviewsLimited
from app.play.hands import FinishedHand, HandAsked, finished_hand
from app.storage.models import HandReview
from app.storage.work import WorkStatus
from app.table.table_cache import TableCache


@dataclass(frozen=True)
class ReviewShown:
    waiting: bool
    """Behind another review of the player (`app.learning.review_jobs`)."""
    queued: bool
    """Started, and waiting for its share of the background workers."""
    limited: bool
    """Not started: the player or address started too many reviews in the last minute, or
    the address has as many computed at once as it may (`REVIEWS_AT_ONCE`)."""
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


def hand_review(
    session: Session,
    tables: TableCache,
    reviewer: Reviewer,
    asked: HandAsked,
    allowed: Callable[[], bool],
    address: str,
) -> tuple[FinishedHand, ReviewShown]:
    """The hand and its review; `allowed` counts a review about to be started against its
    rate limits; `address`: where it was asked from (`ReviewJob.address`)."""
    hand = finished_hand(session, tables, asked)
    row = hand.row
    seed = f"{row.seed}/{asked.number}"
    job = ReviewJob(row.player_id, row.id, asked.number, hand.record, seed, address)
    try:
        review = reviewer.request(session, job, allowed)
    except ReviewsLimited:
        return hand, not_started(limited=True)
    return hand, review_shown(review)
