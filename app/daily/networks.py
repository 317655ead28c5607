"""The network a ranked attempt (or a challenge's counting game) is started from, kept for a
week as a salted hash (issue 24).

Every new cookie is a new player with a ranked attempt of its own, so one address could fill
the board; its ranked attempts of a day and rule set are capped (`DOKO_RANKED_PER_ADDRESS`),
and an operator weighing a suspicious attempt can see the others from its network. The
address itself is never stored: each attempt keeps HMAC-SHA256 of it under a random salt of
its day (`NetworkSalt`, made by the first process that needs it and shared by all). Seven
days after the day's attempts close, its hashes and its salt are forgotten together, and so are
the hashes of the challenges' counting games started that day or before.

The cap holds however many starts race: each ranked attempt of a network takes a numbered
slot below the cap, and a unique index refuses a slot taken twice (`app.storage.models`).
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from hashlib import sha256

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from app.daily.attempts import RANKED_GRACE
from app.storage.db import insert_unless_present
from app.storage.models import ChallengeGame, DailyAttempt, NetworkSalt

KEPT = timedelta(days=7)
"""How long after a day's attempts close its networks are kept."""
CAPPED = "address"
"""`GameRow.practice_reason` of a daily game that is practice because the network's ranked
attempts of the day were taken."""
PRACTISED = "practised"
"""… because the player, capped before, has played the day's deals as practice."""


def first_kept_day(now: datetime) -> date:
    """The earliest day whose networks are still kept: day D's attempts close at the end of
    D plus `RANKED_GRACE`, and its networks are forgotten `KEPT` after that."""
    return (now - KEPT - RANKED_GRACE).date()


def forget_networks(session: Session, now: datetime) -> None:
    """Forgets the networks of the days past `first_kept_day`: cheap when there are none
    (the salts are a few rows). The salt is deleted first, so of several processes doing
    this at once only the one whose delete took it clears that day's hashes."""
    gone = delete(NetworkSalt).where(NetworkSalt.day < first_kept_day(now))
    days = list(session.scalars(gone.returning(NetworkSalt.day)))
    if not days:
        return
    forgotten = {"network": None, "network_slot": None}
    session.execute(update(DailyAttempt).where(DailyAttempt.day.in_(days)).values(forgotten))
    unsalted = datetime.combine(max(days) + timedelta(days=1), time(), UTC)
    at_challenges = update(ChallengeGame).where(ChallengeGame.started_at < unsalted)
    session.execute(at_challenges.where(ChallengeGame.network.is_not(None)).values(network=None))


def network_hash(session: Session, day: date, address: str) -> str:
    """The address's hash under the day's salt, hex."""
    key = bytes.fromhex(_salt(session, day))
    return hmac.new(key, address.encode(), sha256).hexdigest()


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
    """A ranked attempt the network may start: its hash and slot (None without a cap)."""

    network: str
    slot: int | None


def ranked_slot(
    session: Session, day: date, rules_key: str, address: str, cap: int
) -> RankedSlot | None:
    """The network's next ranked attempt of the day and rules, or None when its `cap`
    attempts are taken (0: no cap). Two starts that see the same free slot both try it; the
    unique index lets one have it (`add_attempt` raises for the other)."""
    network = network_hash(session, day, address)
    if not cap:
        return RankedSlot(network, None)
    taken = select(func.count()).where(
        DailyAttempt.day == day,
        DailyAttempt.rules_key == rules_key,
        DailyAttempt.network == network,
    )
    count = int(session.scalar(taken) or 0)
    return RankedSlot(network, count) if count < cap else None
