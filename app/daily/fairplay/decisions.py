"""What an operator does with a held attempt: rank it again (`clear`) or `disqualify` it.

The attempt's state and the decision are stored in one transaction, the decision with its
time and reason; decisions are only ever added.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import update
from sqlalchemy.orm import Session

from app.daily.fairplay.states import CLEARED, DECISIONS, HELD
from app.storage.models import DailyAttempt, FairPlayDecision

LONGEST_REASON = 1000
"""Characters a reason may have (the column's width)."""


class DecisionRefused(ValueError):
    """A decision that cannot be taken; the message says why, for the operator."""


def decide(
    session: Session, attempt_id: int, command: str, reason: str, now: datetime
) -> FairPlayDecision:
    """Turns the held attempt into `cleared` (ranked again) or `disqualified`, by the
    command's word (`clear`, `disqualify`), and records the decision. Commits."""
    reason = reason.strip()
    if not reason:
        raise DecisionRefused('a decision needs a reason: --reason "…"')
    if len(reason) > LONGEST_REASON:
        raise DecisionRefused(f"the reason is longer than {LONGEST_REASON} characters")
    attempt = session.get(DailyAttempt, attempt_id)
    if attempt is None:
        raise DecisionRefused(f"there is no ranked attempt {attempt_id}")
    if attempt.fair_play != HELD:
        raise DecisionRefused(f"attempt {attempt_id} is not held: it is {attempt.fair_play}")
    state = DECISIONS[command]
    changed = session.execute(
        update(DailyAttempt)
        .where(DailyAttempt.id == attempt_id, DailyAttempt.fair_play == HELD)
        .values(fair_play=state, on_board=state == CLEARED)
    )
    if getattr(changed, "rowcount", 0) != 1:
        session.rollback()
        raise DecisionRefused(f"attempt {attempt_id} was decided meanwhile by someone else")
    decision = FairPlayDecision(
        attempt_id=attempt_id, decision=state, reason=reason, decided_at=now
    )
    session.add(decision)
    session.commit()
    return decision
