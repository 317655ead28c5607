"""The rules: the How-to-play page and the Rules dialog's choice of preset and toggles."""

from __future__ import annotations

from functools import partial
from typing import Annotated

from fastapi import APIRouter, Depends, Form, HTTPException, Query, Request, Response
from jinja2_fragments.fastapi import Jinja2Blocks

from app.languages.i18n import N_, translator
from app.operations.urls import HOW_TO_PLAY, RULES
from app.play.games import start_new_game
from app.table.how_to_play import figures, tip_cards
from app.table.levels import DEFAULT_LEVEL, LEVELS
from app.table.preferences import remember_level, remember_rules, rules_preference
from app.table.rules_form import TOGGLE_FIELDS, RulesFormError, rules_from_form
from app.web.deps import (
    PlayerId,
    RosterDep,
    SessionDep,
    SettingsDep,
    TemplatesDep,
    count_start,
)
from app.web.tables import current_player, to_table
from engine import RulesError, RuleSet

router = APIRouter(tags=["rules"])

NO_SUCH_RULES = N_("These are not rules this game knows.")
"""A key no Rules dialog makes (a mistyped link, toggles out of their order): the engine has
no rule that two variants cannot be combined, so the page does not say so."""


@router.get(HOW_TO_PLAY)
def how_to_play(
    request: Request,
    templates: TemplatesDep,
    rules: Annotated[str | None, Query(max_length=200)] = None,
) -> Response:
    """The rules in words, with the engine's figures, and the strategy tips. A table's link
    names its game's rules (`rules`): a daily or a replayed game keeps its own whatever this
    device remembers for the next new game."""
    try:
        described = RuleSet.from_key(rules) if rules else rules_preference(request)
    except RulesError:
        return _no_such_rules(request, templates, translator(request).gettext(NO_SUCH_RULES))
    context = {
        "described": described,
        "figures": figures(described),
        "tips": tip_cards(translator(request)),
    }
    return templates.TemplateResponse(request, "how_to_play.html", context)


def _no_such_rules(request: Request, templates: Jinja2Blocks, message: str) -> Response:
    title = translator(request).gettext("Those rules do not exist")
    context = {"message": message, "title": title}
    return templates.TemplateResponse(request, "message.html", context, status_code=400)


async def _toggle_fields(request: Request) -> dict[str, object]:
    """The dialog's toggle fields as sent (an unchecked box is simply absent)."""
    form = await request.form()
    return {name: form.get(name) for name in TOGGLE_FIELDS}


@router.post(RULES, dependencies=[PlayerId])
def choose_rules(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    templates: TemplatesDep,
    roster: RosterDep,
    preset: Annotated[str, Form(max_length=20)],
    fields: Annotated[dict[str, object], Depends(_toggle_fields)],
    level: Annotated[str, Form(max_length=10)] = DEFAULT_LEVEL,
) -> Response:
    """Remembers the chosen rules and level on this device and starts a new game with them
    (the dialog asked for confirmation first)."""
    try:
        rules = rules_from_form(preset, fields)
    except RulesError as error:
        t = translator(request)
        message = t.gettext(NO_SUCH_RULES)
        if isinstance(error, RulesFormError):
            message = error.in_words(t)
        return _no_such_rules(request, templates, message)
    if level not in LEVELS:
        raise HTTPException(400, N_("The level is one of easy, normal, strong."))
    count_start(request)
    bot = roster.bot(LEVELS[level])
    player = partial(current_player, request, session)
    row, table = start_new_game(session, player, rules, bot, settings.now())
    response = to_table(request, row, table)
    remember_rules(response, rules)
    remember_level(response, level)
    return response
