"""The challenge board: the counting games side by side, hand by hand, with the par, totals
and places (equal totals share a place, as on the day's board: `engine.game.shared_places`).

What a viewer sees follows what they have played, since the board is shared by players
who have not finished: a hand's results (points, contracts, who held Re, which say where
cards lay) only for the hands the viewer has finished, and the deals only once the viewer
has finished the game. Totals, places and the par show only to a viewer who has finished
(`Board.totals_shown`): a total is no card, but it tells how the viewer's own deals go."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.challenges.attempts import has_played_deals
from app.challenges.hands import total_of
from app.challenges.making import is_closed, practice_reason, rematch_made
from app.daily.fairplay.states import RANKED
from app.daily.nicknames import passes_for
from app.storage.models import Challenge, ChallengeGame, DailyAttempt, GameRow, Player
from app.storage.work import WorkStatus
from engine import RuleSet
from engine.game import shared_places


@dataclass(frozen=True)
class Entry:
    """One counting game on the board (or the par)."""

    place: int | None
    """None for the par."""
    nickname: str | None
    """The name the player gave on this board, else their nickname."""
    total: int | None
    hands: list[dict[str, Any]]
    own: bool
    game_id: str | None = None


@dataclass(frozen=True)
class Board:
    challenge: Challenge
    rules: RuleSet
    entries: list[Entry]
    """Finished counting games, best first."""
    playing: int
    """Counting games not finished (yet)."""
    par: Entry | None
    """None until the par is played."""
    seen: int
    """Hands whose results the viewer may see: those they have finished."""
    finished: bool
    """The viewer has finished a game at the challenge (their counting game, or practice at
    deals they had played before): the deals are theirs to see."""
    started: bool
    """The viewer has a counting game (finished or not)."""
    own_name: str | None
    """The name the viewer gave on this board, if any (its form shows it)."""
    practice: bool
    """The viewer's next game here is practice: their counting game is over, or they had
    played these deals before (`attempts.next_mode`)."""
    played: bool
    """The viewer has played at the challenge (any game): the rematch is offered."""
    closed: bool
    rematch_id: str | None
    made_as_practice: str | None = None
    """Why the game the viewer made the challenge of is their practice here (a message id),
    for its maker to read on the board; None when it counts, or for anyone else."""

    @property
    def totals_shown(self) -> bool:
        """Whether the viewer sees the totals, the places and the par: every player holds the
        same seat's cards, so a total tells how the deals go from it (in a one-hand challenge,
        how the hand ends). Shown once the viewer has finished a game here, and to anyone
        once the board is read-only."""
        return self.finished or self.closed

    @property
    def hands(self) -> range:
        return range(self.rules.hands_per_game)

    @property
    def columns(self) -> list[Entry]:
        """The board's columns, side by side: the par first, then the games by place. Before
        the viewer may see the totals, the viewer's own game first and the others in an
        order that says nothing (their games' random ids), without the par: an order by
        place would rank the hands the viewer has not played."""
        if not self.totals_shown:
            return sorted(self.entries, key=lambda entry: (not entry.own, entry.game_id or ""))
        return ([self.par] if self.par else []) + self.entries


def board_of(session: Session, challenge: Challenge, viewer: str | None, now: datetime) -> Board:
    """The board as `viewer` (a player id, None for a visitor without one) may see it."""
    query = (
        select(
            ChallengeGame.player_id,
            ChallengeGame.game_id,
            ChallengeGame.counted_by,
            ChallengeGame.started_at,
            ChallengeGame.finished_at,
            ChallengeGame.total,
            ChallengeGame.hands,
            Player.nickname,
            ChallengeGame.name,
            GameRow.hands_done,
            GameRow.finished.label("game_over"),
            DailyAttempt.fair_play,
        )
        .join(Player, Player.id == ChallengeGame.player_id)
        .join(GameRow, GameRow.id == ChallengeGame.game_id)
        .outerjoin(DailyAttempt, DailyAttempt.game_id == ChallengeGame.game_id)
        .where(ChallengeGame.challenge_id == challenge.id)
    )
    games = list(session.execute(query))
    counting = [row for row in games if row.counted_by is not None and _ranked(row.fair_play)]
    done = sorted(
        (row for row in counting if row.finished_at is not None),
        key=lambda row: (-(row.total or 0), row.finished_at),
    )
    places = list(shared_places(row.total or 0 for row in done))
    rules = RuleSet.from_key(challenge.rules_key)
    mine = [row for row in games if viewer is not None and row.player_id == viewer]
    own = next((row for row in mine if row.counted_by is not None), None)
    finished = any(row.game_over for row in mine)
    seen = rules.hands_per_game if finished else max((row.hands_done for row in mine), default=0)
    if own is not None:
        practice = own.finished_at is not None
    else:
        practice = viewer is not None and has_played_deals(session, viewer, challenge)
    closed = is_closed(challenge, now)
    names = told_apart(done)
    entries = [
        Entry(
            place,
            names[row.game_id],
            row.total,
            row.hands or [],
            row.player_id == viewer,
            row.game_id,
        )
        for row, place in zip(done, places, strict=True)
    ]
    return Board(
        challenge=challenge,
        rules=rules,
        entries=entries,
        playing=len(counting) - len(done),
        par=_par(challenge),
        seen=seen,
        finished=finished,
        started=own is not None,
        own_name=own.name if own is not None else None,
        practice=practice,
        played=bool(mine),
        closed=closed,
        rematch_id=_rematch_id(session, challenge),
        made_as_practice=None if closed else _made_as_practice(session, challenge, mine),
    )


def told_apart(rows: list[Any]) -> dict[str, str | None]:
    """Each game's name as the board shows it (the one given there, else the nickname): a
    name that looks like one shown for a game started earlier gets that name's count, "Tante
    Erna (2)". A name given on the board is refused when it looks like one there
    (`app.play.challenges.name_entrant`), but a nickname taken later, or a player who starts
    after a name was given, can still bring two together; parentheses are no nickname's
    characters, so the mark cannot be copied."""
    earlier: list[str] = []
    shown: dict[str, str | None] = {}
    for row in sorted(rows, key=lambda row: row.started_at):
        name = row.name or row.nickname
        if name is None:
            shown[row.game_id] = None
            continue
        alike = sum(passes_for(name, other) for other in earlier)
        earlier.append(name)
        shown[row.game_id] = f"{name} ({alike + 1})" if alike else name
    return shown


def _made_as_practice(session: Session, challenge: Challenge, mine: list[Any]) -> str | None:
    """Why the maker's own game is practice at the open challenge made of it: its maker
    would otherwise look for it among the counting games in vain."""
    made_of = next((row for row in mine if row.game_id == challenge.from_game_id), None)
    if made_of is None or made_of.counted_by is not None:
        return None
    game = session.get(GameRow, made_of.game_id)
    return None if game is None else practice_reason(session, game)


def _ranked(fair_play: str | None) -> bool:
    """A maker's daily game counts at a challenge of its deals as it does on the day's board:
    once its fair-play check has passed it, not while held, nor once disqualified (None: not
    a daily game)."""
    return fair_play is None or fair_play in RANKED


def _par(challenge: Challenge) -> Entry | None:
    if challenge.par_status != WorkStatus.DONE or challenge.par_hands is None:
        return None
    return Entry(None, None, total_of(challenge.par_hands), challenge.par_hands, False)


def _rematch_id(session: Session, challenge: Challenge) -> str | None:
    made = rematch_made(session, challenge.id)
    return made.id if made else None


def names_of_others(session: Session, challenge: Challenge, player_id: str) -> list[str]:
    """The names the board shows (or will, once their games are over) for the other players
    whose games count here: the one given on this board, else the nickname."""
    shown = func.coalesce(ChallengeGame.name, Player.nickname)
    query = (
        select(shown)
        .join(Player, Player.id == ChallengeGame.player_id)
        .where(
            ChallengeGame.challenge_id == challenge.id,
            ChallengeGame.counted_by.is_not(None),
            ChallengeGame.player_id != player_id,
            shown.is_not(None),
        )
    )
    return list(session.scalars(query))
