"""What the table says of a game at a challenge's deals: its kind, and once it is over,
the challenge's board. The seed is never offered ("play these deals again"): it would give
every deal of the challenge away."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import object_session

from app.challenges.kinds import COUNTS, KINDS
from app.i18n import Translator
from app.models import ChallengeGame, GameRow


@dataclass(frozen=True)
class ChallengeSide:
    title: str
    counts: bool
    """The player's first game at the challenge: no hints, as in a ranked daily game."""
    board_url: str | None


def challenge_side(row: GameRow, over: bool, t: Translator) -> ChallengeSide:
    """The board's address is looked up only once the game is over: a click during the game
    may be answered from the event loop, which must not wait for the database."""
    return ChallengeSide(
        t.gettext(KINDS[row.mode]), row.mode == COUNTS, challenge_url(row) if over else None
    )


def challenge_url(row: GameRow) -> str | None:
    session = object_session(row)
    assert session is not None, "the game's row belongs to the request's session"
    query = select(ChallengeGame.challenge_id).where(ChallengeGame.game_id == row.id)
    challenge_id = session.scalars(query.limit(1)).first()
    return f"/challenges/{challenge_id}" if challenge_id else None
