"""a player's name on a challenge's board

A friend who never finished a ranked daily game has no nickname, and friends without one all
read "Anonymous" on the board they share. A player of a challenge may now give a name shown
on that board only: it takes no nickname from anyone, so it need not be unique.

Revision ID: 0023
Revises: 0022
"""

import sqlalchemy as sa
from alembic import op

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("challenge_games", sa.Column("name", sa.String(24), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("challenge_games") as table:
        table.drop_column("name")
