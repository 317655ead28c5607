"""A player's restore key: what brings a player back to a browser that lost its cookie.

A player is the id in a signed cookie, so clearing cookies or changing device started a new
player. The key is 120 random bits written as six groups of four letters and digits (base32:
no 0, 1, 8 or 9 to mistake for O, I, B), shown once when made; only its SHA-256 is stored, so
the database holds nothing that restores anybody. A new key replaces the old one; a browser
that has used the old one stays the player, since its cookie holds nothing but the player's
id (revoking it would take a check of the player's row on every request). The key is typed,
never put in a link: an address travels in histories, logs and `Referer` headers."""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from sqlalchemy import case, func, select, update
from sqlalchemy.orm import Session

from app.challenges.attempts import open_counting_game_seen_by
from app.challenges.making import aware
from app.daily.attempts import open_attempt_dealt_to
from app.daily.secrecy import attempts_close_at
from app.languages.i18n import N_
from app.storage.models import GameRow, Player

KEY_BYTES = 15
GROUP = 4
NOT_A_KEY = N_(
    "That is not a restore key: it has 24 letters and digits from 2 to 7, in groups of four."
)
NO_SUCH_KEY = N_("No player has this restore key. A key made again replaces the one before.")
MADE_ELSEWHERE = N_(
    "A newer key was made for you meanwhile (in another tab or browser, by a second tap, or "
    "by this page sent again): only the newest key works. Make a new key here to replace it."
)
LEAVE_FIRST = N_(
    "This browser’s games stay with its present player when it plays as another: tick the box "
    "to leave them there, or make that player a key first to have them back later."
)
DEALT_AS_ANOTHER = N_(
    "This browser has been dealt today’s daily deals as another player, and the player of "
    "this key has a ranked game of them in progress: restore the key in another browser, or "
    "here after %(time)s, when the day’s seed is published."
)
SEEN_AT_CHALLENGE = N_(
    "This browser has played a challenge’s deals as another player, and the player of this "
    "key has a game that counts there in progress: restore the key in another browser, or "
    "here after %(time)s, when the challenge closes."
)
TYPED_LENGTH = 200
"""The most characters a typed key may come with: a key pasted with words around it is
refused in the player's words, with the field to mend, rather than as a malformed request."""
NO_KEY_YET = "none"
_KEY = re.compile(r"[A-Z2-7]{24}")
_NOT_IN_A_KEY = re.compile(r"[^A-Z0-9]")
_LOOK_ALIKES = str.maketrans({"0": "O", "1": "I", "8": "B"})
"""Digits a key never holds (base32 has 2 to 7), read as the letters they are taken for when a
key is copied from paper."""


class KeyRefused(ValueError):
    """A restore key that restores nobody, or nobody in this browser now: `message` (a
    message id, with a `%(time)s` filled from `until` when there is one) says why, `status`
    is the answer's, `field` the restore form's field it is about (`key`, `leave`, or none:
    the browser)."""

    def __init__(
        self, message: str, status: int = 400, field: str = "key", until: datetime | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.field = field
        self.until = until


@dataclass(frozen=True)
class Browser:
    """Who a browser plays as: its cookie's player (None for a newcomer) and the players it
    played as before (`app.web.deps.former_players`)."""

    player_id: str | None
    former: tuple[str, ...] = ()


def restore_player(
    session: Session, typed: str, browser: Browser, leave: bool, now: datetime
) -> str:
    """The player the browser plays as from now on: the typed key's. A browser whose player
    has games leaves them only when `leave` says so (`LEAVE_FIRST`): nothing brings them back
    without a key. A browser dealt a day's daily deals as one player does not take on a ranked
    game of them that the key's player has in progress (`DEALT_AS_ANOTHER`): it would play
    it knowing them; nor does one that played a challenge's deals take on a counting game
    there (`SEEN_AT_CHALLENGE`). A player the browser was before is no other player."""
    restored = restored_player(session, typed)
    if restored == browser.player_id:
        return restored
    if not leave and key_state(session, browser.player_id).games:
        raise KeyRefused(LEAVE_FIRST, 409, "leave")
    players = (browser.player_id, *browser.former)
    others = [other for other in players if other is not None and other != restored]
    dealt = open_attempt_dealt_to(session, restored, others, now)
    if dealt is not None:
        raise KeyRefused(DEALT_AS_ANOTHER, 409, "", attempts_close_at(dealt.day))
    seen = open_counting_game_seen_by(session, restored, others, now)
    if seen is not None:
        raise KeyRefused(SEEN_AT_CHALLENGE, 409, "", aware(seen.closes_at))
    return restored


def make_restore_key(session: Session, player: Player, replacing: str) -> str | None:
    """A new restore key for the player, as shown to them (committed): the key made before
    restores nobody from now on. `replacing` is the `key_version` the player's page showed:
    None, and nothing changed, when the stored key is no longer that one. Two tabs, or a tap
    again on a slow link, send the same version: the first makes the key, and the others
    would each have replaced it, each showing a key while only the last stored one works.
    The version is checked again as the key is stored, for two requests that read it at once."""
    if replacing != key_version(player.restore_key_hash):
        return None
    key = base64.b32encode(secrets.token_bytes(KEY_BYTES)).decode()
    replaced = session.execute(
        update(Player)
        .where(
            Player.id == player.id,
            Player.restore_key_hash.is_not_distinct_from(player.restore_key_hash),
        )
        .values(restore_key_hash=_hashed(key))
        .execution_options(synchronize_session=False)
    )
    session.commit()
    if getattr(replaced, "rowcount", 0) != 1:
        return None
    return "-".join(key[start : start + GROUP] for start in range(0, len(key), GROUP))


def key_version(key_hash: str | None) -> str:
    """Which key a player's page would replace, for its form to send back: a digest of the
    stored hash (the page shows nothing of the hash itself), `NO_KEY_YET` before the first."""
    if key_hash is None:
        return NO_KEY_YET
    return hashlib.sha256(key_hash.encode()).hexdigest()[:16]


def restored_player(session: Session, typed: str) -> str:
    """The id of the player whose key was typed (case, full-width forms, look-alike digits and
    whatever stands between the groups set aside: a phone's notes put an en dash or an
    invisible space between them, a note on paper a dot)."""
    normal = unicodedata.normalize("NFKC", typed).upper()
    key = _NOT_IN_A_KEY.sub("", normal).translate(_LOOK_ALIKES)
    if not _KEY.fullmatch(key):
        raise KeyRefused(NOT_A_KEY)
    found = session.scalars(select(Player.id).where(Player.restore_key_hash == _hashed(key)))
    player_id = found.first()
    if player_id is None:
        raise KeyRefused(NO_SUCH_KEY)
    return player_id


class KeyStanding(Enum):
    """What the restore key page offers a browser: a key made only for a stored player."""

    NO_PLAYER = "no player"
    NO_KEY = "no key"
    HAS_KEY = "has a key"


@dataclass(frozen=True)
class KeyState:
    """A browser's standing, the `key_version` its page's form sends back, and the games its
    player would leave behind by playing as another."""

    standing: KeyStanding
    version: str = NO_KEY_YET
    games: int = 0
    unfinished: int = 0


def key_state(session: Session, player_id: str | None) -> KeyState:
    if player_id is None:
        return KeyState(KeyStanding.NO_PLAYER)
    found = session.execute(select(Player.restore_key_hash).where(Player.id == player_id))
    row = found.first()
    if row is None:
        return KeyState(KeyStanding.NO_PLAYER)
    unfinished = case((GameRow.finished.is_(False), 1), else_=0)
    counted = select(func.count(GameRow.id), func.coalesce(func.sum(unfinished), 0))
    games, open_games = session.execute(counted.where(GameRow.player_id == player_id)).one()
    if row.restore_key_hash is None:
        return KeyState(KeyStanding.NO_KEY, games=games, unfinished=open_games)
    version = key_version(row.restore_key_hash)
    return KeyState(KeyStanding.HAS_KEY, version, games, open_games)


def _hashed(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()
