"""Typed dependencies, so routes read like plain functions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from jinja2_fragments.fastapi import Jinja2Blocks
from sqlalchemy.orm import Session

from app.db import request_session
from app.settings import Settings


def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


def _session(request: Request) -> Iterator[Session]:
    yield from request_session(request.app.state.sessions)


def _templates(request: Request) -> Jinja2Blocks:
    templates: Jinja2Blocks = request.app.state.templates
    return templates


SettingsDep = Annotated[Settings, Depends(_settings)]
SessionDep = Annotated[Session, Depends(_session)]
TemplatesDep = Annotated[Jinja2Blocks, Depends(_templates)]


def player_id(request: Request) -> str | None:
    value = request.session.get("player")
    return value if isinstance(value, str) else None


def remember_player(request: Request, player: str) -> None:
    request.session["player"] = player


def is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"
