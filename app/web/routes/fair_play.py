"""The Fair play page: what is checked in a ranked daily game, and what happens to a held
result."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from app.operations.urls import FAIR_PLAY
from app.web.deps import TemplatesDep

router = APIRouter(tags=["fair play"])


@router.get(FAIR_PLAY)
def fair_play(request: Request, templates: TemplatesDep) -> Response:
    return templates.TemplateResponse(request, "fair_play.html", {})
