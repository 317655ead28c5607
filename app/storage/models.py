"""Tables. A game is stored as rules + seed + action log; everything else is derived by
replaying it (`app.table.store`)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.storage.db import Base
from app.storage.modes import GameMode, ModeColumn
from app.storage.work import WorkStatus


def now() -> datetime:
    return datetime.now(UTC)


NICKNAME_KEY_LENGTH = 96
"""The width of a nickname's key column: a key may be longer than its name (a letter can
stand for several once look-alikes are set aside), so `app.daily.nicknames` refuses a name whose
key would not fit."""


class Player(Base):
    """An anonymous player, known by the id in the signed cookie."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    nickname: Mapped[str | None] = mapped_column(String(24), default=None)
    nickname_key: Mapped[str | None] = mapped_column(
        String(NICKNAME_KEY_LENGTH), unique=True, index=True, default=None
    )
    """`app.daily.nicknames.nickname_key` of the nickname (case set aside): unique, so no two
    players share a name."""
    nickname_shape_key: Mapped[str | None] = mapped_column(
        String(NICKNAME_KEY_LENGTH), unique=True, index=True, default=None
    )
    """`app.daily.nicknames.shape_key` of the nickname (its look as written): unique as well."""
    nickname_set_aside: Mapped[str | None] = mapped_column(String(24), default=None)
    """A nickname taken off the board because it passes for an earlier player's (migration
    0013, when the keys became stricter); the table asks the player for another."""
    restore_key_hash: Mapped[str | None] = mapped_column(
        String(64), unique=True, index=True, default=None
    )
    """The SHA-256 of the player's restore key (`app.play.players`), which brings the player
    back to a browser that lost its cookie; the key itself is shown once and kept nowhere."""


class GameRow(Base):
    """One game of `hands_per_game` hands against three bots."""

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_seed_player", "seed", "player_id"),)
    """A seed's games: has a player played a challenge's cards before? are they a day's?"""

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    rules_key: Mapped[str] = mapped_column(String(200))
    seed: Mapped[str] = mapped_column(String(128))
    bot_id: Mapped[str] = mapped_column(String(40))
    version: Mapped[int] = mapped_column(Integer)
    """Actions accepted so far; a request names the version it was made on."""
    mode: Mapped[GameMode] = mapped_column(
        ModeColumn(), default=GameMode.NEW, server_default=GameMode.NEW.value
    )
    practice_reason: Mapped[str | None] = mapped_column(String(16), default=None)
    """Why a player without a ranked attempt of the day plays its deals as practice, for the
    table to say: `address` (the network's ranked attempts of the day were taken) or
    `practised` (capped before, the player has seen the deals; `app.daily.networks`). None for any
    other game."""
    day: Mapped[date | None] = mapped_column(Date, default=None)
    """The UTC date of a daily or practice game."""
    hands_done: Mapped[int] = mapped_column(Integer, default=0)
    """Hands played to their end, the one still on the table included: a challenge's board
    shows a hand's results to a player as soon as their end-of-hand sheet is up."""
    finished: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    player: Mapped[Player] = relationship()
    logged_hands: Mapped[list[GameHand]] = relationship(
        order_by="GameHand.number", cascade="all, delete-orphan"
    )
    """Loaded only when asked for: a click on a cached table needs none of them."""

    __mapper_args__ = {"version_id_col": version, "version_id_generator": False}

    @property
    def log(self) -> list[list[dict[str, Any]]]:
        """Per hand (Armut redeals included), the actions in record form."""
        return [hand.actions for hand in self.logged_hands]

    @log.setter
    def log(self, log: list[list[dict[str, Any]]]) -> None:
        self.logged_hands = [
            GameHand(number=number, actions=list(actions)) for number, actions in enumerate(log)
        ]


class GameHand(Base):
    """The actions of one hand of a game, in record form. A game's log is kept hand by hand so
    that a click rewrites only the hand in progress (`app.table.store.write_table`): rewriting and
    reloading the whole log on every click was most of a click's server time."""

    __tablename__ = "game_hands"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    """0-based, Armut redeals counted."""
    actions: Mapped[list[dict[str, Any]]] = mapped_column(JSON)


class DailyAttempt(Base):
    """A player's one ranked attempt at a day's deals, counted from the moment it starts."""

    __tablename__ = "daily_attempts"
    __table_args__ = (
        UniqueConstraint("player_id", "day", "rules_key"),
        Index("ix_daily_attempts_board", "day", "rules_key", "on_board", "total", "finished_at"),
        Index("ix_daily_attempts_fair_play", "day", "rules_key", "fair_play", "finished_at"),
        Index(
            "ix_daily_attempts_network", "day", "rules_key", "network", "network_slot", unique=True
        ),
        Index("ix_daily_attempts_site", "day", "rules_key", "site", "site_slot", unique=True),
        Index(
            "ix_daily_attempts_long_boards", "rules_key", "on_board", "day", "player_id", "total"
        ),
    )
    """The board's index: a day's top ranked rows are read in its order, not sorted from all
    of the day's attempts (`bench/leaderboard.py`). The second finds the day's attempts in
    one fair-play state (those waiting for their check, those held) without reading the
    others. The network's (and the IPv6 site's): one attempt per slot, so two starts from one
    network at once cannot both take its last ranked attempt. The long boards': a week's or
    month's sums read from the index alone (`app.daily.long_boards`)."""

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    day: Mapped[date] = mapped_column(Date)
    rules_key: Mapped[str] = mapped_column(String(200))
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), unique=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    total: Mapped[int | None] = mapped_column(Integer, default=None)
    """Game points over the game's hands, computed from the stored log when it ends."""
    hands_won: Mapped[int | None] = mapped_column(Integer, default=None)
    network: Mapped[str | None] = mapped_column(String(64), default=None)
    """HMAC-SHA256 of the network the attempt was started from under the day's salt
    (`app.daily.networks`), hex; None once forgotten, a week after the day's attempts close."""
    network_slot: Mapped[int | None] = mapped_column(Integer, default=None)
    """Which of its network's ranked attempts of the day and rules this is (0-based, below
    `DOKO_RANKED_PER_ADDRESS`); None without a cap, and once the network is forgotten."""
    site: Mapped[str | None] = mapped_column(String(64), default=None)
    """The same hash of the network's IPv6 site (its /48, `app.web.deps.site_of`); None
    for an IPv4 network, and once forgotten with the network."""
    site_slot: Mapped[int | None] = mapped_column(Integer, default=None)
    """Which of its site's ranked attempts of the day and rules this is (below
    `DOKO_RANKED_PER_SITE`); None without a site or a cap, and once forgotten."""
    fair_play: Mapped[str] = mapped_column(String(16), default="pending", server_default="pending")
    """`pending` until the finished attempt's fair-play check is done (`app.daily.fairplay`), then
    `passed` or `held`; an operator turns `held` into `cleared` or `disqualified`.
    `unchecked`: finished before the checks existed, and ranked as it was."""
    on_board: Mapped[bool] = mapped_column(default=False, server_default=false())
    """Ranked on the day's board: finished, and `passed`, `cleared` or `unchecked`. Kept as a
    column of its own so that the board's index reads the ranked rows in order."""


class NetworkSalt(Base):
    """The random salt of a day's network hashes, shared by all processes (`app.daily.networks`)."""

    __tablename__ = "network_salts"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    salt: Mapped[str] = mapped_column(String(64))
    """32 random bytes, hex."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class FairPlayCheck(Base):
    """The fair-play check of one finished ranked attempt (`bots.fairplay`): computed once in
    the background (`app.storage.claims`) and kept, the tells included, for the operators."""

    __tablename__ = "fair_play_checks"

    attempt_id: Mapped[int] = mapped_column(ForeignKey("daily_attempts.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    """`pending` while it is computed, then `done` (or `failed`, to be claimed again)."""
    evaluator: Mapped[str] = mapped_column(String(40))
    """What computed it and with which budget (`fairplay/40`)."""
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    decisions: Mapped[int | None] = mapped_column(Integer, default=None)
    """The player's decisions weighed."""
    honest_chance: Mapped[float | None] = mapped_column(default=None)
    """How likely an honest player matches the hidden cards at least as often."""
    matched: Mapped[int | None] = mapped_column(Integer, default=None)
    expected: Mapped[float | None] = mapped_column(default=None)
    """The tells an honest player matches on average."""
    held: Mapped[bool | None] = mapped_column(default=None)
    """The verdict as computed, by the threshold of its day."""
    tells: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    """Each decision where the deal's best choice was not the view's: where it was, what was
    chosen, the deal's best, the view's best, the honest chance. They name cards: only the
    operators' command shows them."""


class FairPlayDecision(Base):
    """An operator's decision on a held attempt; every one is kept, none is deleted."""

    __tablename__ = "fair_play_decisions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    attempt_id: Mapped[int] = mapped_column(ForeignKey("daily_attempts.id"), index=True)
    decision: Mapped[str] = mapped_column(String(16))
    """`cleared` (ranked again) or `disqualified`."""
    reason: Mapped[str] = mapped_column(String(1000))
    decided_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class DailyPar(Base):
    """What the daily level's bot scores in the human's seat on a day's deals: computed once,
    in the background (`app.storage.claims`), never inside a page request."""

    __tablename__ = "daily_par"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    rules_key: Mapped[str] = mapped_column(String(200), primary_key=True)
    bot_id: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(
        String(16), default=WorkStatus.DONE, server_default=WorkStatus.DONE
    )
    """`pending` while it is played, then `done` (or `failed`)."""
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=now)
    total: Mapped[int | None] = mapped_column(Integer, default=None)
    hands_won: Mapped[int | None] = mapped_column(Integer, default=None)

    @property
    def is_done(self) -> bool:
        return self.status == WorkStatus.DONE


class HandReview(Base):
    """The strong level's review of the human's decisions in one finished hand, computed once in
    the background and kept: reloading the review page reads it, never recomputes it."""

    __tablename__ = "hand_reviews"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    hand: Mapped[int] = mapped_column(Integer, primary_key=True)
    """1-based, Armut redeals counted, as in the hand's record URL."""
    status: Mapped[str] = mapped_column(String(16))
    """`pending` while it is computed, then `done`."""
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    evaluator: Mapped[str] = mapped_column(String(40))
    """The bot id and budget that evaluated it (`search-v2/160`:
    `app.learning.review_jobs.EVALUATOR`)."""
    loss: Mapped[float | None] = mapped_column(default=None)
    """What the human's decisions cost in expected game points, summed over the hand."""
    loss_spread: Mapped[float | None] = mapped_column(default=None)
    """The standard error of `loss` over the sampled worlds."""
    decisions: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    """Every evaluated decision so far: where it was, what was chosen, what was best, the
    loss. Filled in one by one while pending, so the page can show the progress."""
    decisions_total: Mapped[int | None] = mapped_column(Integer, default=None)
    """How many decisions the review weighs, once known."""


class HintUse(Base):
    """A hint the human asked for, recorded with the game (one per moment of the game)."""

    __tablename__ = "hint_uses"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The game's version when the hint was asked: the same moment asked twice counts once."""
    suggested: Mapped[str] = mapped_column(String(60))
    """The hinted action's notation (`play QC`)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ServerSecret(Base):
    """A secret every server process sharing the database must agree on (the cookie and
    daily-deal secret when `DOKO_SECRET_KEY` is not set), made once by whichever process
    needed it first."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class RateCount(Base):
    """Requests of one kind from one player or address in one minute
    (`app.operations.ratelimit`)."""

    __tablename__ = "rate_counts"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    window: Mapped[int] = mapped_column(Integer, primary_key=True)
    """Minutes since the epoch."""
    count: Mapped[int] = mapped_column(Integer)


class BoardVersion(Base):
    """How often a day's board changed (`app.daily.board_cache`): raised in the transaction of
    every change of what the board shows, so that each server process knows by one lookup
    whether the board it keeps is still the day's."""

    __tablename__ = "board_versions"

    day: Mapped[date] = mapped_column(Date, primary_key=True)
    rules_key: Mapped[str] = mapped_column(String(200), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)


SALTED = text("network_salt IS NOT NULL")
"""Challenges whose networks are kept, indexed to find those to forget (`app.daily.networks`)."""


class Challenge(Base):
    """A challenge (`app.challenges`): a game's deals, rules and level offered to whoever
    opens its link. The link is the id: `secrets.token_urlsafe`, never a card, and the seed
    stays here (a game made from it is dealt by it, `GameRow.seed`, shown to nobody)."""

    __tablename__ = "challenges"
    __table_args__ = (
        Index("ix_challenges_salted", "closes_at", sqlite_where=SALTED, postgresql_where=SALTED),
    )

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    creator_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    rules_key: Mapped[str] = mapped_column(String(200))
    bot_id: Mapped[str] = mapped_column(String(40))
    seed: Mapped[str] = mapped_column(String(128), index=True)
    """Indexed: a new game sent a seed asks whether an open challenge deals it
    (`app.challenges.making.challenged`)."""
    name: Mapped[str | None] = mapped_column(String(24), default=None)
    from_game_id: Mapped[str | None] = mapped_column(
        ForeignKey("games.id"), index=True, unique=True, default=None
    )
    """The finished game the challenge was made of: one challenge a game."""
    rematch_of: Mapped[str | None] = mapped_column(
        ForeignKey("challenges.id"), index=True, unique=True, default=None
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    closes_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    par_status: Mapped[str | None] = mapped_column(String(16), default=None)
    """None until the board's first view claims the par, then `pending`, `done` or `failed`."""
    par_started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    par_hands: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, default=None)
    """The normal bot's hands in seat 0, as `ChallengeGame.hands`."""
    network_salt: Mapped[str | None] = mapped_column(String(64), default=None)
    """Hex, for its counting games' networks (`app.daily.networks`)."""
    daily_day: Mapped[date | None] = mapped_column(Date, default=None)
    """The day whose daily deals (their seed published) the challenge's are, if any."""


class ChallengeGame(Base):
    """A game played at a challenge's deals: the player's first counts (`counted_by`), later
    ones are practice. A counting game's hands are kept once it is over, so the board reads
    them without replaying anything."""

    __tablename__ = "challenge_games"
    __table_args__ = (UniqueConstraint("challenge_id", "counted_by"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    challenge_id: Mapped[str] = mapped_column(ForeignKey("challenges.id"), index=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    counted_by: Mapped[str | None] = mapped_column(String(32), default=None)
    """The player, for the game that counts; None for practice (so one counts per player)."""
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    total: Mapped[int | None] = mapped_column(Integer, default=None)
    hands: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, default=None)
    """Per hand: `points` (seat 0's game points), `contract`, `re` (the Re seats)."""
    network: Mapped[str | None] = mapped_column(String(64), default=None)
    """A counting game's network under the challenge's salt (`app.daily.networks`)."""
    name: Mapped[str | None] = mapped_column(String(24), default=None)
    """The name its player gave on this challenge's board, shown there before the nickname
    (friends without one read alike as "Anonymous"); on this board only, where no two names
    shown look alike (`app.play.challenges.name_entrant`)."""
