"""a challenge's own salt for its networks; a challenge of a day's deals

A network's counting games at a challenge are capped for as long as it is open, so their
hashes are taken under a random salt of the challenge (under the day's, the same address was
another network each day), both forgotten a week after the challenge closes
(`app.daily.networks`). A challenge made of a day's published deals notes the day, looked up
by seed once when it is made: the games' index now leads with the seed, which serves a
player's games of a seed as well. A challenge has one rematch: players asking at once all
get the first one made (a unique index).

Revision ID: 0019
Revises: 0018
"""

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("challenges") as table:
        table.add_column(sa.Column("network_salt", sa.String(64), nullable=True))
        table.add_column(sa.Column("daily_day", sa.Date(), nullable=True))
    op.drop_index("ix_games_player_seed", table_name="games")
    op.create_index("ix_games_seed_player", "games", ["seed", "player_id"])
    # Before the index, only the first rematch of a challenge stays one (a race could make two).
    op.execute(
        "UPDATE challenges SET rematch_of = NULL WHERE rematch_of IS NOT NULL AND EXISTS"
        " (SELECT 1 FROM challenges AS first WHERE first.rematch_of = challenges.rematch_of"
        " AND (first.created_at, first.id) < (challenges.created_at, challenges.id))"
    )
    op.drop_index("ix_challenges_rematch_of", table_name="challenges")
    op.create_index("ix_challenges_rematch_of", "challenges", ["rematch_of"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_challenges_rematch_of", table_name="challenges")
    op.create_index("ix_challenges_rematch_of", "challenges", ["rematch_of"])
    op.drop_index("ix_games_seed_player", table_name="games")
    op.create_index("ix_games_player_seed", "games", ["player_id", "seed"])
    with op.batch_alter_table("challenges") as table:
        table.drop_column("daily_day")
        table.drop_column("network_salt")
