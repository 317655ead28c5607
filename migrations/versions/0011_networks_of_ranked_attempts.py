"""the networks of ranked attempts

Each ranked attempt keeps, for a week after its day's attempts close, a hash of the network it
was started from under a random salt of the day (`network_salts`), and which of the network's
ranked attempts of the day it is: the unique index lets only `DOKO_RANKED_PER_ADDRESS` of them
start, however many requests race. A practice game says why it is not ranked
(`games.practice_reason`).

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "network_salts",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("salt", sa.String(length=64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("day", name=op.f("pk_network_salts")),
    )
    op.add_column("daily_attempts", sa.Column("network", sa.String(length=64), nullable=True))
    op.add_column("daily_attempts", sa.Column("network_slot", sa.Integer(), nullable=True))
    op.create_index(
        "ix_daily_attempts_network",
        "daily_attempts",
        ["day", "rules_key", "network", "network_slot"],
        unique=True,
    )
    op.add_column("games", sa.Column("practice_reason", sa.String(length=16), nullable=True))


def downgrade() -> None:
    """Columns are dropped in place (SQLite 3.35 and later can): a batch operation would copy
    `games`, which `game_hands` refers to."""
    op.drop_column("games", "practice_reason")
    op.drop_index("ix_daily_attempts_network", table_name="daily_attempts")
    op.drop_column("daily_attempts", "network_slot")
    op.drop_column("daily_attempts", "network")
    op.drop_table("network_salts")
