"""`GET /healthz` for load balancers and process managers: 200 while the database answers."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from app.deps import SessionDep

router = APIRouter(tags=["health"])


@router.get("/healthz")
def healthz(session: SessionDep) -> PlainTextResponse:
    try:
        session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        return PlainTextResponse("database unavailable\n", status_code=503)
    return PlainTextResponse("ok\n")
