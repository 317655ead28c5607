"""What the routes that show a table share: the player behind the cookie, the way to a game
just started, and the table page or its htmx fragment (`Screen`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated

from fastapi import Depends, Form, Request, Response
from fastapi.responses import RedirectResponse
from jinja2_fragments.fastapi import Jinja2Blocks
from sqlalchemy.orm import Session

from app.challenges.context import challenge_context
from app.challenges.kinds import MODES as CHALLENGE_MODES
from app.daily.game_context import game_context
from app.languages.i18n import Translator, translator, writing_of
from app.operations.settings import Settings
from app.operations.urls import game_url
from app.play.clicks import Desk, Outcome
from app.storage.models import GameRow, Player
from app.table.call_row import call_row
from app.table.levels import level_of
from app.table.pace import step_pace, still_pace
from app.table.presenter import table_model
from app.table.service import HUMAN, Table
from app.table.store import player_for
from app.table.table_cache import TableCache
from app.web.deps import client_limits, is_htmx, player_id, remember_player
from app.web.secrecy import own_hand_only
from engine import RuleSet

if TYPE_CHECKING:
    from app.learning.hints import Hint


VersionField = Annotated[int, Form(ge=0, le=1_000_000)]
"""The version a request was made on; a game has far fewer steps."""


def current_player(request: Request, session: Session) -> Player:
    """The cookie's player, created (and remembered in the cookie) on first need."""
    player = player_for(session, player_id(request))
    remember_player(request, player.id)
    return player


def to_table(request: Request, row: GameRow, table: Table) -> RedirectResponse:
    """To a game just committed. Its table is kept, so the page the player is sent to need
    not rebuild it."""
    request.app.state.tables.keep(row, table)
    return RedirectResponse(game_url(row.id), status_code=303)


@dataclass(frozen=True)
class RulesInPlay:
    """The rules and level of the game a table page shows: its How to play explains them,
    and while the game goes on its Rules dialog starts from them, whatever this device
    remembers for its next new game (a daily game, or cards played again, has its own)."""

    rules: RuleSet
    level: str | None
    """None for a bot that is no level: the dialog then offers the remembered one."""
    going_on: bool
    """Once the game is over, the dialog offers the next game, from the remembered rules."""

    @classmethod
    def of(cls, row: GameRow, table: Table) -> RulesInPlay:
        return cls(table.game.rules, level_of(row.bot_id), not table.game.is_over)


@dataclass(frozen=True)
class Screen:
    """What every table route needs to answer: the request, templates, settings and the
    cache of rebuilt tables."""

    request: Request
    templates: Jinja2Blocks
    settings: Settings
    cache: TableCache

    @property
    def words(self) -> Translator:
        return translator(self.request)

    def desk(self, session: Session) -> Desk:
        """What the click service plays this request's click with."""
        state = self.request.app.state
        limits = client_limits(self.request)
        writing = writing_of(self.request)
        return Desk(session, self.cache, limits, state.fair_play, self.settings.now(), writing)

    def show(
        self,
        row: GameRow,
        table: Table,
        error: str | None = None,
        status_code: int = 200,
        animate: bool = False,
        hint: Hint | None = None,
    ) -> Response:
        """The whole page, or only the table region for an htmx request; `error` is already
        in the request's words."""
        settings, writing = self.settings, writing_of(self.request)
        model = table_model(table, row.id, settings.bot_delay_ms, self.words, error, animate)
        game = (
            challenge_context(row, table, settings.now(), writing, settings.ranked_per_address)
            if row.mode in CHALLENGE_MODES
            else game_context(row, table, settings.now(), writing, settings.ranked_per_address)
        )
        context = {
            "model": own_hand_only(model) if game.secret_until else model,
            "game": game,
            "hint": hint,
            "pace": step_pace(table, model) if animate else still_pace(model),
            "calls": call_row(model.announce, model.seats[HUMAN].team, self.words),
            "playing": RulesInPlay.of(row, table),
        }
        block = "table" if is_htmx(self.request) else None
        response: Response = self.templates.TemplateResponse(
            self.request, "table.html", context, status_code=status_code, block_name=block
        )
        response.headers["Vary"] = "HX-Request"
        response.headers["Cache-Control"] = "no-store"
        return response

    def show_kept(
        self,
        row: GameRow,
        table: Table,
        error: str | None = None,
        status_code: int = 200,
        animate: bool = False,
    ) -> Response:
        """`show` a table this request took, then keep it for the game's next request (not
        before: see `TableCache.lent`)."""
        response = self.show(row, table, error, status_code, animate)
        self.cache.keep(row, table)
        return response

    def answer(self, outcome: Outcome) -> Response:
        """A click's outcome: a stored step animated (a plain form is sent on to the game's
        page), or the table as it is with why not."""
        row, table = outcome.row, outcome.table
        if outcome.stepped and not is_htmx(self.request):
            self.cache.keep(row, table)
            return RedirectResponse(game_url(row.id), status_code=303)
        if not outcome.kept:
            return self.show(row, table, outcome.error, outcome.status)
        return self.show_kept(row, table, outcome.error, outcome.status, outcome.stepped)


async def _screen(request: Request) -> Screen:
    """`async`, and read straight from the app's state rather than through the templates'
    and settings' dependencies: it needs no worker thread, and every click resolves it."""
    state = request.app.state
    return Screen(request, state.templates, state.settings, state.tables)


ScreenDep = Annotated[Screen, Depends(_screen)]
