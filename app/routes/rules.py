"""The rules: the How-to-play page and the Rules dialog's choice of preset and toggles."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Form, Request, Response

from app.deps import SessionDep, StartLimit, TemplatesDep
from app.preferences import remember_rules, rules_preference
from app.routes.games import current_player, open_game, to_table
from app.rules_form import TOGGLE_FIELDS, rules_from_form
from engine import PRESETS, RulesError

router = APIRouter(tags=["rules"])


@router.get("/how-to-play")
def how_to_play(request: Request, templates: TemplatesDep) -> Response:
    rules = rules_preference(request)
    context: dict[str, Any] = {"rules": rules, "presets": PRESETS}
    return templates.TemplateResponse(request, "how_to_play.html", context)


@router.post("/rules", dependencies=[StartLimit])
async def choose_rules(
    request: Request,
    session: SessionDep,
    templates: TemplatesDep,
    preset: Annotated[str, Form()],
) -> Response:
    """Remembers the chosen rules on this device and starts a new game with them (the dialog
    asked for confirmation first)."""
    form = await request.form()
    try:
        rules = rules_from_form(preset, {name: form.get(name) for name in TOGGLE_FIELDS})
    except RulesError as error:
        context = {"message": str(error), "title": "Those rules do not exist"}
        return templates.TemplateResponse(request, "message.html", context, status_code=400)
    row = open_game(session, current_player(request, session), rules)
    session.commit()
    response = to_table(row)
    remember_rules(response, rules)
    return response
