"""Making a challenge: from a finished game (its deals, rules and level; the game counts),
afresh with the rules and level chosen on the device, or as the rematch of another.

The link is the challenge's id, `secrets.token_urlsafe(LINK_BYTES)`: 144 random bits that
name no card. The deals come from the challenge's seed, kept on the server, exactly as a
daily game's come from the day's (`engine.deal.deal(seed, hand, redeal)`): every game
made with it is dealt the same hands in the same order, Armut redeals included."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from app.challenges.hands import hands_of, total_of
from app.challenges.refusals import (
    CLOSED,
    DAILY_SECRET,
    NOT_FINISHED,
    NOT_PLAYED,
    PLAYED_AGAIN,
    TOO_MANY_MADE,
    ChallengeRefused,
)
from app.daily.networks import challenge_network
from app.daily.secrecy import attempts_close_at, deals_secret
from app.languages.i18n import N_
from app.storage.models import Challenge, ChallengeGame, GameRow, HintUse
from app.storage.modes import GameMode
from app.table.service import Table
from app.table.store import SEED_GIVEN, player_for
from engine import RuleSet

LINK_BYTES = 18
"""144 bits: a link nobody can guess (at least 128 asked)."""
OPEN_FOR = timedelta(days=30)
"""A challenge takes games this long after it is made; then its board is read-only."""
MADE_PER_DAY = 20
"""Challenges a player may make in a UTC day."""


def aware(moment: datetime) -> datetime:
    """SQLite keeps no time zone; every time stored is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def is_closed(challenge: Challenge, now: datetime) -> bool:
    return now >= aware(challenge.closes_at)


def refuse_once_closed(challenge: Challenge, now: datetime) -> None:
    """Raises the refusal of anything but reading a closed challenge's board."""
    if is_closed(challenge, now):
        raise ChallengeRefused(CLOSED, 403, time=challenge.closes_at)


def made_today(session: Session, player_id: str, now: datetime) -> int:
    midnight = datetime.combine(now.date(), time(), UTC)
    query = select(func.count()).where(
        Challenge.creator_id == player_id, Challenge.created_at >= midnight
    )
    return int(session.scalar(query) or 0)


def make_challenge(
    session: Session,
    creator_id: str,
    deals: tuple[str, str, str],
    now: datetime,
    counted: Callable[[], None],
    from_game: str | None = None,
    rematch_of: Challenge | None = None,
) -> Challenge:
    """A new challenge of `deals` (rules key, bot id, seed), refused past the day's limit;
    a rematch keeps the name of the challenge it follows (the group's "Friday club").
    `counted` counts it against the request's rate limits (raising past them) once nothing
    refuses it, before anything is written: a refused request uses up no allowance."""
    if made_today(session, creator_id, now) >= MADE_PER_DAY:
        raise ChallengeRefused(TOO_MANY_MADE, 429, num=MADE_PER_DAY)
    # Nothing is written yet: ending the reads' transaction gives its connection back, so
    # the count's own is not a second one this request holds (many at once would wait on
    # each other for the pool).
    session.commit()
    counted()
    player_for(session, creator_id)
    rules_key, bot_id, seed = deals
    challenge = Challenge(
        id=secrets.token_urlsafe(LINK_BYTES),
        creator_id=creator_id,
        rules_key=rules_key,
        bot_id=bot_id,
        seed=seed,
        from_game_id=from_game,
        rematch_of=rematch_of.id if rematch_of else None,
        name=rematch_of.name if rematch_of else None,
        created_at=now,
        closes_at=now + OPEN_FOR,
        network_salt=secrets.token_hex(32),
    )
    session.add(challenge)
    session.flush()
    return challenge


def fresh_seed() -> str:
    return secrets.token_hex(16)


def challenge_of_game(
    session: Session,
    row: GameRow,
    table: Table,
    now: datetime,
    counted: Callable[[], None],
    address: str,
) -> Challenge:
    """A challenge of a finished game's deals, its game counting as its maker's attempt when
    its player met the deals blind (`dealt_blind`) and played them without a hint, as a
    counting game at a challenge is played; otherwise it is their practice there, and so is
    every game they play at it. A game at a day's deals is refused until the
    day's seed is published: anyone could otherwise see the day's deals played out on the
    board before playing them ranked. `counted` counts the challenge against the request's
    rate limits (raising past them) once nothing else here refuses it. `address`: the
    network a counting game of the maker takes one of the challenge's places from. A new
    game whose deals were played again is refused (`played_again`), unless they are a
    day's, public once its seed is published."""
    if not table.game.is_over:
        raise ChallengeRefused(NOT_FINISHED, 409)
    if row.day is not None and deals_secret(row, now):
        raise ChallengeRefused(DAILY_SECRET, 403, time=attempts_close_at(row.day))
    if rehearsable(session, row):
        raise ChallengeRefused(PLAYED_AGAIN, 409)
    daily_day = daily_day_of(session, row.seed)
    deals = (row.rules_key, row.bot_id, row.seed)
    challenge = make_challenge(session, row.player_id, deals, now, counted, from_game=row.id)
    challenge.daily_day = daily_day
    hands = hands_of(table)
    counts = practice_reason(session, row) is None
    session.add(
        ChallengeGame(
            challenge_id=challenge.id,
            game_id=row.id,
            player_id=row.player_id,
            counted_by=row.player_id if counts else None,
            started_at=row.created_at,
            finished_at=now,
            hands=hands,
            total=total_of(hands),
            network=challenge_network(challenge, address) if counts else None,
        )
    )
    return challenge


def same_cards(rules_key: str, others: Iterable[str]) -> bool:
    """Whether a seed deals the same cards under `rules_key` as under one of `others`. The
    cards dealt come from the seed and the deck (with the nines or without, `engine.deal`),
    whatever else the rules say: a game of the same seed under other scoring or with another
    number of hands dealt the same hands."""
    deck = RuleSet.from_key(rules_key).without_nines
    return any(RuleSet.from_key(key).without_nines == deck for key in others)


def rehearsable(session: Session, row: GameRow) -> bool:
    """Whether a challenge of the game's deals is refused: a new game's, played again in
    another new game, unless they are a day's (public once its seed is published)."""
    return (
        row.mode is GameMode.NEW
        and played_again(session, row)
        and daily_day_of(session, row.seed) is None
    )


def withdraw(session: Session, challenge_id: str) -> None:
    """Deletes a challenge just made, and its maker's game there, committed: nobody has its
    link yet. Deleted by statement, so that two requests withdrawing it both may."""
    session.execute(delete(ChallengeGame).where(ChallengeGame.challenge_id == challenge_id))
    session.execute(delete(Challenge).where(Challenge.id == challenge_id))
    session.commit()


def played_again(session: Session, row: GameRow) -> bool:
    """Whether another new game was dealt the game's deals: its seed sent again ("play these
    deals again"), so a second cookie may have rehearsed them against bots that answer equal
    play equally, to play them at the challenge line by line."""
    again = select(GameRow.rules_key).where(
        GameRow.seed == row.seed, GameRow.mode == GameMode.NEW, GameRow.id != row.id
    )
    return same_cards(row.rules_key, session.scalars(again))


def challenged(session: Session, seed: str, rules_key: str, now: datetime) -> bool:
    """Whether an open challenge deals the cards `seed` deals under `rules_key`, its deals
    not public (not a day's, whose seed everybody may play once it is published)."""
    query = select(Challenge.rules_key).where(
        Challenge.seed == seed, Challenge.daily_day.is_(None), Challenge.closes_at > now
    )
    return same_cards(rules_key, session.scalars(query))


def daily_day_of(session: Session, seed: str) -> date | None:
    """The day whose daily deals `seed` deals, if any game has played them as a day's: a
    challenge of a game made of a day's deals (its own, a challenge's of them, or a game
    of the published seed sent by its player) is made only once the seed is published."""
    query = select(GameRow.day).where(GameRow.seed == seed, GameRow.day.is_not(None))
    return session.scalars(query.limit(1)).first()


HINTED = N_(
    "Your game these deals come from is your practice here: you asked for a hint in it, and "
    "nobody has one in a game that counts."
)
SEEN_BEFORE = N_(
    "Your game these deals come from is your practice here: you knew its deals before you "
    "played them."
)


def practice_reason(session: Session, row: GameRow) -> str | None:
    """Why a finished game is its player's practice at a challenge made of it (a message id
    the board shows its maker), None when it counts there: met blind (`dealt_blind`) and
    played without a hint, as a counting game at a challenge is played."""
    if not dealt_blind(row):
        return SEEN_BEFORE
    return HINTED if hinted(session, row) else None


def dealt_blind(row: GameRow) -> bool:
    """Whether the game's player met its deals without knowing them: fresh deals the server
    chose, a ranked daily game, a first game at a challenge. Not a game of a seed the player
    sent (`SEED_GIVEN`: any deals worked out offline, or a game's deals again), nor practice
    at deals played before."""
    if row.mode is GameMode.NEW:
        return row.practice_reason != SEED_GIVEN
    return row.mode in (GameMode.DAILY, GameMode.CHALLENGE)


def hinted(session: Session, row: GameRow) -> bool:
    """Whether the game's player asked for a hint in it: the strong bot's choices from their
    seat, which nobody gets in a game that counts."""
    asked = select(HintUse.game_id).where(HintUse.game_id == row.id)
    return session.scalars(asked.limit(1)).first() is not None


def rematch(
    session: Session, old: Challenge, player_id: str, now: datetime, counted: Callable[[], None]
) -> Challenge:
    """The rematch of `old`: fresh deals, the same rules and level, for the same group. One
    per challenge: whoever asks after the first is sent to it, so the group meets again.
    Only a rematch made is `counted` against the request's rate limits."""
    played = select(ChallengeGame.id).where(
        ChallengeGame.challenge_id == old.id, ChallengeGame.player_id == player_id
    )
    if session.scalars(played.limit(1)).first() is None:
        raise ChallengeRefused(NOT_PLAYED, 403)
    made = rematch_made(session, old.id)
    if made is not None:
        return made
    deals = (old.rules_key, old.bot_id, fresh_seed())
    return make_challenge(session, player_id, deals, now, counted, rematch_of=old)


def made_of_game(session: Session, game_id: str) -> Challenge | None:
    """The challenge made of the finished game, if one was."""
    return session.scalars(select(Challenge).where(Challenge.from_game_id == game_id)).first()


def rematch_made(session: Session, challenge_id: str) -> Challenge | None:
    query = select(Challenge).where(Challenge.rematch_of == challenge_id)
    return session.scalars(query.order_by(Challenge.created_at).limit(1)).first()
