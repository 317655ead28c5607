"""Games: start one, show the table, take the human's actions, deal on."""

from __future__ import annotations

import re
from functools import partial
from typing import Annotated

from fastapi import APIRouter, Form, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from app.languages.i18n import N_
from app.operations.ratelimit import TooManyRequests
from app.operations.urls import ACTIONS, GAME, GAMES, NEXT_HAND
from app.play.clicks import Click, play_click
from app.play.games import owned_game, start_new_game
from app.table.levels import LEVELS
from app.table.preferences import level_preference, rules_preference
from app.table.service import HUMAN, Table, human_action, next_hand
from app.web.deps import (
    TOO_MANY_ACTIONS,
    PlayerId,
    RosterDep,
    SessionDep,
    SettingsDep,
    count_start,
    player_id,
)
from app.web.tables import ScreenDep, VersionField, current_player, to_table
from engine import Act, Action, Card, EngineError, IllegalAction, RulesError, RuleSet

router = APIRouter(tags=["games"])

SEED = re.compile(r"[A-Za-z0-9_-]{1,64}")


@router.post(GAMES, dependencies=[PlayerId])
def start_game(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    roster: RosterDep,
    seed: Annotated[str | None, Form(max_length=64)] = None,
    rules: Annotated[str | None, Form(max_length=200)] = None,
) -> RedirectResponse:
    """A new game with the rules and level remembered on this device. A seed replays the
    deals of an earlier game ("play these cards again"), with that game's `rules`: the same
    cards under other rules (scoring, hands, Armut, the nines) would be another game. New
    games are practice, so that is fair."""
    if seed is not None and not SEED.fullmatch(seed):
        raise HTTPException(400, N_("A seed is 1 to 64 letters, digits, '-' or '_'."))
    chosen = replayed_rules(rules) if rules is not None else rules_preference(request)
    count_start(request)
    bot = roster.bot(LEVELS[level_preference(request)])
    player = partial(current_player, request, session)
    row, table = start_new_game(session, player, chosen, bot, settings.now(), seed)
    return to_table(request, row, table)


def replayed_rules(key: str) -> RuleSet:
    """The rule set of a game played again, by its key; refused when no rule set has it."""
    try:
        return RuleSet.from_key(key)
    except RulesError:
        raise HTTPException(400, N_("Those rules do not exist")) from None


@router.get(GAME)
def show_game(request: Request, game_id: str, session: SessionDep, screen: ScreenDep) -> Response:
    row = owned_game(session, game_id, player_id(request))
    with screen.cache.lent(row) as table:
        return screen.show(row, table)


def parse_action(text: str, cards: list[str]) -> Action:
    """The human's action from the form: a notation, plus picked cards for an Armut pass."""
    action = Action.parse(HUMAN, text.strip())
    if action.act in (Act.ARMUT_GIVE, Act.ARMUT_RETURN) and not action.cards:
        picked = tuple(Card.parse(card) for card in cards)
        action = Action(HUMAN, action.act, cards=picked)
    return action


@router.post(ACTIONS)
async def take_action(
    game_id: str,
    session: SessionDep,
    screen: ScreenDep,
    version: VersionField,
    action: Annotated[str, Form(max_length=40)] = "",
    cards: Annotated[list[str] | None, Form(max_length=3)] = None,
) -> Response:
    """Applies one human action and the bots' answers; nothing changes unless all succeed."""

    def act(table: Table) -> None:
        human_action(table, parse_action(action, cards or []))

    refusals: dict[type[Exception], int] = {IllegalAction: 422, EngineError: 400}
    return await _played(session, screen, Click(game_id, version, act, refusals))


@router.post(NEXT_HAND)
async def deal_next(
    game_id: str,
    session: SessionDep,
    screen: ScreenDep,
    version: VersionField,
) -> Response:
    return await _played(session, screen, Click(game_id, version, next_hand, {ValueError: 409}))


async def _played(session: SessionDep, screen: ScreenDep, click: Click) -> Response:
    """The click played by the click service, and its outcome shown."""
    try:
        outcome = await play_click(screen.desk(session), click)
    except TooManyRequests as refused:
        raise HTTPException(429, TOO_MANY_ACTIONS) from refused
    return screen.answer(outcome)
