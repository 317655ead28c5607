"""The daily game's boards as a viewer reads them: which days and periods can be asked for,
and a day's board with its par, its checks under way and the viewer's result to share.

Reading a day's board can start work (the day's par, the fair-play checks of results still
waiting): the keepers that do it come in as `BoardWork`, so the route only parses and
renders."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from fastapi import HTTPException
from sqlalchemy.orm import Session

from app.daily.board_cache import BoardCache, ViewersBoard, seen_by
from app.daily.board_days import oldest_board
from app.daily.board_rows import BoardRow
from app.daily.daily_share import DailyResult, OwnPlace, Viewer, board_result
from app.daily.fairplay.checks import FairPlayChecks
from app.daily.fairplay.standing import UnrankedRow
from app.daily.long_boards import MONTH, WEEK, Period, period_of
from app.daily.par import ParKeeper, needs_par
from app.daily.secrecy import attempts_close_at, seed_published
from app.languages.i18n import N_
from app.learning.game_facts import FactsCache
from app.operations.settings import Settings
from app.play.daily import DAILY_BOT, DailyDeals
from app.storage.models import DailyPar, GameRow
from app.table.levels import DAILY_LEVEL
from engine.daily import RANKED, commitment, daily_seed, ranked_rules

FIRST_RULES = RANKED[0]
"""The rule set of a board asked for without one."""
NOT_YET = N_("That day has not come yet.")
KEPT_A_YEAR = N_("Boards are kept for a year.")


def ranked_or_404(rules_key: str) -> None:
    try:
        ranked_rules(rules_key)
    except ValueError:
        raise HTTPException(404, N_("There is no daily game with these rules.")) from None


def board_day(asked: date | None, today: date) -> date:
    """The day a day's board is asked for (today without one); 404 outside the boards kept."""
    shown = asked or today
    if shown > today:
        raise HTTPException(404, NOT_YET)
    if shown < oldest_board(today):
        raise HTTPException(404, KEPT_A_YEAR)
    return shown


def board_period(kind: str, asked: date | None, today: date) -> Period:
    """The week or month holding the day asked for (today without one); 404 for another kind
    or outside the boards kept."""
    if kind not in (WEEK, MONTH):
        raise HTTPException(404, N_("There is no such board."))
    day = asked or today
    if day > period_of(kind, today).last:
        # Before the period is worked out: the last days a date can name have no whole week.
        raise HTTPException(404, NOT_YET)
    period = period_of(kind, day)
    if period.last < oldest_board(today):
        raise HTTPException(404, KEPT_A_YEAR)
    return period


@dataclass(frozen=True)
class BoardWork:
    """The process's keepers a day's board reads and sets to work."""

    boards: BoardCache
    fair_play: FairPlayChecks
    pars: ParKeeper
    facts: FactsCache


@dataclass(frozen=True)
class DayBoard:
    """A day's board as one viewer sees it (the template's context, field by field)."""

    day: date
    today: date
    first_day: date
    """The oldest day whose board is kept (`app.daily.board_days`)."""
    rules_key: str
    ranked: tuple[str, ...]
    rows: list[BoardRow]
    own_pending: UnrankedRow | None
    waiting: int
    set_aside: list[UnrankedRow]
    par: DailyPar | None
    commitment: str
    seed: str | None
    closes_at: datetime
    unfinished: int
    closed: bool
    level: str
    share: DailyResult | None


def day_board(
    session: Session,
    settings: Settings,
    work: BoardWork,
    deals: DailyDeals,
    viewer: str | None,
) -> DayBoard:
    """The board of `deals` for `viewer`. Results still waiting for their fair-play check
    are swept into the checks, and the first view of a board that wants a par starts it."""
    today = settings.today()
    seed = daily_seed(settings.secret, deals.day, deals.rules_key)
    published = seed_published(deals.day, settings.now())
    shared = work.boards.shared(session, deals.day, deals.rules_key)
    if shared.waiting:
        work.fair_play.sweep(session, deals.day, deals.rules_key)
    seen = seen_by(session, shared, deals.day, deals.rules_key, viewer)
    wants_par = needs_par(deals.day, today, shared.played)
    return DayBoard(
        day=deals.day,
        today=today,
        first_day=oldest_board(today),
        rules_key=deals.rules_key,
        ranked=RANKED,
        rows=seen.rows,
        own_pending=seen.own_pending,
        waiting=shared.waiting,
        set_aside=seen.set_aside,
        par=_bot_par(session, settings, work.pars, deals) if wants_par else None,
        commitment=commitment(seed),
        seed=seed if published else None,
        closes_at=attempts_close_at(deals.day),
        unfinished=shared.unfinished,
        closed=published,
        level=DAILY_LEVEL,
        share=_share(session, settings, work.facts, seen, shared.field, deals, viewer),
    )


def _share(
    session: Session,
    settings: Settings,
    facts: FactsCache,
    seen: ViewersBoard,
    field: int,
    deals: DailyDeals,
    viewer: str | None,
) -> DailyResult | None:
    """The viewer's result to share, when the board shows its finished attempt: ranked,
    being checked or set aside (none is read for anybody else)."""
    ranked = next((row.rank for row in seen.rows if row.own), None)
    shown = ranked is not None or seen.own_pending or any(row.own for row in seen.set_aside)
    if viewer is None or not shown:
        return None

    def hands_won_in(row: GameRow) -> tuple[bool, ...]:
        (game,) = facts.of_games(session, [row])
        return tuple(hand.won for hand in game.played)

    at = Viewer(viewer, deals.day, deals.rules_key, settings.now())
    return board_result(session, hands_won_in, at, OwnPlace(ranked, field))


def _bot_par(session: Session, settings: Settings, pars: ParKeeper, deals: DailyDeals) -> DailyPar:
    """The board's par (of a board that has one, `app.daily.par.needs_par`), started by its
    first view. Once done it is only read: claiming it costs a write and a commit."""
    done = session.get(DailyPar, (deals.day, deals.rules_key))
    if done is not None and done.is_done:
        return done
    return pars.request(session, deals.day, deals.rules_key, DAILY_BOT, settings.now())
