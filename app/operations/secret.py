"""The server secret when `DOKO_SECRET_KEY` is not set: kept in the database, so every process
and host that shares the database signs the same cookies and deals the same daily cards."""

from __future__ import annotations

import secrets
from pathlib import Path

from sqlalchemy.orm import Session, sessionmaker

from app.storage.db import insert_unless_present
from app.storage.models import ServerSecret

NAME = "server"
LEGACY_FILE = Path(__file__).resolve().parents[2] / "var" / "secret_key"
"""Where a single server kept its secret before; taken over once, so that its players keep
their cookies and its daily deals stay what they were."""


def shared_secret(sessions: sessionmaker[Session], legacy: Path = LEGACY_FILE) -> str:
    """The database's secret, made on first need; of processes racing to make it, the first
    insert wins and all read that one."""
    with sessions() as session:
        stored = session.get(ServerSecret, NAME)
        if stored is None:
            insert_unless_present(session, ServerSecret, {"name": NAME, "value": _new(legacy)})
            session.commit()
            stored = session.get(ServerSecret, NAME)
        assert stored is not None
        return stored.value


def _new(legacy: Path) -> str:
    if legacy.exists():
        return legacy.read_text().strip()
    return secrets.token_hex(32)
