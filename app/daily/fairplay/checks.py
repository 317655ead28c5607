"""Each finished ranked attempt's fair-play check, computed once, in the background.

When a ranked daily game ends, the request that stored its last step claims the check
(`app.storage.claims`) and a thread of its process has the background worker processes compute it
(`bots.fairplay`, hand by hand, with half of them at most, as the reviews); no page waits
for it. The verdict is stored, and the attempt goes on the board (`passed`) or is held
for an operator (`held`). A check whose process died, or that failed, is claimed again by a
later view of the day's board (`sweep`, a few per view).

A claim is renewed while this process holds it (`CLAIM_RENEWED_EVERY`): a check waits its
turn for a worker, and with many games ending at once the wait may outlast `STALE_AFTER`, when
another process would take the check for abandoned and compute it a second time.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError
from datetime import date, datetime
from typing import Any, NamedTuple

from sqlalchemy import and_, or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from app.daily.fairplay.states import PENDING, verdict_state
from app.operations.bot_pool import BotRoster, Bulk, RosterClosed
from app.operations.settings import utc_now
from app.storage.claims import STALE_AFTER, claim
from app.storage.models import DailyAttempt, FairPlayCheck, GameRow
from app.storage.work import WorkStatus
from app.table.action_log import Log
from app.table.service import HUMAN, replay_game
from bots.fairplay import Tell, Verdict, Weighed, verdict_of, weigh_hand
from bots.search.budget import DEFAULT_BUDGET, Budget
from engine import HandRecord, RuleSet

log = logging.getLogger("doko")


def evaluator(budget: Budget) -> str:
    """The analysis and its budget (worlds per decision), stored with each check: `v2` reads
    the deal against the table's own bots too, where checks stored before read it by the
    search alone."""
    return f"fairplay-v2/{budget.worlds}"


EVALUATOR = evaluator(DEFAULT_BUDGET)
"""A server's checks unless `DOKO_FAIR_PLAY_WORLDS` says otherwise."""
SWEEP = 2
"""Abandoned checks one view of a day's board claims again: a view must stay quick, and each
claim starts a thread."""
CLAIM_RENEWED_EVERY = 60.0
"""Seconds between renewals of the claims this process holds (well inside `STALE_AFTER`)."""

Analysis = Callable[[HandRecord, int, int, str, Budget, str | None], list[Weighed]]
"""Weighs one finished hand (`bots.fairplay.weigh_hand`): record, number, seat, seed,
budget, the id of the bot that played the other seats."""


class CheckedGame(NamedTuple):
    """What a check reads of the attempt's game."""

    rules_key: str
    seed: str
    log: Log
    bot: str
    """The bot that played the other seats: the check plays the deal on against it."""


def finished_hands(rules_key: str, seed: str, log: Log) -> list[HandRecord]:
    """The stored game's finished hands, Armut redeals counted, as the check numbers them."""
    game, _ = replay_game(RuleSet.from_key(rules_key), seed, log, checked=False)
    return game.finished_records


def tell_json(tell: Tell) -> dict[str, Any]:
    return {
        "hand": tell.hand,
        "index": tell.index,
        "kind": tell.kind,
        "chosen": tell.chosen,
        "clairvoyant": list(tell.clairvoyant),
        "view_best": tell.view_best,
        "honest": tell.honest,
        "matched": tell.matched,
    }


def verdict_values(verdict: Verdict) -> dict[str, Any]:
    """A verdict as the check's row stores it."""
    return {
        "decisions": verdict.decisions,
        "honest_chance": verdict.honest_chance,
        "matched": verdict.matched,
        "expected": verdict.expected,
        "held": verdict.held,
        "tells": [tell_json(tell) for tell in verdict.tells],
    }


def abandoned_checks(session: Session, day: date, rules_key: str, now: datetime) -> list[int]:
    """Finished attempts of the day still waiting for a check that nobody computes: never
    claimed (the process that ended the game stopped first), failed, or left pending by a
    process that died. The earliest `SWEEP` of them."""
    check = FairPlayCheck
    unclaimed = or_(
        check.attempt_id.is_(None),
        check.status == WorkStatus.FAILED,
        and_(check.status == WorkStatus.PENDING, check.started_at < now - STALE_AFTER),
    )
    query = (
        select(DailyAttempt.id)
        .outerjoin(check, check.attempt_id == DailyAttempt.id)
        .where(
            DailyAttempt.day == day,
            DailyAttempt.rules_key == rules_key,
            DailyAttempt.fair_play == PENDING,
            DailyAttempt.finished_at.is_not(None),
            unclaimed,
        )
        .order_by(DailyAttempt.finished_at)
        .limit(SWEEP)
    )
    return list(session.scalars(query))


class FairPlayChecks:
    """Claims, computes and stores the fair-play checks of one server process."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        roster: BotRoster,
        budget: Budget = DEFAULT_BUDGET,
        analysis: Analysis = weigh_hand,
    ) -> None:
        self._sessions = sessions
        self._roster = roster
        self._budget = budget
        self._evaluator = evaluator(budget)
        self._analysis = analysis
        """Runs in a worker process, so it is a module's function (`weigh_hand`)."""
        self._lock = threading.Lock()
        self._held: set[int] = set()
        self._renewer: threading.Thread | None = None

    def start(self, session: Session, attempt_id: int) -> None:
        """Claims the attempt's check and computes it in the background, unless another
        request or process has it. Commits."""
        fresh: dict[str, Any] = {"evaluator": self._evaluator, "tells": [], "finished_at": None}
        _, claimed = claim(session, FairPlayCheck, {"attempt_id": attempt_id}, fresh, utc_now())
        if claimed:
            self._hold(attempt_id)
            self._roster.carry(self._run, attempt_id)

    def sweep(self, session: Session, day: date, rules_key: str) -> None:
        """Claims again a few of the day's abandoned checks (a view of its board does)."""
        for attempt_id in abandoned_checks(session, day, rules_key, utc_now()):
            self.start(session, attempt_id)

    def _run(self, attempt_id: int) -> None:
        try:
            self._store(attempt_id, self._verdict(attempt_id))
        except (RosterClosed, CancelledError):
            log.info("the fair-play check of attempt %s stopped with the server", attempt_id)
            self._fail(attempt_id)
        except Exception:
            log.exception("the fair-play check of attempt %s failed", attempt_id)
            self._fail(attempt_id)
        finally:
            self._release(attempt_id)

    def _verdict(self, attempt_id: int) -> Verdict:
        """The game's hands weighed one after the other in the background workers; the
        verdict is deterministic in the game's seed. A hand is one piece of work (under a
        second), so a hint waits behind one hand at most, never a whole game (and a bot's
        move at a table never: it has workers of its own)."""
        row = self._game(attempt_id)
        weighed: list[Weighed] = []
        for number, record in enumerate(finished_hands(row.rules_key, row.seed, row.log)):
            work = self._roster.submit_in_background(
                Bulk.CHECK, self._analysis, record, number, HUMAN, row.seed, self._budget, row.bot
            )
            weighed.extend(work.result())
        return verdict_of(weighed)

    def _game(self, attempt_id: int) -> CheckedGame:
        """The attempt's game as stored: rules, seed, log and bots."""
        with self._sessions() as session:
            attempt = session.get(DailyAttempt, attempt_id)
            assert attempt is not None
            row = session.get(GameRow, attempt.game_id)
            assert row is not None
            return CheckedGame(row.rules_key, row.seed, row.log, row.bot_id)

    def _store(self, attempt_id: int, verdict: Verdict) -> None:
        """The verdict, and the attempt's state by it, in one transaction. Only a pending
        attempt changes: a check computed twice (claimed again while slow) stores the same
        verdict again and leaves an operator's decision alone."""
        with self._sessions() as session:
            session.execute(
                update(FairPlayCheck)
                .where(FairPlayCheck.attempt_id == attempt_id)
                .values(status=WorkStatus.DONE, finished_at=utc_now(), **verdict_values(verdict))
            )
            session.execute(
                update(DailyAttempt)
                .where(DailyAttempt.id == attempt_id, DailyAttempt.fair_play == PENDING)
                .values(fair_play=verdict_state(verdict.held), on_board=not verdict.held)
            )
            session.commit()

    def _fail(self, attempt_id: int) -> None:
        with self._sessions() as session:
            session.execute(
                update(FairPlayCheck)
                .where(
                    FairPlayCheck.attempt_id == attempt_id,
                    FairPlayCheck.status == WorkStatus.PENDING,
                )
                .values(status=WorkStatus.FAILED)
            )
            session.commit()

    def _hold(self, attempt_id: int) -> None:
        with self._lock:
            self._held.add(attempt_id)
            if self._renewer is None:
                self._renewer = threading.Thread(target=self._renew_claims, daemon=True)
                self._renewer.start()

    def _release(self, attempt_id: int) -> None:
        with self._lock:
            self._held.discard(attempt_id)

    def _renew_claims(self) -> None:
        """Keeps this process's claims fresh until it holds none."""
        while True:
            time.sleep(CLAIM_RENEWED_EVERY)
            with self._lock:
                held = sorted(self._held)
                if not held:
                    self._renewer = None
                    return
            try:
                self._renew(held)
            except Exception:
                log.exception("renewing the fair-play claims %s failed", held)

    def _renew(self, held: list[int]) -> None:
        with self._sessions() as session:
            session.execute(
                update(FairPlayCheck)
                .where(
                    FairPlayCheck.attempt_id.in_(held), FairPlayCheck.status == WorkStatus.PENDING
                )
                .values(started_at=utc_now())
            )
            session.commit()
