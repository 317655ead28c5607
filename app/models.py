"""Tables. A game is stored as rules + seed + action log; everything else is derived by
replaying it (`app.store`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from app.db import Base


def now() -> datetime:
    return datetime.now(UTC)


class Player(Base):
    """An anonymous player, known by the id in the signed cookie."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class GameRow(Base):
    """One game of `hands_per_game` hands against three bots."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    rules_key: Mapped[str] = mapped_column(String(200))
    seed: Mapped[str] = mapped_column(String(128))
    bot_id: Mapped[str] = mapped_column(String(40))
    log: Mapped[list[list[dict[str, Any]]]] = mapped_column(JSON)
    """Per hand (Armut redeals included), the actions in record form."""
    version: Mapped[int] = mapped_column(Integer)
    """Actions accepted so far; a request names the version it was made on."""
    hands_done: Mapped[int] = mapped_column(Integer, default=0)
    finished: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)

    __mapper_args__ = {"version_id_col": version, "version_id_generator": False}
