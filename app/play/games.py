"""Games started and found for their player: a new game, its table, stored and committed."""

from __future__ import annotations

import secrets

from fastapi import HTTPException
from sqlalchemy.orm import Session

from app.languages.i18n import N_
from app.storage.models import GameRow, Player
from app.table.service import Table, new_table
from app.table.store import NEW_GAME, SEED_GIVEN, GameKind, add_game, find_game
from bots.protocol import Bot
from engine import RuleSet


def open_game(
    session: Session,
    player: Player,
    rules: RuleSet,
    bot: Bot,
    seed: str | None = None,
    kind: GameKind = NEW_GAME,
) -> tuple[GameRow, Table]:
    """Starts and stores (uncommitted) a game, with fresh deals unless a seed is given."""
    table = new_table(rules, seed or secrets.token_hex(16), bot)
    return add_game(session, player, table, bot.id, kind), table


def start_new_game(
    session: Session, player: Player, rules: RuleSet, bot: Bot, seed: str | None = None
) -> tuple[GameRow, Table]:
    """A new game (practice: fresh deals, or a seed's again), committed."""
    kind = NEW_GAME if seed is None else GameKind(practice_reason=SEED_GIVEN)
    row, table = open_game(session, player, rules, bot, seed, kind)
    session.commit()
    return row, table


def owned_game(session: Session, game_id: str, player_id: str | None) -> GameRow:
    """The game, only for the player who owns it; 404 for anybody else."""
    row = find_game(session, game_id, player_id)
    if row is None:
        raise HTTPException(404, N_("No such game here."))
    return row
