"""What the table says of a game at a challenge's deals: its kind, its opponents, and once
it is over, the challenge's board. The seed is never offered ("play these deals again"): it
would give every deal of the challenge away. A counting game has no hints: the table offers
them by the rule the hint route follows (`app.daily.secrecy.hints_refused`)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import object_session

from app.challenges.kinds import COUNTS, KINDS
from app.daily.game_context import GameContext
from app.daily.networks import CAPPED
from app.daily.secrecy import hints_refused
from app.languages.i18n import Writing
from app.languages.words import LEVEL_OPPONENTS
from app.operations.urls import challenge_url
from app.storage.models import ChallengeGame, GameRow
from app.table.levels import level_of
from app.table.service import Table


def challenge_context(
    row: GameRow, table: Table, now: datetime, writing: Writing, per_network: int
) -> GameContext:
    """The board's address is looked up only once the game is over: a click during the game
    may be answered from the event loop, which must not wait for the database.
    `per_network`: the counting games one network may start at a challenge."""
    t = writing.words
    level = level_of(row.bot_id)
    return GameContext(
        title=t.gettext(KINDS[row.mode]),
        ranked=row.mode == COUNTS,
        replay_seed=None,
        commitment=None,
        board_url=None,
        ask_nickname=False,
        nickname="",
        counts_until=None,
        closed=False,
        level=t.gettext(LEVEL_OPPONENTS[level]) if level else None,
        challenge_url=_board_of_game(row) if table.game.is_over else None,
        hints=hints_refused(row, now) is None,
        practice_note=_practice_note(row, writing, per_network),
    )


def _practice_note(row: GameRow, writing: Writing, per_network: int) -> str | None:
    """Why a first game at the challenge is practice: its network's counting games were
    taken (`app.play.challenges.start_at_challenge`)."""
    if row.practice_reason != CAPPED:
        return None
    note = writing.words.ngettext(
        "Practice: %(num)d game at this challenge that counts has already been started from "
        "your network address, the most one address may start. Your result does not go on "
        "the board.",
        "Practice: %(num)d games at this challenge that count have already been started from "
        "your network address, the most one address may start. Your result does not go on "
        "the board.",
        per_network,
    )
    return note % {"num": per_network}


def _board_of_game(row: GameRow) -> str | None:
    """The board of the challenge the game was played at."""
    session = object_session(row)
    assert session is not None, "the game's row belongs to the request's session"
    query = select(ChallengeGame.challenge_id).where(ChallengeGame.game_id == row.id)
    challenge_id = session.scalars(query.limit(1)).first()
    return challenge_url(challenge_id) if challenge_id else None
