"""One game replayed into the facts the history shows (scores, teams, the human's calls, the
place): never a card. Facts are kept per process by game and version (`FactsCache`), and
the hands of many games are read in one query (`load_hands`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from app.operations.kept import Kept
from app.storage.models import GameHand, GameRow
from app.table.service import HUMAN, replay_game
from engine import Call, Contract, Hand, Phase, RuleSet
from engine.game import numbers_in_game, standings_of


@dataclass(frozen=True)
class HandFacts:
    """A finished hand as the human's history sees it."""

    number: int
    """1-based, Armut redeals counted: the number in the hand's record and review URLs."""
    redeal: bool
    """Everybody declined an Armut: dealt again, nothing scored."""
    contract: Contract | None = None
    role: str = ""
    """`re` (with a partner), `kontra` or `soloist` (alone against three)."""
    won: bool = False
    nobody_won: bool = False
    """Both sides fell short of what they announced (§8): neither won, the hand may score."""
    points: int = 0
    """The human's game points for the hand."""
    calls: tuple[Call, ...] = ()
    """The human's own announcements, in the order made."""
    in_game: int = 1
    """Its number as the table counts hands (§9: a redeal has the number of the hand dealt
    again), the number the player saw."""


@dataclass(frozen=True)
class GameFacts:
    """What a replay of a stored game gives the history."""

    hands: tuple[HandFacts, ...]
    totals: tuple[int, int, int, int]
    hands_per_game: int
    over: bool
    """The game's last hand is played (`engine.game.Game.is_over`)."""

    @property
    def played(self) -> tuple[HandFacts, ...]:
        """The hands that were played and scored (redeals left out)."""
        return tuple(hand for hand in self.hands if not hand.redeal)

    @property
    def place(self) -> int:
        """The human's place among the four (equal totals share it)."""
        return next(row.place for row in standings_of(self.totals) if row.seat == HUMAN)


def hand_facts(number: int, in_game: int, hand: Hand) -> HandFacts:
    if hand.phase is Phase.REDEAL:
        return HandFacts(number, redeal=True, in_game=in_game)
    result = hand.result()
    role = "soloist" if result.soloist == HUMAN else result.team_of(HUMAN).value
    calls = tuple(made.call for made in hand.announcements if made.seat == HUMAN)
    return HandFacts(
        number,
        False,
        result.contract,
        role,
        result.won_by(HUMAN),
        result.winner is None,
        result.scores[HUMAN],
        calls,
        in_game,
    )


def game_facts(row: GameRow) -> GameFacts:
    """The facts of every finished hand, Armut redeals included, in the order and so with the
    numbers of its hand records (`app.play.hands`); totals and game over as the
    replayed `Game` has them."""
    game, dealt = replay_game(RuleSet.from_key(row.rules_key), row.seed, row.log, checked=False)
    hands = dealt if game.hand.phase is Phase.DONE else dealt[:-1]
    in_game = numbers_in_game(hand.phase is Phase.REDEAL for hand in hands)
    facts = tuple(
        hand_facts(number, counted, hand)
        for number, (hand, counted) in enumerate(zip(hands, in_game, strict=True), start=1)
    )
    return GameFacts(facts, game.totals, game.rules.hands_per_game, game.is_over)


class FactsCache:
    """Replayed games by id and stored version: a game's facts change only with its log, so a
    finished game is replayed once per process, and its log is read only then (decoding every
    hand's JSON was most of a warm history page)."""

    def __init__(self, size: int = 4096) -> None:
        self._facts: Kept[tuple[str, int], GameFacts] = Kept(size)

    def of_games(self, session: Session, rows: Sequence[GameRow]) -> list[GameFacts]:
        """Each row's facts, in order; the hands of the rows not cached are loaded in one
        query, whatever their number."""
        known = {key: self._facts.get(key) for key in map(facts_key, rows)}
        missing = [row for row in rows if known[facts_key(row)] is None]
        if missing:
            load_hands(session, missing)
        found = []
        for row in rows:
            facts = known[facts_key(row)] or game_facts(row)
            self._facts.put(facts_key(row), facts)
            found.append(facts)
        return found


def facts_key(row: GameRow) -> tuple[str, int]:
    return (row.id, row.version)


def load_hands(session: Session, rows: Sequence[GameRow]) -> None:
    """Fills the rows' `logged_hands` by one query, as loaded (not as changed)."""
    by_game: dict[str, list[GameHand]] = {row.id: [] for row in rows}
    query = (
        select(GameHand)
        .where(GameHand.game_id.in_(list(by_game)))
        .order_by(GameHand.game_id, GameHand.number)
    )
    for hand in session.scalars(query):
        by_game[hand.game_id].append(hand)
    for row in rows:
        set_committed_value(row, "logged_hands", by_game[row.id])
