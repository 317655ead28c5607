"""versions count dealt hands

A game's version now also counts each hand dealt after the first (dealing the next hand is a
step of its own), so stored versions are recomputed from the stored logs.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

games = sa.table(
    "games",
    sa.column("id", sa.String(32)),
    sa.column("log", sa.JSON()),
    sa.column("version", sa.Integer()),
)


def _shift_versions(direction: int) -> None:
    """Adds (or, going down, takes away) the number of hands dealt after the first."""
    connection = op.get_bind()
    rows = connection.execute(sa.select(games.c.id, games.c.log, games.c.version)).all()
    for game_id, log, version in rows:
        shift = direction * (len(log) - 1)
        if shift:
            connection.execute(
                games.update().where(games.c.id == game_id).values(version=version + shift)
            )


def upgrade() -> None:
    _shift_versions(+1)


def downgrade() -> None:
    _shift_versions(-1)
