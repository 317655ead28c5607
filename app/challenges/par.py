"""A challenge's par: the normal bot in the player's seat, against the challenge's own
opponents, on its deals. A whole game of bot play (of search bots at the strong level, up to
a hundred hands), so it is played in the background workers, claimed by the board's first
view, never inside a request (as the daily par, `app.daily.par`). Anybody can make a
challenge, so a par is the least urgent bulk work and goes to the workers a hand at a time:
a hint, a review or a fair-play check waits behind one hand of it at most."""

from __future__ import annotations

import logging
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError
from datetime import datetime, timedelta
from functools import partial

from sqlalchemy import and_, or_, update
from sqlalchemy.orm import Session, sessionmaker

from app.challenges.hands import Hands, hands_of
from app.operations.bot_pool import BotRoster, Bulk, RosterClosed
from app.operations.turns import OwnersInTurn
from app.storage.claims import STALE_AFTER
from app.storage.models import Challenge
from app.storage.work import WorkStatus
from app.table.action_log import Log
from app.table.levels import DAILY_LEVEL, LEVELS
from app.table.service import bot_plays_hand, new_table, rebuild
from bots.protocol import Bot
from bots.registry import bot_named
from engine import Action, RuleSet, SeatView

log = logging.getLogger("doko")

PAR_LEVEL = DAILY_LEVEL
"""The level that plays the challenger's seat for the par: the daily game's, so that a
challenge of a daily game's deals has the par of the day's board."""


class SeatBots:
    """The par's bot in seat 0 and the challenge's opponents in the others."""

    def __init__(self, own: Bot, opponents: Bot) -> None:
        self._own = own
        self._opponents = opponents

    @property
    def id(self) -> str:
        return f"{self._own.id}+{self._opponents.id}"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        bot = self._own if view.seat == 0 else self._opponents
        return bot.choose(view, rng)


def play_par_hand(rules_key: str, seed: str, bot_id: str, log: Log) -> tuple[Log, Hands | None]:
    """Runs in a worker process: the par's game after `log` played on to the end of the next
    hand; its hands once the game is over (None before)."""
    bots = SeatBots(bot_named(LEVELS[PAR_LEVEL]), bot_named(bot_id))
    rules = RuleSet.from_key(rules_key)
    table = rebuild(rules, seed, bots, log) if log else new_table(rules, seed, bots)
    bot_plays_hand(table)
    return table.log, hands_of(table) if table.game.is_over else None


def play_par(
    roster: BotRoster,
    rules_key: str,
    seed: str,
    bot_id: str,
    *,
    still_ours: Callable[[], bool] = lambda: True,
) -> Hands | None:
    """The whole par, one hand after the other in the background workers; given up (None)
    when, between two hands, `still_ours` says another view has taken it over."""
    log: Log = []
    while True:
        work = roster.submit_in_background(Bulk.PAR, play_par_hand, rules_key, seed, bot_id, log)
        log, hands = work.result()
        if hands is not None:
            return hands
        if not still_ours():
            return None


class ParClaim:
    """A view's claim to play a par, renewed after each hand: a par of many hands, waiting
    behind more urgent work, may take longer than `STALE_AFTER`, and a claim left alone that
    long is taken over by the next view (as when its process has died). Its times run on
    from the claim's own, so they compare with the clock that made it."""

    def __init__(self, sessions: sessionmaker[Session], challenge_id: str, at: datetime) -> None:
        self._sessions = sessions
        self.challenge_id = challenge_id
        self.at = at
        self._claimed_at = at
        self._began = time.monotonic()

    def renew(self) -> bool:
        """Moves the claim's time on; False when the claim is no longer this one."""
        renewed = self._claimed_at + timedelta(seconds=time.monotonic() - self._began)
        with self._sessions() as session:
            result = session.execute(
                update(Challenge)
                .where(
                    Challenge.id == self.challenge_id,
                    Challenge.par_status == WorkStatus.PENDING,
                    Challenge.par_started_at == self.at,
                )
                .values(par_started_at=renewed)
                .execution_options(synchronize_session=False)
            )
            session.commit()
        if getattr(result, "rowcount", 0) != 1:
            return False
        self.at = renewed
        return True

    def settle(self, values: dict[str, object]) -> None:
        """Stores the par's outcome while the claim is still this one (a par taken over
        and then failing here must not mark the other view's as failed)."""
        with self._sessions() as session:
            query = update(Challenge).where(
                Challenge.id == self.challenge_id, Challenge.par_started_at == self.at
            )
            session.execute(query.values(**values))
            session.commit()


RENEW_WAITING_EVERY = STALE_AFTER / 5
"""How often the claims of the pars still waiting are renewed: well within `STALE_AFTER`, but
not after every hand, which cost a statement per waiting par per hand (four hundred
challenges made from a few addresses kept a core of the web process busy with them)."""


class ChallengePars:
    """Claims and plays the challenges' pars of one server process, one par after the other
    in one thread: anybody can ask for pars (a challenge costs a start), so however many are
    waiting, the process holds one thread for them and the background workers one hand of
    one. A par taken over by another view while it waited here is passed over."""

    def __init__(self, sessions: sessionmaker[Session], roster: BotRoster) -> None:
        self._sessions = sessions
        self._roster = roster
        self._waiting: OwnersInTurn[tuple[ParClaim, tuple[str, str, str]]] = OwnersInTurn()
        self._playing = False
        self._lock = threading.Lock()
        self.clock: Callable[[], float] = time.monotonic
        self._waiting_renewed_at: float | None = None

    def request(
        self, session: Session, challenge: Challenge, now: datetime, owner: str = ""
    ) -> None:
        """Starts the par unless it is done or being played: one UPDATE claims it, so of
        several views (of several processes) one plays it. A par whose claim was left
        alone for `STALE_AFTER` (its process died) is claimed again. The pars claimed wait
        by `owner`, the address of the view that claimed them, each address in turn."""
        if challenge.par_status == WorkStatus.DONE:
            return
        stale = now - STALE_AFTER
        claimed = session.execute(
            update(Challenge)
            .where(
                Challenge.id == challenge.id,
                or_(
                    Challenge.par_status.is_(None),
                    Challenge.par_status == WorkStatus.FAILED,
                    and_(
                        Challenge.par_status == WorkStatus.PENDING, Challenge.par_started_at < stale
                    ),
                ),
            )
            .values(par_status=WorkStatus.PENDING, par_started_at=now)
            .execution_options(synchronize_session=False)
        )
        session.commit()
        session.refresh(challenge)
        if getattr(claimed, "rowcount", 0) != 1:
            return
        deals = (challenge.rules_key, challenge.seed, challenge.bot_id)
        with self._lock:
            self._waiting.add(owner, (ParClaim(self._sessions, challenge.id, now), deals))
            if self._playing:
                return
            self._playing = True
        self._roster.carry(self._play_waiting, name="challenge-pars")

    def _play_waiting(self) -> None:
        """Plays the waiting pars until none is left. A failure (the database restarting)
        is logged and the next par played: the failed one's claim goes stale and the next
        view claims it again."""
        while True:
            with self._lock:
                if not self._waiting:
                    self._playing = False
                    return
                claim, deals = self._waiting.take()
            try:
                if claim.renew():
                    _play(claim, self._roster, deals, partial(self._still_ours, claim))
            except Exception:
                log.exception("the par of challenge %s was given up", claim.challenge_id[:6])

    def _still_ours(self, claim: ParClaim) -> bool:
        """After each hand: whether the par being played is still this view's; and, every
        `RENEW_WAITING_EVERY`, the claims of the pars still waiting are renewed too (a long
        queue would otherwise outlive `STALE_AFTER`, and every view of a waiting challenge
        claim it again and send it to the back), those taken over meanwhile dropped."""
        now = self.clock()
        last = self._waiting_renewed_at
        if last is None or now - last >= RENEW_WAITING_EVERY.total_seconds():
            self._waiting_renewed_at = now
            self._renew_waiting()
        return claim.renew()

    def _renew_waiting(self) -> None:
        with self._lock:
            waiting = self._waiting.in_order()
        lost = [entry for entry in waiting if not _renewed(entry[0])]
        with self._lock:
            for entry in lost:
                self._waiting.remove(entry)


def _renewed(claim: ParClaim) -> bool:
    """Renews a waiting claim; one the database could not renew now is kept (and tried again
    after the next hand)."""
    try:
        return claim.renew()
    except Exception:
        log.exception("renewing the par claim of challenge %s failed", claim.challenge_id[:6])
        return True


def _play(
    claim: ParClaim,
    roster: BotRoster,
    deals: tuple[str, str, str],
    still_ours: Callable[[], bool],
) -> None:
    rules_key, seed, bot_id = deals
    values: dict[str, object]
    try:
        hands = play_par(roster, rules_key, seed, bot_id, still_ours=still_ours)
        if hands is None:
            return
        values = {"par_status": WorkStatus.DONE, "par_hands": hands}
    except (RosterClosed, CancelledError):
        log.info("the par of challenge %s stopped with the server", claim.challenge_id[:6])
        values = {"par_status": WorkStatus.FAILED}
    except Exception:
        log.exception("the par of challenge %s failed", claim.challenge_id[:6])
        values = {"par_status": WorkStatus.FAILED}
    claim.settle(values)
