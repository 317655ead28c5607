"""Brings a database to the latest migration (`python -m app.migrate [URL]`)."""

from __future__ import annotations

import sys
from pathlib import Path

from alembic import command
from alembic.config import Config

ROOT = Path(__file__).resolve().parent.parent


def alembic_config(url: str | None = None) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    if url:
        config.set_main_option("sqlalchemy.url", url)
    return config


def upgrade(url: str | None = None) -> None:
    command.upgrade(alembic_config(url), "head")


if __name__ == "__main__":
    upgrade(sys.argv[1] if len(sys.argv) > 1 else None)
