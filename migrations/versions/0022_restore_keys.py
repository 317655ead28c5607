"""a player's restore key, kept as its hash

A player is the id in a signed cookie: a browser that clears its cookies, or another device,
started as a new player, and the games, history, streak and nickname stayed with the old one.
A restore key brings the player back to any browser; only its SHA-256 is kept, unique, so a
key names one player and the database never holds one that could be used.

Revision ID: 0022
Revises: 0021
"""

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("players", sa.Column("restore_key_hash", sa.String(64), nullable=True))
    op.create_index("ix_players_restore_key_hash", "players", ["restore_key_hash"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_players_restore_key_hash", table_name="players")
    op.drop_column("players", "restore_key_hash")
