"""the network a challenge's counting game was started from

A challenge's counting games are capped per network as the day's ranked attempts are
(`DOKO_RANKED_PER_ADDRESS`): each keeps its network's hash (the salt it is taken under is
migration 0019's).

Revision ID: 0018
Revises: 0017
"""

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("challenge_games") as table:
        table.add_column(sa.Column("network", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("challenge_games") as table:
        table.drop_column("network")
