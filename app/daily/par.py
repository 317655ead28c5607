"""The daily par: what the daily level's bot scores in the human's seat on a day's deals.

It is a whole game of bot play, so it is never played inside a page request: the first view
of a day's board claims it (`app.storage.claims`) and plays it in the background workers, never the
ones the strong bots at the tables play in; the board says "being computed" until it is
stored. Only a board that needs one gets a par (`needs_par`).
"""

from __future__ import annotations

import logging
from concurrent.futures import CancelledError
from datetime import date, datetime

from sqlalchemy import update
from sqlalchemy.orm import Session, sessionmaker

from app.daily.attempts import game_total
from app.operations.bot_pool import BotRoster, Bulk, RosterClosed
from app.storage.claims import claim
from app.storage.models import DailyPar
from app.storage.work import WorkStatus
from app.table.service import bot_in_human_seat, new_table
from bots.registry import bot_named
from engine.daily import daily_seed, ranked_rules

log = logging.getLogger("doko")


def play_par(secret: str, day: date, rules_key: str, bot_id: str) -> tuple[int, int]:
    """Runs in a worker process: the bot plays the day's game in every seat; its total and
    hands won in seat 0."""
    table = new_table(
        ranked_rules(rules_key), daily_seed(secret, day, rules_key), bot_named(bot_id)
    )
    bot_in_human_seat(table)
    return game_total(table)


def needs_par(day: date, today: date, played: bool) -> bool:
    """Today's par is the number every player tries to beat; a past day's is worth a game of
    bot play only if somebody played it. The workers that play pars also work out the hints,
    reviews and fair-play checks, and anybody may look at any of a year of boards."""
    return day == today or played


class ParKeeper:
    """Claims and plays the pars of one server process."""

    def __init__(self, sessions: sessionmaker[Session], roster: BotRoster, secret: str) -> None:
        self._sessions = sessions
        self._roster = roster
        self._secret = secret

    def request(
        self, session: Session, day: date, rules_key: str, bot_id: str, now: datetime
    ) -> DailyPar:
        """The day's par row (maybe still pending); the first request starts playing it."""
        key = {"day": day, "rules_key": rules_key}
        par, claimed = claim(session, DailyPar, key, {"bot_id": bot_id}, now)
        if claimed:
            self._roster.carry(self._play, day, rules_key, bot_id)
        return par

    def _play(self, day: date, rules_key: str, bot_id: str) -> None:
        try:
            total, won = self._roster.submit_in_background(
                Bulk.PAR, play_par, self._secret, day, rules_key, bot_id
            ).result()
            values: dict[str, object] = {
                "status": WorkStatus.DONE,
                "total": total,
                "hands_won": won,
            }
        except (RosterClosed, CancelledError):
            log.info("the par of %s %s stopped with the server", day, rules_key)
            values = {"status": WorkStatus.FAILED}
        except Exception:
            log.exception("the par of %s %s failed", day, rules_key)
            values = {"status": WorkStatus.FAILED}
        with self._sessions() as session:
            session.execute(
                update(DailyPar)
                .where(DailyPar.day == day, DailyPar.rules_key == rules_key)
                .values(**values)
            )
            session.commit()
