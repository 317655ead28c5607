"""What kind of game a table shows: a new game, the ranked daily attempt or a daily practice,
and what the player may see of its seed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from markupsafe import Markup
from sqlalchemy.orm import object_session

from app.daily.attempts import attempt_closed, game_total, hands_won
from app.daily.board_days import board_kept
from app.daily.daily_share import DailyResult, daily_result
from app.daily.fairplay.standing import Standing, standing_of_game
from app.daily.networks import CAPPED, PRACTISED
from app.daily.secrecy import attempts_close_at, deals_secret, hints_refused, seed_published
from app.languages.i18n import Writing
from app.languages.rules_names import named_rules
from app.languages.words import LEVEL_OPPONENTS
from app.operations.urls import board_url
from app.storage.models import GameRow
from app.storage.modes import GameMode
from app.table.levels import level_of
from app.table.service import Table
from engine.daily import commitment


@dataclass(frozen=True)
class GameContext:
    title: str
    ranked: bool
    replay_seed: str | None
    """Offered for "play these deals again" only where it reveals nothing: not for a daily
    game before its day's seed is published."""
    commitment: str | None
    board_url: str | None
    ask_nickname: bool
    nickname: str
    counts_until: datetime | None
    """For a ranked attempt still being played: when it stops counting."""
    closed: bool
    """A ranked attempt left unfinished when its day's attempts closed: no more play."""
    level: str | None
    """The level of the game's bots (`app.table.levels`) in words ("normal opponents"); a game
    keeps the one it started with."""
    rules_in_title: bool = False
    """A daily game's title names its rules (`named_rules` markup): the line under it does
    not name them again."""
    secret_until: datetime | None = None
    """For a game at a day's deals before its seed is published (`app.daily.secrecy.deals_secret`):
    when the other hands, the hand records and the reviews become available."""
    practice_note: str | None = None
    """Why a player without a ranked attempt plays the day's deals as practice."""
    fair_play: Standing | None = None
    """A finished ranked attempt's fair-play check: being done, passed, held…"""
    nickname_set_aside: str | None = None
    """The player's nickname taken off the board for passing for an earlier player's
    (`Player.nickname_set_aside`): the nickname form says so and asks for another."""
    hints: bool = True
    """Whether the table offers hints (`app.daily.secrecy.hints_refused`)."""
    share: DailyResult | None = None
    """A finished game at a day's deals: its result to share."""
    challenge_url: str | None = None
    """A finished game at a challenge's deals: its board (`app.challenges`)."""


def game_context(
    row: GameRow, table: Table, now: datetime, writing: Writing, ranked_per_address: int
) -> GameContext:
    """The game's kind and what goes with it, in the words of `writing`; a practice game
    capped by its address names the cap (`ranked_per_address`)."""
    t = writing.words
    over = table.game.is_over
    level = level_of(row.bot_id)
    level_words = t.gettext(LEVEL_OPPONENTS[level]) if level else None
    if row.mode == GameMode.NEW or row.day is None:
        title = t.gettext("New game")
        return GameContext(title, False, row.seed, None, None, False, "", None, False, level_words)
    board = board_url(row.day, row.rules_key) if board_kept(row.day, now.date()) else None
    ranked = row.mode == GameMode.DAILY
    values = {"day": writing.day(row.day), "rules": named_rules(row.rules_key, t)}
    if ranked:
        title = Markup(t.gettext("Daily %(day)s, %(rules)s, ranked")) % values
    else:
        title = Markup(t.gettext("Daily %(day)s, %(rules)s, practice")) % values
    closed = attempt_closed(row, now)
    return GameContext(
        title=title,
        rules_in_title=True,
        ranked=ranked,
        replay_seed=row.seed if seed_published(row.day, now) else None,
        commitment=commitment(row.seed),
        board_url=board,
        ask_nickname=ranked and over and board is not None,
        nickname=(row.player.nickname or "") if ranked and over else "",
        counts_until=attempts_close_at(row.day) if ranked and not over and not closed else None,
        closed=closed,
        level=level_words,
        secret_until=attempts_close_at(row.day) if deals_secret(row, now) else None,
        practice_note=_practice_note(row, writing, ranked_per_address),
        fair_play=_fair_play(row) if ranked and over else None,
        nickname_set_aside=row.player.nickname_set_aside if ranked and over else None,
        hints=hints_refused(row, now) is None,
        share=_share(row, table, now) if over and board is not None else None,
    )


def _practice_note(row: GameRow, writing: Writing, ranked_per_address: int) -> str | None:
    """Why the daily game is practice for a player without a ranked attempt, in words (games
    stored before such starts were refused: `app.daily.networks.CAPPED`)."""
    if row.practice_reason == PRACTISED:
        return writing.words.gettext(
            "Practice, not ranked: you had already played these deals as practice."
        )
    if row.practice_reason != CAPPED:
        return None
    note = writing.words.ngettext(
        "Practice, not ranked: %(num)d ranked daily game of the day has already been started "
        "from your network address, the most one address may start. Your result does not go "
        "on the leaderboard.",
        "Practice, not ranked: %(num)d ranked daily games of the day have already been "
        "started from your network address, the most one address may start. Your result does "
        "not go on the leaderboard.",
        ranked_per_address,
    )
    return note % {"num": ranked_per_address}


def _fair_play(row: GameRow) -> Standing | None:
    """Read only for a finished ranked game, whose pages are never shown from the event loop
    (its last step settles the attempt in a worker thread, and it takes no step after)."""
    session = object_session(row)
    assert session is not None, "the game's row belongs to the request's session"
    return standing_of_game(session, row.id)


def _share(row: GameRow, table: Table, now: datetime) -> DailyResult | None:
    """Read, like `_fair_play`, only for a finished game's page."""
    session = object_session(row)
    assert session is not None, "the game's row belongs to the request's session"
    return daily_result(session, row, game_total(table)[0], hands_won(table), now)


def closed_message(row: GameRow, writing: Writing) -> str:
    """Why a ranked attempt closed unfinished takes no more steps."""
    assert row.day is not None
    text = writing.words.gettext(
        "This ranked attempt closed unfinished at %(time)s: it is not ranked, and the "
        "day’s seed is public now."
    )
    return text % {"time": writing.time(attempts_close_at(row.day))}
