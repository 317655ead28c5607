"""Reviews are computed once, in the background, and kept.

The first request for a hand's review claims it (`app.storage.claims`), so two requests, or two
server processes, never both compute it. Each decision is stored as soon as it is weighed,
so the page can show the progress. A player has one review computed at a time: a review takes
a background worker seconds, and one player opening the reviews of many hands would otherwise
keep the workers from everybody's hints and reviews. A further review waits its turn, claimed
by a later request of its page (which asks again every second while it waits). Starting a
review counts against the reviews' own rate limits (per player and per address).

A review that has been claimed waits for its share of the background workers like any
other bulk work (`BotRoster.submit_in_background`): until its first decision goes to a worker
it has no number of decisions yet, and its page says it waits its turn.
"""

from __future__ import annotations

import logging
import math
import random
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import CancelledError
from dataclasses import dataclass, replace
from datetime import datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session, sessionmaker

from app.learning.review import Decision, Moment, human_moments, summarise, weigh
from app.operations.bot_pool import BotRoster, Bulk, RosterClosed
from app.operations.ratelimit import NO_ADDRESS
from app.operations.settings import DEFAULT_REVIEW_WORLDS, utc_now
from app.storage.claims import abandoned, claim, hold_player
from app.storage.models import GameRow, HandReview
from app.storage.work import WorkStatus
from bots.heuristic.bot import HeuristicBot
from bots.levels import LEVELS, bot_for_level
from bots.search.bot import SearchBot
from bots.search.budget import Budget
from bots.search.contrast import contrast
from bots.search.evaluate import Sampled, evaluate_in_full
from bots.search.values import Valued
from engine import Act, Action, HandRecord, SeatView

log = logging.getLogger("doko")


def review_budget(worlds: int) -> Budget:
    """The strong level's budget with `worlds` worlds a decision, the rest in proportion."""
    strong = bot_for_level("strong")
    assert isinstance(strong, SearchBot), "the strong level searches"
    return strong.budget.scaled(worlds)


def evaluator(budget: Budget) -> str:
    """Stored with each review: the bot whose search weighed it, its worlds, and `split`: the
    best action picked on one set of worlds, the loss measured on another
    (`app.learning.review`; reviews stored before, without it, are shown as they were)."""
    return f"{LEVELS['strong']}/{budget.worlds}/split"


REVIEW_BUDGET = review_budget(DEFAULT_REVIEW_WORLDS)
EVALUATOR = evaluator(REVIEW_BUDGET)
EXCHANGES = (Act.ARMUT_GIVE, Act.ARMUT_RETURN)


def review_evaluation(
    view: SeatView,
    rng: random.Random,
    chosen: Action,
    actions: Sequence[Action] | None = None,
    sampled: Sampled | None = None,
    budget: Budget = REVIEW_BUDGET,
) -> list[Valued]:
    """The strong level's search values with the review's budget, each spread turned into the
    standard error of its mean; the worlds they were valued in go into `sampled` when given.
    An Armut pass has hundreds of choices whose values differ less than their noise: there
    the human's choice is weighed against the normal level's only."""
    if actions is None and chosen.act in EXCHANGES:
        actions = list(dict.fromkeys([chosen, HeuristicBot().choose(view, rng)]))
    values = evaluate_in_full(view, rng, budget, actions, sampled)
    root = math.sqrt(_worlds_per_action(view, budget))
    return [v._replace(value=v.value._replace(spread=v.value.spread / root)) for v in values]


def _worlds_per_action(view: SeatView, budget: Budget) -> int:
    """About how many sampled worlds each action was played in: the search shares its
    play-outs among the cards (never fewer than four worlds each)."""
    cards = sum(1 for action in view.legal if action.act is Act.PLAY)
    if not cards:
        return budget.reservation_deals
    return max(4, min(budget.worlds, budget.playouts // cards))


def weigh_by_search(moment: Moment, seed: str, budget: Budget = REVIEW_BUDGET) -> Decision:
    """Runs in a worker process: one decision weighed with the review's larger budget and,
    where a better action was found, why it was better, from the play-outs of the worlds the
    loss was measured in (the second set, `app.learning.review.weigh`)."""
    chosen = moment.chosen
    sampled = Sampled(keep=chosen.card.index if chosen.card is not None else None)

    def evaluation(
        view: SeatView, rng: random.Random, chosen: Action, actions: Sequence[Action] | None
    ) -> list[Valued]:
        measuring = actions is not None
        kept = sampled if measuring else None
        return review_evaluation(view, rng, chosen, actions, kept, budget)

    decision = weigh(moment, evaluation, seed)
    if not decision.better_found:
        return decision
    better = Action.parse(moment.chosen.seat, decision.best)
    rng = random.Random(f"{seed}/reason/{moment.index}")
    reason = contrast(moment.view, sampled, moment.chosen, better, rng)
    return replace(decision, reason=reason)


@dataclass(frozen=True)
class ReviewJob:
    player_id: str
    game_id: str
    hand: int
    record: HandRecord
    seed: str
    """Seeds the evaluation, so the same hand always gets the same review."""
    address: str = NO_ADDRESS
    """The address that opened it: its reviews take turns with other addresses' for the
    background workers (`app.operations.bulk`), and only so many run at once."""


REVIEWS_AT_ONCE = 4
"""Reviews one address may have computed at once, in each process. Each waits in a thread of
its own; the rate limits allow an address 20 starts a minute, more than a worker finishes,
so without this an address's waiting reviews, and their threads, grew without bound. Work of
no known address (`NO_ADDRESS`) is held only by the rate limits."""


class ReviewsLimited(Exception):
    """Starting the review would go past the reviews' rate limits, or the reviews one address
    may have computed at once; nothing was started."""


class Reviewer:
    """Starts and runs the background reviews of one server process."""

    def __init__(
        self,
        sessions: sessionmaker[Session],
        roster: BotRoster,
        budget: Budget = REVIEW_BUDGET,
    ) -> None:
        self._sessions = sessions
        self._roster = roster
        self._budget = budget
        self._claiming = threading.Lock()
        self._running: Counter[str] = Counter()
        """Reviews being computed, by address (under `_claiming`)."""

    def request(
        self, session: Session, job: ReviewJob, may_start: Callable[[], bool] = lambda: True
    ) -> HandReview | None:
        """The hand's review row; claims and starts the computation when nobody has. None
        while it waits its turn behind another review of the player. `may_start` counts a
        review about to be started against the rate limits: when it refuses, nothing is
        started (`ReviewsLimited`)."""
        now = utc_now()
        review = session.get(HandReview, (job.game_id, job.hand))
        if review is not None and not abandoned(review, now):
            return review
        with self._claiming:
            return self._claim(session, job, now, may_start)

    def _claim(
        self, session: Session, job: ReviewJob, now: datetime, may_start: Callable[[], bool]
    ) -> HandReview | None:
        """Checking for the player's other reviews and claiming this one are one step: this
        process's lock keeps its own requests apart, and the player's row, held until the
        claim commits, keeps other processes' apart. The start is counted against the rate
        limits before the row is held: on SQLite the count's own connection could not write
        while this one holds the file. A start that then loses to another process's review
        of the player stays counted."""
        reviewing = self._reviewing(session, job, now)
        session.commit()
        if reviewing:
            return None
        busy = job.address != NO_ADDRESS and self._running[job.address] >= REVIEWS_AT_ONCE
        if busy or not may_start():
            raise ReviewsLimited
        hold_player(session, job.player_id)
        if self._reviewing(session, job, now):
            session.commit()
            return None
        key = {"game_id": job.game_id, "hand": job.hand}
        fresh: dict[str, object] = {
            "evaluator": evaluator(self._budget),
            "decisions": [],
            "decisions_total": None,
        }
        review, claimed = claim(session, HandReview, key, fresh, now)
        if claimed:
            self._running[job.address] += 1
            try:
                self._roster.carry(self._run_counted, job)
            except BaseException:
                self._ended(job.address)
                raise
        return review

    def _reviewing(self, session: Session, job: ReviewJob, now: datetime) -> bool:
        """Whether another review of the player is being computed."""
        others = session.execute(
            select(HandReview.status, HandReview.started_at)
            .join(GameRow, GameRow.id == HandReview.game_id)
            .where(
                GameRow.player_id == job.player_id,
                HandReview.status == WorkStatus.PENDING,
                (HandReview.game_id != job.game_id) | (HandReview.hand != job.hand),
            )
        )
        return any(not abandoned(other, now) for other in others)

    def _run_counted(self, job: ReviewJob) -> None:
        try:
            self._run(job)
        finally:
            with self._claiming:
                self._ended(job.address)

    def _ended(self, address: str) -> None:
        """One review of the address less (under `_claiming`)."""
        self._running[address] -= 1
        if not self._running[address]:
            del self._running[address]

    def _run(self, job: ReviewJob) -> None:
        try:
            moments = list(human_moments(job.record))
            decisions: list[Decision] = []
            if not moments:
                self._update(job, decisions_total=0)
            for moment in moments:
                weighed = self._roster.submit_in_background(
                    Bulk.REVIEW, weigh_by_search, moment, job.seed, self._budget, owner=job.address
                )
                if not decisions:
                    self._update(job, decisions_total=len(moments))
                decisions.append(weighed.result())
                self._update(job, decisions=[d.to_json() for d in decisions], started_at=utc_now())
            summary = summarise(decisions)
            self._update(
                job,
                status=WorkStatus.DONE,
                loss=summary.loss,
                loss_spread=summary.spread,
                finished_at=utc_now(),
            )
        except (RosterClosed, CancelledError):
            log.info("review of hand %s of game %s stopped with the server", job.hand, job.game_id)
            self._update(job, status=WorkStatus.FAILED)
        except Exception:
            log.exception("review of hand %s of game %s failed", job.hand, job.game_id)
            self._update(job, status=WorkStatus.FAILED)

    def _update(self, job: ReviewJob, **values: object) -> None:
        with self._sessions() as session:
            session.execute(
                update(HandReview)
                .where(HandReview.game_id == job.game_id, HandReview.hand == job.hand)
                .values(**values)
            )
            session.commit()
