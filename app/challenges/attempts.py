"""Games at a challenge's deals: the player's first counts, later ones are practice; a
counting game is settled on the board when its last hand ends while the challenge is open."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.challenges.hands import hands_of, total_of
from app.challenges.kinds import COUNTS, PRACTICE
from app.challenges.making import is_closed, refuse_once_closed, same_cards
from app.challenges.refusals import COUNTING_ELSEWHERE, FULL, ChallengeRefused
from app.storage.models import Challenge, ChallengeGame, GameRow
from app.storage.modes import GameMode
from app.table.service import Table

ATTEMPTS = 50
"""Players whose game counts at one challenge."""


def counting_game(session: Session, challenge_id: str, player_id: str) -> ChallengeGame | None:
    query = select(ChallengeGame).where(
        ChallengeGame.challenge_id == challenge_id, ChallengeGame.counted_by == player_id
    )
    return session.scalars(query).first()


def attempts(session: Session, challenge_id: str) -> int:
    query = select(func.count()).where(
        ChallengeGame.challenge_id == challenge_id, ChallengeGame.counted_by.is_not(None)
    )
    return int(session.scalar(query) or 0)


def next_mode(
    session: Session,
    challenge: Challenge,
    player_id: str,
    now: datetime,
    seen_by: Sequence[str] = (),
) -> GameMode | ChallengeGame:
    """The kind of game the player starts at the challenge (`COUNTS` the first time,
    `PRACTICE` after), or the game to resume: the counting game while it is unfinished, an
    unfinished practice game after. A player who has played the challenge's deals in any
    game before (its maker, whose game did not count because they could know the deals,
    `making.dealt_blind`; a friend who made a challenge of their game there; a daily game's
    player) knows them: their games there are practice. So does a player whose browser
    played them as another player before a restore key made it this one (`seen_by`). Refused
    once the challenge has closed, while the player's counting game at another challenge of
    the same deals is unfinished, and for a newcomer once it has had `ATTEMPTS` players."""
    refuse_once_closed(challenge, now)
    counting = counting_game(session, challenge.id, player_id)
    if counting is not None:
        unfinished = counting.finished_at is None
        return counting if unfinished else _practice(session, challenge, player_id)
    refuse_while_counting_elsewhere(session, player_id, challenge, now)
    if any(has_played_deals(session, seer, challenge) for seer in (player_id, *seen_by)):
        return _practice(session, challenge, player_id)
    if attempts(session, challenge.id) >= ATTEMPTS:
        raise ChallengeRefused(FULL, 403, num=ATTEMPTS)
    return COUNTS


def _practice(session: Session, challenge: Challenge, player_id: str) -> GameMode | ChallengeGame:
    """The player's unfinished practice game at the challenge, to resume (a tap on the
    board's practice button again would leave one more game unfinished), else `PRACTICE`."""
    query = (
        select(ChallengeGame)
        .join(GameRow, GameRow.id == ChallengeGame.game_id)
        .where(
            ChallengeGame.challenge_id == challenge.id,
            ChallengeGame.player_id == player_id,
            ChallengeGame.counted_by.is_(None),
            GameRow.finished.is_(False),
        )
        .order_by(ChallengeGame.started_at.desc())
    )
    return session.scalars(query.limit(1)).first() or PRACTICE


def has_played_deals(session: Session, player_id: str, challenge: Challenge) -> bool:
    """Whether the player has a game of the challenge's deals (`same_cards`)."""
    query = select(GameRow.rules_key).where(
        GameRow.player_id == player_id, GameRow.seed == challenge.seed
    )
    return same_cards(challenge.rules_key, session.scalars(query))


def open_counting_game_seen_by(
    session: Session, player_id: str, others: Sequence[str], now: datetime
) -> Challenge | None:
    """The open challenge where the player has an unfinished counting game and one of
    `others` has played the deals: played on by a browser that saw them as that other player,
    the game would count knowing them (`app.play.players`)."""
    unfinished = select(ChallengeGame).where(
        ChallengeGame.counted_by == player_id, ChallengeGame.finished_at.is_(None)
    )
    for counting in session.scalars(unfinished):
        challenge = session.get(Challenge, counting.challenge_id)
        if challenge is None or is_closed(challenge, now):
            continue
        if any(has_played_deals(session, other, challenge) for other in others):
            return challenge
    return None


def games_from_network(session: Session, challenge_id: str, network: str) -> int:
    """The challenge's counting games started from the network (its hash, `app.daily.networks`)."""
    query = select(func.count()).where(
        ChallengeGame.challenge_id == challenge_id, ChallengeGame.network == network
    )
    return int(session.scalar(query) or 0)


def refuse_while_counting_elsewhere(
    session: Session, player_id: str, challenge: Challenge, now: datetime
) -> None:
    """Refuses a game here while the player has an unfinished counting game at another open
    challenge of the same deals: it would show them that game's cards (and practice, its
    hints) before it ends. A counting game of a closed challenge no longer counts."""
    query = (
        select(Challenge.rules_key)
        .join(ChallengeGame, ChallengeGame.challenge_id == Challenge.id)
        .where(
            ChallengeGame.counted_by == player_id,
            ChallengeGame.finished_at.is_(None),
            Challenge.seed == challenge.seed,
            Challenge.id != challenge.id,
            Challenge.closes_at > now,
        )
    )
    if same_cards(challenge.rules_key, session.scalars(query)):
        raise ChallengeRefused(COUNTING_ELSEWHERE, 409)


def add_challenge_game(
    session: Session,
    challenge: Challenge,
    row: GameRow,
    now: datetime,
    network: str | None = None,
) -> ChallengeGame:
    """`network`: a counting game's network, for the cap of counting games per network."""
    counts = row.mode == COUNTS
    entry = ChallengeGame(
        challenge_id=challenge.id,
        game_id=row.id,
        player_id=row.player_id,
        counted_by=row.player_id if counts else None,
        started_at=now,
        network=network if counts else None,
    )
    session.add(entry)
    session.flush()
    return entry


def ends_challenge(row: GameRow, table: Table) -> bool:
    """Whether this step ends a counting game (to be settled in the step's transaction)."""
    return row.mode == COUNTS and table.game.is_over


def settle_challenge(session: Session, row: GameRow, table: Table, now: datetime) -> None:
    """Puts a counting game that has just ended on its challenge's board, unless the
    challenge closed meanwhile (its board is read-only then)."""
    if not ends_challenge(row, table):
        return
    query = select(ChallengeGame, Challenge).join(
        Challenge, Challenge.id == ChallengeGame.challenge_id
    )
    found = session.execute(query.where(ChallengeGame.game_id == row.id)).first()
    if found is None:
        return
    entry, challenge = found
    if entry.finished_at is not None or is_closed(challenge, now):
        return
    entry.hands = hands_of(table)
    entry.total = total_of(entry.hands)
    entry.finished_at = now
