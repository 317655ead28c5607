"""Games started and found for their player: a new game, its table, stored and committed."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime

from fastapi import HTTPException
from sqlalchemy.orm import Session

from app.challenges.making import challenged
from app.languages.i18n import N_
from app.storage.db import at_rest
from app.storage.models import GameRow, Player
from app.table.service import Table, new_table
from app.table.store import NEW_GAME, SEED_GIVEN, GameKind, add_game, find_game
from bots.protocol import Bot
from engine import RuleSet


def dealt_table(session: Session, rules: RuleSet, seed: str | None, bot: Bot) -> Table:
    """A new game's table, fresh deals unless a seed is given, its bots' first moves made
    with the session's transaction ended (`at_rest`, a commit): a strong bot may search for
    seconds. So a start deals its table before it writes anything (its player, a place at a
    challenge, a ranked slot), and stores the game with them after (`open_game`)."""
    at_rest(session)
    return new_table(rules, seed or secrets.token_hex(16), bot)


def open_game(session: Session, player: Player, table: Table, kind: GameKind = NEW_GAME) -> GameRow:
    """Stores (uncommitted) the game at a table made by `dealt_table`."""
    return add_game(session, player, table, table.bot.id, kind)


CHALLENGED_SEED = N_(
    "These deals belong to a challenge that is still open: they are played there, once each, "
    "and not as a new game until it closes."
)


def start_new_game(
    session: Session,
    player: Callable[[], Player],
    rules: RuleSet,
    bot: Bot,
    now: datetime,
    seed: str | None = None,
) -> tuple[GameRow, Table]:
    """A new game (practice: fresh deals, or a seed's again), committed. `player` is asked
    for once the table is dealt: it may write a new player. The deals of an open challenge
    are refused: a second cookie of its maker (who saw the seed) could rehearse them against
    bots that answer equal play equally, and play the best line where it counts."""
    _refuse_challenged(session, seed, rules, now)
    kind = NEW_GAME if seed is None else GameKind(practice_reason=SEED_GIVEN)
    table = dealt_table(session, rules, seed, bot)
    row = open_game(session, player(), table, kind)
    session.commit()
    try:
        _refuse_challenged(session, seed, rules, now)
    except HTTPException:
        session.delete(row)
        session.commit()
        raise
    return row, table


def _refuse_challenged(session: Session, seed: str | None, rules: RuleSet, now: datetime) -> None:
    """Asked before the table is dealt, and again once its game is stored: a strong bot's
    first moves can take seconds, and a challenge of the deals made meanwhile, or at the same
    moment, would find no game of them (the challenge asks in turn once it is stored, so of
    the two at least one sees the other)."""
    if seed is not None and challenged(session, seed, rules.key, now):
        raise HTTPException(403, CHALLENGED_SEED)


def owned_game(session: Session, game_id: str, player_id: str | None) -> GameRow:
    """The game, only for the player who owns it; 404 for anybody else."""
    row = find_game(session, game_id, player_id)
    if row is None:
        raise HTTPException(404, N_("No such game here."))
    return row
