"""The health check (`urls.HEALTH`) for load balancers and process managers: 200 while the
database answers (and, on SQLite, while its file is still the one the server opened)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from app.operations.urls import HEALTH
from app.storage.db import database_file_in_place
from app.web.deps import SessionDep

router = APIRouter(tags=["health"])


@router.get(HEALTH)
def healthz(session: SessionDep) -> PlainTextResponse:
    try:
        session.execute(text("SELECT 1"))
        in_place = database_file_in_place(session)
    except SQLAlchemyError:
        return PlainTextResponse("database unavailable\n", status_code=503)
    if not in_place:
        return PlainTextResponse("database file deleted or replaced\n", status_code=503)
    return PlainTextResponse("ok\n")
