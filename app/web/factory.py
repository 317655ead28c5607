"""The application factory: settings in, a ready FastAPI app out."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import replace
from functools import cache
from pathlib import Path

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from jinja2 import Environment, FileSystemLoader, pass_context
from jinja2.runtime import Context
from jinja2_fragments.fastapi import Jinja2Blocks
from markupsafe import Markup
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app.challenges.par import ChallengePars
from app.daily.board_cache import BoardCache
from app.daily.daily_share import daily_share_text
from app.daily.fairplay.checks import FairPlayChecks
from app.daily.long_boards import LongBoardCache
from app.daily.nicknames import MAX_LENGTH
from app.daily.par import ParKeeper
from app.daily.secrecy import DealsSecret
from app.languages.i18n import LanguageVary, in_utc, language_of, template_words
from app.languages.rules_names import named_rules, rules_name
from app.languages.words import LEVEL_BOTS, LEVEL_OPPONENTS, action_text
from app.learning.game_facts import FactsCache
from app.learning.hints import HINTS_WAITING_PER_WORKER, HintKeeper
from app.learning.review_jobs import Reviewer, review_budget
from app.operations import urls
from app.operations.bot_pool import BotRoster
from app.operations.compression import NegotiatedGZip
from app.operations.head import HeadAsGet
from app.operations.pacing import SITE_SHARES, AtOnce, Pacer
from app.operations.ratelimit import RateLimiter
from app.operations.secret import shared_secret
from app.operations.settings import Settings
from app.operations.timing import ServerTiming
from app.storage.db import make_counter_engine, make_engine, session_factory
from app.table.card_faces import CardFace
from app.table.preferences import level_preference, rules_preference
from app.table.rules_form import BOOLEAN_TOGGLES, CHOICES, LABELS, LEVEL_TEXTS, form_values
from app.table.table_cache import TableCache
from app.web.assets import Assets, ServeAssets
from app.web.errors import UnexpectedErrors, bad_request, database_unavailable, http_error
from app.web.form_limits import FormLimits
from app.web.in_progress import GameRunning
from app.web.install import THEME_COLOUR
from app.web.pacing import Pacing
from app.web.routes import (
    challenges,
    daily,
    fair_play,
    games,
    hands,
    health,
    hints,
    history,
    home,
    install,
    language,
    long_boards,
    players,
    review,
    rules,
)
from app.web.secrecy import refused_while_secret
from app.web.security import BodyLimit, SecurityHeaders, same_origin
from app.web.session_cookie import NewcomerIds, PlayerCookies, SessionPayloadGuard
from app.web.template_cache import COMPILED
from bots.search.budget import DEFAULT_BUDGET
from engine import PRESETS
from engine.contracts import ARMUT_CARDS
from engine.rules import HANDS_PER_GAME

ROOT = Path(__file__).resolve().parents[2]
PLAYER_COOKIE = "doko_player"
TEN_YEARS = 10 * 365 * 24 * 3600


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    engine = make_engine(settings.database_url, for_requests=True)
    sessions = session_factory(engine)
    if settings.secret_key is None:
        settings = replace(settings, secret_key=shared_secret(sessions))
    roster = BotRoster(settings.search_workers, settings.background_workers)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if settings.tune_collector:
            _spare_the_collector()
        roster.open()
        yield
        roster.close()

    app = FastAPI(
        title="Doko",
        docs_url=None,
        redoc_url=None,
        openapi_url=None,
        dependencies=[Depends(same_origin)],
        lifespan=lifespan,
        # Starlette's redirect of `/page/` to `/page` names the request's Host header, which
        # the client chooses; no page of the site has a trailing slash, so it is simply 404.
        redirect_slashes=False,
    )
    app.state.settings = settings
    app.state.engine = engine
    app.state.sessions = sessions
    assets = Assets(ROOT / "static")
    app.state.templates = _templates(assets)
    app.state.limiter = (
        RateLimiter(settings.limits, make_counter_engine(settings.database_url, engine))
        if settings.limits
        else None
    )
    app.state.pacer = Pacer(settings.limits.app_ms_per_ip) if settings.limits else None
    app.state.site_pacer = (
        Pacer(settings.limits.app_ms_per_ip * SITE_SHARES) if settings.limits else None
    )
    app.state.at_once = AtOnce()
    app.state.bots = roster
    app.state.tables = TableCache(roster)
    app.state.facts = FactsCache()
    app.state.boards = BoardCache()
    app.state.long_boards = LongBoardCache()
    app.add_middleware(NewcomerIds, secret_key=settings.secret)
    app.add_middleware(
        PlayerCookies,
        secret_key=settings.secret,
        session_cookie=PLAYER_COOKIE,
        max_age=TEN_YEARS,
    )
    app.add_middleware(
        SessionPayloadGuard, secret_key=settings.secret, session_cookie=PLAYER_COOKIE
    )
    app.add_middleware(NegotiatedGZip, minimum_size=1024, compresslevel=5)
    app.add_middleware(ServerTiming)
    app.add_middleware(ServeAssets, assets=assets)
    app.add_middleware(Pacing)
    app.add_middleware(BodyLimit)
    app.add_middleware(FormLimits)
    app.add_middleware(UnexpectedErrors)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(LanguageVary)
    app.add_middleware(HeadAsGet)
    if settings.trusted_proxies:
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(settings.trusted_proxies))
    app.state.reviewer = Reviewer(app.state.sessions, roster, review_budget(settings.review_worlds))
    hint_slots = HINTS_WAITING_PER_WORKER * max(1, roster.background_workers)
    app.state.hints = HintKeeper(roster, hint_slots)
    app.state.pars = ParKeeper(app.state.sessions, roster, settings.secret)
    app.state.challenge_pars = ChallengePars(app.state.sessions, roster)
    fair_play_budget = DEFAULT_BUDGET.scaled(settings.fair_play_worlds)
    app.state.fair_play = FairPlayChecks(app.state.sessions, roster, fair_play_budget)
    routers = (health, home, language, games, hands, review, hints, daily, fair_play, rules)
    for module in (*routers, history, install, long_boards, challenges, players):
        app.include_router(module.router)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(DealsSecret, refused_while_secret)
    app.add_exception_handler(RequestValidationError, bad_request)
    app.add_exception_handler(OperationalError, database_unavailable)
    app.add_exception_handler(PoolTimeout, database_unavailable)
    return app


FULL_COLLECTION_AFTER = 1_000
"""Collections of the middle generation before the collector considers a full one (Python's
default is 10)."""


def _spare_the_collector() -> None:
    """What start-up made (modules, the rules, the catalogs) lives as long as the process:
    it is moved out of the garbage collector's sight, so a full collection, which went
    through ~150 000 such objects (80 ms on a slow machine), no longer lands on a click.

    Full collections are also made rare. Each walks every object the process keeps, the
    cached tables' included (up to ~250 000), and under load Python's default started one
    every few seconds: 50–250 ms during which no click of the process moved, the main
    cause of the slow 5 % at 300 players. The young generations, where a request's
    garbage dies, are collected as before; what reaches the old one is mostly freed by
    reference counting, so memory grew by a few megabytes in the minutes between full
    collections (`bench/RESULTS.md`)."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_AFTER)


def _remembered_rules(request: Request) -> dict[str, object]:
    """Every page's Rules dialog starts from the rules and level remembered on this device,
    and asks before it starts a new game only while one is in progress."""
    return {
        "rules": rules_preference(request),
        "level": level_preference(request),
        "game_running": GameRunning(request),
    }


def _language(request: Request) -> dict[str, object]:
    """The request's language: the environment is shared, so its words come with each
    rendering (Jinja looks `gettext` up in the context before the globals)."""
    return template_words(language_of(request))


@pass_context
def _action_text(context: Context, notation: str) -> str:
    """An action in the words of the page being rendered."""
    return action_text(notation, context["translator"])


@pass_context
def _rules_name(context: Context, key: str) -> str:
    """A rule set in the words of the page being rendered."""
    return rules_name(key, context["translator"])


@pass_context
def _named_rules_here(context: Context, key: str) -> Markup:
    """A rule set named in the words of the page being rendered (`named_rules`)."""
    return named_rules(key, context["translator"])


def _card_faces(env: Environment) -> Callable[[CardFace], Markup]:
    """A card's face is the same in every game, so each one the `face_markup` macro draws is
    kept for the life of the process (a table shows up to 25 cards; calling the macro for
    each was a fifth of its rendering). Keyed by the whole face, words included, so the
    macro may use any of its fields. The macro comes from a module of its own (`make_module`),
    not the template's cached one: made here, before `card_face` is a global, that module
    would lack it, and it is the one every import without context (`played_card`) uses."""
    face_markup = env.get_template("cards.html").make_module().face_markup  # type: ignore[attr-defined]
    return cache(face_markup)


def _templates(assets: Assets) -> Jinja2Blocks:
    """Templates are compiled once per process, whatever the number of apps made in it
    (`app.web.template_cache`), and not checked for changes on every render (a stat per
    template and include was 5 % of a click): an edited template shows after a restart."""
    env = Environment(
        loader=FileSystemLoader(ROOT / "templates"),
        autoescape=True,
        auto_reload=False,
        extensions=["jinja2.ext.i18n"],
        bytecode_cache=COMPILED,
    )
    env.install_null_translations(newstyle=True)  # type: ignore[attr-defined]
    templates = Jinja2Blocks(env=env, context_processors=[_remembered_rules, _language])
    templates.env.filters["action_text"] = _action_text
    templates.env.filters["rules_name"] = _rules_name
    templates.env.filters["in_utc"] = in_utc
    templates.env.globals.update(
        card_face=_card_faces(env),
        asset_url=assets.url,
        levels=LEVEL_TEXTS,
        level_opponents=LEVEL_OPPONENTS,
        level_bots=LEVEL_BOTS,
        presets=PRESETS,
        toggle_labels=LABELS,
        boolean_toggles=BOOLEAN_TOGGLES,
        hands_per_game=HANDS_PER_GAME,
        choices=CHOICES,
        preset_defaults=form_values,
        armut_cards=ARMUT_CARDS,
        named_rules=_named_rules_here,
        home_url=urls.HOME,
        games_url=urls.GAMES,
        rules_url=urls.RULES,
        how_to_play_url=urls.HOW_TO_PLAY,
        rules_help_url=urls.rules_help_url,
        history_url=urls.HISTORY,
        service_worker_url=urls.SERVICE_WORKER,
        fair_play_url=urls.FAIR_PLAY,
        nickname_url=urls.NICKNAME,
        restore_key_url=urls.RESTORE_KEY,
        restore_url=urls.RESTORE,
        leaderboard_url=urls.BOARD,
        game_url=urls.game_url,
        actions_url=urls.actions_url,
        next_hand_url=urls.next_hand_url,
        hint_url=urls.hint_url,
        review_url=urls.review_url,
        record_url=urls.record_url,
        board_url=urls.board_url,
        long_board_url=urls.long_board_url,
        daily_url=urls.daily_url,
        language_url=urls.language_url,
        manifest_url=urls.manifest_url,
        challenges_url=urls.CHALLENGES,
        challenge_url=urls.challenge_url,
        play_challenge_url=urls.play_challenge_url,
        name_challenge_url=urls.name_challenge_url,
        entrant_name_url=urls.entrant_name_url,
        rematch_url=urls.rematch_url,
        challenge_of_game_url=urls.challenge_of_game_url,
        daily_share_text=daily_share_text,
        theme_colour=THEME_COLOUR,
        name_length=MAX_LENGTH,
    )
    return templates
