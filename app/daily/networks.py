"""The network a ranked attempt (or a challenge's counting game) is started from, kept as a
salted hash until a week after its day (or challenge) closes (issue 24).

Every new cookie is a new player with a ranked attempt of its own, so one address could fill
the board; its ranked attempts of a day and rule set are capped (`DOKO_RANKED_PER_ADDRESS`),
and an operator weighing a suspicious attempt can see the others from its network. The
address itself is never stored: each attempt keeps HMAC-SHA256 of it under a random salt of
its day (`NetworkSalt`, made by the first process that needs it and shared by all). Seven
days after the day's attempts close, its hashes and its salt are forgotten together. A
challenge's counting games are capped per network too, their hashes under a salt of the
challenge, forgotten with it seven days after the challenge closes.

The cap holds however many starts race: each ranked attempt of a network takes a numbered
slot below the cap, and a unique index refuses a slot taken twice (`app.storage.models`).
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from hashlib import sha256

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import InstrumentedAttribute, Session

from app.daily.secrecy import RANKED_GRACE
from app.storage.db import insert_unless_present
from app.storage.models import Challenge, ChallengeGame, DailyAttempt, NetworkSalt

KEPT = timedelta(days=7)
"""How long after a day's attempts close its networks are kept."""
CAPPED = "address"
"""`GameRow.practice_reason` of a game that is practice because its network had started as
many counting games as it may: at a challenge, and at a day's deals in games stored before
a start past the cap was refused (`app.play.daily`)."""
PRACTISED = "practised"
"""… because the player, capped before, had played the day's deals as practice (games stored
before that rule, as `CAPPED`)."""


def first_kept_day(now: datetime) -> date:
    """The earliest day whose networks are still kept: day D's attempts close at the end of
    D plus `RANKED_GRACE`, and its networks are forgotten `KEPT` after that."""
    return (now - KEPT - RANKED_GRACE).date()


def forget_networks(session: Session, now: datetime) -> None:
    """Forgets the networks of the days past `first_kept_day` and of the challenges closed
    `KEPT` ago: cheap when there are none (the salts are a few rows; the challenges that keep
    one are indexed by closing time). Each salt is cleared first, so of several processes
    doing this at once only the one that cleared it clears its hashes."""
    _forget_days(session, now)
    _forget_challenges(session, now)


def _forget_days(session: Session, now: datetime) -> None:
    gone = delete(NetworkSalt).where(NetworkSalt.day < first_kept_day(now))
    days = list(session.scalars(gone.returning(NetworkSalt.day)))
    if days:
        forgotten = {"network": None, "network_slot": None, "site": None, "site_slot": None}
        session.execute(update(DailyAttempt).where(DailyAttempt.day.in_(days)).values(forgotten))


def _forget_challenges(session: Session, now: datetime) -> None:
    # Closed a week ago, none of these rows is one a request holds: nothing in the session
    # to bring up to date (and SQLite's times, read back without a zone, compare with none).
    unchanged_objects = {"synchronize_session": False}
    unsalted = (
        update(Challenge)
        .where(Challenge.closes_at < now - KEPT, Challenge.network_salt.is_not(None))
        .values(network_salt=None)
        .execution_options(**unchanged_objects)
    )
    closed = list(session.scalars(unsalted.returning(Challenge.id)))
    if closed:
        games = update(ChallengeGame).where(ChallengeGame.challenge_id.in_(closed))
        session.execute(games.values(network=None).execution_options(**unchanged_objects))


def challenge_network(challenge: Challenge, address: str) -> str:
    """The address's hash under the challenge's salt, made on first need (the caller holds
    the challenge, `app.play.challenges`): the same network is one network for as long as
    the challenge is open, and no hash is like another challenge's or a day's."""
    if challenge.network_salt is None:
        challenge.network_salt = secrets.token_hex(32)
    return _salted(challenge.network_salt, address)


def network_hash(session: Session, day: date, address: str) -> str:
    """The address's hash under the day's salt, hex."""
    return _salted(_salt(session, day), address)


def _salted(salt: str, address: str) -> str:
    return hmac.new(bytes.fromhex(salt), address.encode(), sha256).hexdigest()


def _salt(session: Session, day: date) -> str:
    """The day's salt, made on first need; of processes racing to make it, the first insert
    wins and all use that one."""
    salt = session.get(NetworkSalt, day)
    if salt is None:
        insert_unless_present(session, NetworkSalt, {"day": day, "salt": secrets.token_hex(32)})
        salt = session.get(NetworkSalt, day)
    assert salt is not None
    return salt.salt


@dataclass(frozen=True)
class RankedSlot:
    """A ranked attempt the network may start: its hash and slot (None without a cap), and
    its IPv6 site's (None for an IPv4 network, or without a cap)."""

    network: str
    slot: int | None
    site: str | None = None
    site_slot: int | None = None


def ranked_slot(
    session: Session, day: date, rules_key: str, starter: Network, caps: Caps
) -> RankedSlot | None:
    """The network's next ranked attempt of the day and rules, or None when its
    `caps.per_address` attempts are taken, or its IPv6 site's `caps.per_site` (0: no cap).
    Two starts that see the same free slot both try it; the unique indexes let one have it
    (`add_attempt` raises for the other)."""
    network = network_hash(session, day, starter.address)
    taken = _taken(session, day, rules_key, DailyAttempt.network, network)
    if caps.per_address and taken >= caps.per_address:
        return None
    slot = taken if caps.per_address else None
    if starter.site is None:
        return RankedSlot(network, slot)
    site = network_hash(session, day, starter.site)
    site_taken = _taken(session, day, rules_key, DailyAttempt.site, site)
    if caps.per_site and site_taken >= caps.per_site:
        return None
    return RankedSlot(network, slot, site, site_taken if caps.per_site else None)


@dataclass(frozen=True)
class Network:
    """Where a start comes from: its address as the limits count it, and its IPv6 site
    (None for IPv4), both as `app.web.deps` counts them."""

    address: str
    site: str | None = None


@dataclass(frozen=True)
class Caps:
    """Ranked attempts of a day and rule set per network address and per IPv6 site (0: no
    cap)."""

    per_address: int
    per_site: int = 0


def _taken(
    session: Session,
    day: date,
    rules_key: str,
    column: InstrumentedAttribute[str | None],
    key: str,
) -> int:
    """The day's ranked attempts at the rules whose network (or site) hash in `column` is
    `key`."""
    counted = select(func.count()).where(
        DailyAttempt.day == day, DailyAttempt.rules_key == rules_key, column == key
    )
    return int(session.scalar(counted) or 0)
