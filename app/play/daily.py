"""The daily game's writes: a player's start at the day's deals (ranked or resumed) and a
nickname for the board, each committed here.

Until the day's seed is published each player is dealt the day's deals once, ranked. The
bots answer equal play equally, so a game at the deals played again was a rehearsal of the
ranked one: a scouting cookie tried lines in practice games, hand by hand, and a fresh
cookie played the best of them ranked, to the top of the board past its fair-play check.
A start that cannot be ranked is refused (`DealsSecret`, a page saying until when). So is a
start in a browser that was dealt the deals as another player before a restore key switched
it: a throwaway cookie's scouting, then the key of a named player with its streak."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from fastapi import HTTPException
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.daily.attempts import add_attempt, attempt_of, has_finished_attempt, practised, was_dealt
from app.daily.networks import Caps, Network, RankedSlot, forget_networks, ranked_slot
from app.daily.nicknames import nickname_keys
from app.daily.secrecy import DealsSecret, attempts_close_at
from app.languages.i18n import N_
from app.operations.bot_pool import BotRoster
from app.operations.settings import Settings
from app.play.games import dealt_table, open_game
from app.storage.models import GameRow, Player
from app.storage.modes import GameMode
from app.table.levels import DAILY_LEVEL, LEVELS
from app.table.service import Table
from app.table.store import GameKind, new_id, player_for
from engine.daily import daily_seed, ranked_rules

DAILY_BOT = LEVELS[DAILY_LEVEL]

START_TRIES = 3
"""Tries beyond one per ranked slot of a network: a start that lost a race tries again on
what the winner left. It loses a slot only to a start that took it, so after as many losses
as the cap allows slots the cap is reached and the start is refused (nothing to race for);
the few more settle the races that are not for a slot (the player's own other click)."""

PLAYED = N_(
    "You have played today’s daily deals. Each player is dealt them once until %(time)s, "
    "when the day’s seed is published. A new game deals fresh cards."
)
PLAYED_AS_ANOTHER = N_(
    "This browser has been dealt today’s daily deals as another player (before a restore "
    "key). The day’s deals are dealt once to each player and each browser until %(time)s, "
    "when the day’s seed is published. A new game deals fresh cards."
)
NETWORK_PLAYED = N_(
    "Today’s daily games from your network have all been played. The day’s deals are dealt "
    "to a few players of a network until %(time)s, when the day’s seed is published. A new "
    "game deals fresh cards."
)


@dataclass(frozen=True)
class DailyDeals:
    day: date
    rules_key: str


@dataclass(frozen=True)
class Starter:
    """Who starts at the deals: the cookie's player id (None for a newcomer) and the network
    counted for the ranked attempts per address and per site."""

    player_id: str | None
    network: Network
    former: tuple[str, ...] = ()
    """The players the starter's browser played as before (`app.web.deps.former_players`)."""


@dataclass(frozen=True)
class DailyStart:
    """Where a start at the deals leads: the player (for the cookie) and the game, with its
    row and table when it was just started (for the next request to find kept)."""

    player_id: str
    game_id: str
    started: tuple[GameRow, Table] | None = None


def start_daily(
    session: Session, settings: Settings, roster: BotRoster, starter: Starter, deals: DailyDeals
) -> DailyStart:
    """Today's deals: the ranked attempt the first time, resumed while unfinished; refused
    (`DealsSecret`) once it is finished, or when the player's network has had its ranked
    attempts of the day. A start that lost a race (the player's own other click, or another
    player's start from the same network taking the last slot) is made again on what won. A
    newcomer's id is chosen first, so every try is the same player's."""
    if starter.player_id is None:
        starter = replace(starter, player_id=new_id())
    for _ in range(settings.ranked_per_address + settings.ranked_per_site + START_TRIES):
        try:
            return _start(session, settings, roster, starter, deals)
        except IntegrityError:
            session.rollback()
            attempt = attempt_of(session, starter.player_id or "", deals.day, deals.rules_key)
            if attempt is not None:
                return DailyStart(attempt.player_id, attempt.game_id)
    raise HTTPException(409, N_("Your daily game has just been started elsewhere."))


def _start(
    session: Session, settings: Settings, roster: BotRoster, starter: Starter, deals: DailyDeals
) -> DailyStart:
    """Resumes the player's unfinished ranked attempt, or starts it: committed, unless the
    attempt's row is refused (`IntegrityError`). The table is dealt after the start is known
    to be ranked and before anything is written (`dealt_table`)."""
    player_id = starter.player_id
    assert player_id is not None, "start_daily gives a newcomer its id first"
    attempt = attempt_of(session, player_id, deals.day, deals.rules_key)
    if attempt is not None and attempt.finished_at is None:
        return DailyStart(player_id, attempt.game_id)
    ranked = _ranked_slot(session, settings, starter, deals, attempt is not None)
    seed = daily_seed(settings.secret, deals.day, deals.rules_key)
    table = dealt_table(session, ranked_rules(deals.rules_key), seed, roster.bot(DAILY_BOT))
    player = player_for(session, player_id)
    row = open_game(session, player, table, GameKind(GameMode.DAILY, deals.day))
    add_attempt(session, player, row, ranked, settings.now())
    session.commit()
    return DailyStart(player.id, row.id, (row, table))


def _ranked_slot(
    session: Session, settings: Settings, starter: Starter, deals: DailyDeals, played: bool
) -> RankedSlot:
    """The ranked attempt of a player without an unfinished one, or `DealsSecret` when the
    player has played the deals (ranked, or as practice on a day before this rule) or its
    network's ranked attempts of the day are taken. Networks a week past their day are
    forgotten here (and at a counting start at a challenge): ranked starts come every day."""
    until = attempts_close_at(deals.day)
    if played or practised(session, starter.player_id or "", deals.day, deals.rules_key):
        raise DealsSecret(PLAYED, until)
    if any(was_dealt(session, former, deals.day, deals.rules_key) for former in starter.former):
        raise DealsSecret(PLAYED_AS_ANOTHER, until)
    forget_networks(session, settings.now())
    caps = Caps(settings.ranked_per_address, settings.ranked_per_site)
    ranked = ranked_slot(session, deals.day, deals.rules_key, starter.network, caps)
    if ranked is None:
        raise DealsSecret(NETWORK_PLAYED, until)
    return ranked


class NameTaken(Exception):
    """Another player holds the nickname, or one that looks like it."""


def name_player(session: Session, player_id: str | None, name: str) -> None:
    """Gives the player the (cleaned) nickname, committed; `NameTaken` when another player
    holds it or a look-alike. Only a player who finished a ranked game may take one."""
    player = session.get(Player, player_id or "")
    if player is None or not has_finished_attempt(session, player.id):
        raise HTTPException(400, N_("Finish a ranked daily game first; then choose your nickname."))
    player.nickname, player.nickname_set_aside = name, None
    player.nickname_key, player.nickname_shape_key = nickname_keys(name)
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        raise NameTaken from None
