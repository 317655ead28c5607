"""the networks a challenge's counting games come from; a challenge of daily deals

A challenge's counting games are capped per network as the day's ranked attempts are
(`DOKO_RANKED_PER_ADDRESS`): each keeps its network's hash under a random salt of the
challenge, both forgotten a week after it closes (`app.daily.networks`). A challenge made of
a day's published deals notes the day, looked up by seed once when it is made: the games'
index now leads with the seed, which also serves a player's games of a seed.

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
    with op.batch_alter_table("challenges") as table:
        table.add_column(sa.Column("network_salt", sa.String(64), nullable=True))
        table.add_column(sa.Column("daily_day", sa.Date(), nullable=True))
    op.drop_index("ix_games_player_seed", table_name="games")
    op.create_index("ix_games_seed_player", "games", ["seed", "player_id"])


def downgrade() -> None:
    op.drop_index("ix_games_seed_player", table_name="games")
    op.create_index("ix_games_player_seed", "games", ["player_id", "seed"])
    with op.batch_alter_table("challenges") as table:
        table.drop_column("daily_day")
        table.drop_column("network_salt")
    with op.batch_alter_table("challenge_games") as table:
        table.drop_column("network")
