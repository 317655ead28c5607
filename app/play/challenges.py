"""The challenges' services: each makes, starts, names or rematches in the request's
transaction and commits it, or raises `ChallengeRefused` (or `NicknameError`) with nothing
stored."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.challenges.attempts import (
    add_challenge_game,
    counting_game,
    games_from_network,
    next_mode,
)
from app.challenges.board import Board, board_of, names_of_others
from app.challenges.kinds import COUNTS, PRACTICE
from app.challenges.making import (
    challenge_of_game,
    is_closed,
    made_of_game,
    make_challenge,
    refuse_once_closed,
    rehearsable,
    rematch,
    rematch_made,
    withdraw,
)
from app.challenges.par import ChallengePars
from app.challenges.refusals import (
    NAME_ON_BOARD,
    NO_SUCH,
    NOT_CREATOR,
    NOT_ENTRANT,
    PLAYED_AGAIN,
    ChallengeRefused,
)
from app.daily.networks import CAPPED, challenge_network, forget_networks
from app.daily.nicknames import NicknameError, clean_nickname, passes_for
from app.operations.bot_pool import BotRoster
from app.play.games import dealt_table, open_game
from app.storage.claims import hold_player
from app.storage.models import Challenge, ChallengeGame, GameRow, Player
from app.table.service import Table
from app.table.store import GameKind
from app.table.table_cache import TableCache
from engine import RuleSet


@dataclass(frozen=True)
class Network:
    """Where a start comes from, as the ranked attempts per address count it, and how many
    counting games one network may start at a challenge (0: no cap)."""

    address: str
    cap: int


@dataclass(frozen=True)
class Entrant:
    """Who starts a game at a challenge: `count` counts the start against the rate limits
    (raising past them); `player` is the request's player (made on first need), asked for
    once the start is counted and its table dealt; the bots a game is dealt with; the
    network the start comes from."""

    count: Callable[[], None]
    player: Callable[[], Player]
    bots: BotRoster
    network: Network
    former: tuple[str, ...] = ()
    """The players the browser played as before (`app.web.deps.former_players`): deals they
    played, the browser has seen."""


LINK = re.compile(r"[A-Za-z0-9_-]{24}")
"""What `secrets.token_urlsafe(LINK_BYTES)` makes: nothing else is looked up."""


def find_challenge(session: Session, link: str) -> Challenge:
    challenge = session.get(Challenge, link) if LINK.fullmatch(link) else None
    if challenge is None:
        raise ChallengeRefused(NO_SUCH, 404)
    return challenge


def new_challenge(
    session: Session,
    player_id: str,
    deals: tuple[str, str, str],
    now: datetime,
    counted: Callable[[], None],
) -> Challenge:
    """A challenge of fresh deals: (rules key, bot, seed), by the player (made on first need,
    once the challenge is `counted`)."""
    challenge = make_challenge(session, player_id, deals, now, counted)
    session.commit()
    return challenge


def challenge_of_finished_game(
    session: Session,
    tables: TableCache,
    row: GameRow,
    now: datetime,
    counted: Callable[[], None],
    address: str,
) -> Challenge:
    """A challenge of the player's finished game: its deals, rules and level; `address`: the
    network the maker's game, if it counts, takes one of its places from. One open challenge
    a game: a second click is sent to it, uncounted (of two at once, both counted, the
    second is sent to the first by the unique index); once it has closed, a new one is made,
    and the old one is no longer marked as made of the game. Asked again once stored whether
    the deals were played again meanwhile (a seed sent at the same moment, which asks in turn
    once its game is stored): of the two, at least one sees the other and withdraws."""
    game_id = row.id
    made = made_of_game(session, game_id)
    if made is not None and not is_closed(made, now):
        return made
    if made is not None:
        made.from_game_id = None
        session.flush()

    def make() -> Challenge:
        with tables.lent(row) as table:
            return challenge_of_game(session, row, table, now, counted, address)

    challenge = _first_stored(session, make, lambda: made_of_game(session, game_id))
    if rehearsable(session, row):
        withdraw(session, challenge.id)
        raise ChallengeRefused(PLAYED_AGAIN, 409)
    return challenge


def challenge_board(
    session: Session,
    pars: ChallengePars,
    link: str,
    viewer: tuple[str | None, str],
    now: datetime,
) -> tuple[Challenge, Board]:
    """The challenge and its board as the viewer (player id, network address) may see it;
    its par asked for on the first look (worked out in the background, in turn with the
    pars other addresses asked for)."""
    player, address = viewer
    challenge = find_challenge(session, link)
    pars.request(session, challenge, now, address)
    return challenge, board_of(session, challenge, player, now)


def enter_challenge(
    session: Session, link: str, player_id: str | None, now: datetime, entrant: Entrant
) -> tuple[GameRow, Table] | str | None:
    """The player's game at the challenge: the id of the game to resume (the counting game
    while it is unfinished, then an unfinished practice game), else a new game (counting the
    first time, practice after; see `start_at_challenge` for what else a start may come to).
    The kind of game is read before the table is dealt (`dealt_table`, while the bots
    think); the places it counts on are read again under the challenge's lock when the game
    is stored."""
    challenge = find_challenge(session, link)
    kind = game_at_challenge(session, challenge, player_id or "", now, entrant.former)
    if isinstance(kind, ChallengeGame):
        return kind.game_id
    entrant.count()
    bot = entrant.bots.bot(challenge.bot_id)
    table = dealt_table(session, RuleSet.from_key(challenge.rules_key), challenge.seed, bot)
    player = entrant.player()
    network, seen_by = entrant.network, entrant.former
    return start_at_challenge(session, challenge, player, table, kind, now, network, seen_by)


def game_at_challenge(
    session: Session,
    challenge: Challenge,
    player_id: str,
    now: datetime,
    seen_by: tuple[str, ...] = (),
) -> ChallengeGame | GameKind:
    """The game to resume, or the kind of game to start (refused once closed or full)."""
    mode = next_mode(session, challenge, player_id, now, seen_by)
    return mode if isinstance(mode, ChallengeGame) else GameKind(mode)


def start_at_challenge(
    session: Session,
    challenge: Challenge,
    player: Player,
    table: Table,
    kind: GameKind,
    now: datetime,
    network: Network,
    seen_by: tuple[str, ...] = (),
) -> tuple[GameRow, Table] | str | None:
    """The player's new game at the challenge's deals, committed. The kind read before the
    table was dealt (`game_at_challenge`) is read again under the locks (`next_mode`), as
    starts of the same player sent at once may have stored a game meanwhile: while its
    counting game is unfinished, that game's id (to resume), or None if it is gone (a
    practice game beside it would show the deals: its hints, its records, the board of a
    finished game); a start read as counting is practice once a game of the deals is stored
    (another network's start past its cap), and resumes the counting game another start won.
    Refused (nothing stored) when other players took the last counting place meanwhile; a
    counting game is practice when its network has started as many counting games there as
    one network may (as a day's ranked attempts are: one address could fill the places), and
    when the browser played the deals as another player (`seen_by`)."""
    assert (table.game.seed, table.game.rules.key) == (challenge.seed, challenge.rules_key)
    counted_network = None
    if kind.mode is COUNTS:
        _hold_challenge(session, challenge)
    # Checking the player's counting games elsewhere and starting one here are one step (a
    # start at another challenge of the same deals, sent at once, would pass the check too);
    # the player is held after the challenge, always in that order.
    hold_player(session, player.id)
    try:
        mode = next_mode(session, challenge, player.id, now, seen_by)
    except ChallengeRefused:
        session.rollback()
        raise
    won = mode if isinstance(mode, ChallengeGame) else None
    if kind.mode is COUNTS and mode is PRACTICE:
        won, kind = counting_game(session, challenge.id, player.id), GameKind(PRACTICE)
    if won is not None:
        resumed = won.game_id
        session.rollback()
        return resumed
    if kind.mode is COUNTS:
        forget_networks(session, now)
        counted_network = challenge_network(challenge, network.address)
        started = games_from_network(session, challenge.id, counted_network)
        if network.cap and started >= network.cap:
            kind, counted_network = GameKind(PRACTICE, practice_reason=CAPPED), None
    row = open_game(session, player, table, kind)
    add_challenge_game(session, challenge, row, now, counted_network)
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        counting = counting_game(session, challenge.id, player.id)
        return counting.game_id if counting else None
    return row, table


def _hold_challenge(session: Session, challenge: Challenge) -> None:
    """Reading the challenge's games and adding to them are one step: counting the places
    taken (in all and by the network) and taking one (`next_mode` counted before the game
    was made, and starts at once could all have seen a place left), or reading the names on
    the board and giving one. An update that changes nothing holds the challenge until the
    request commits: its row's lock on PostgreSQL, the database's write lock on SQLite (taken
    at once, so what is read after it holds every change that came first). The row is read
    again under it: a challenge made before its salt existed gets one from the first start
    only."""
    unchanged = update(Challenge).where(Challenge.id == challenge.id).values(name=Challenge.name)
    session.execute(unchanged)
    session.refresh(challenge)


def name_challenge(
    session: Session, link: str, player_id: str | None, name: str, now: datetime
) -> Challenge:
    """The maker names the challenge, by the rules of the board's nicknames."""
    challenge = find_challenge(session, link)
    if challenge.creator_id != player_id:
        raise ChallengeRefused(NOT_CREATOR, 403)
    refuse_once_closed(challenge, now)
    challenge.name = clean_nickname(name)
    session.commit()
    return challenge


def name_entrant(
    session: Session, link: str, player_id: str | None, name: str, now: datetime
) -> Challenge:
    """A player whose game counts at the challenge names themself on its board, by the rules
    of the board's nicknames; the name is shown on this board only, and no other player's
    there looks like it (friends read the board by its names). Holding the challenge first
    makes two players naming themselves alike at once one after the other."""
    challenge = find_challenge(session, link)
    entry = counting_game(session, challenge.id, player_id or "")
    if entry is None:
        raise ChallengeRefused(NOT_ENTRANT, 403)
    refuse_once_closed(challenge, now)
    cleaned = clean_nickname(name)
    _hold_challenge(session, challenge)
    others = names_of_others(session, challenge, entry.player_id)
    if any(passes_for(cleaned, other) for other in others):
        raise NicknameError(NAME_ON_BOARD, name=repr(cleaned))
    entry.name = cleaned
    session.commit()
    return challenge


def rematch_of(
    session: Session, link: str, player_id: str, now: datetime, counted: Callable[[], None]
) -> Challenge:
    """Fresh deals for the group; one rematch per challenge, which everyone is sent to (only
    a rematch made is `counted`). Of players asking at once, the first to store theirs makes
    it (a unique index), and the others are sent to it."""
    old = find_challenge(session, link)
    make = partial(rematch, session, old, player_id, now, counted)
    return _first_stored(session, make, lambda: rematch_made(session, link))


def _first_stored(
    session: Session, make: Callable[[], Challenge], made: Callable[[], Challenge | None]
) -> Challenge:
    """The challenge `make` makes, committed; or, when a unique index refuses it because a
    request at once stored one first, that one (`made`)."""
    try:
        challenge = make()
        session.commit()
    except IntegrityError:
        session.rollback()
        first = made()
        if first is None:
            raise
        return first
    return challenge
