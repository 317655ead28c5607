"""a player's games by seed

Whether a player has played a challenge's cards before (`app.challenges.attempts.
has_played_deals`) is asked at every view of a challenge's board and every start there: with
an index of player and seed it reads the few matching entries rather than all the player's
games.

Revision ID: 0017
Revises: 0016
"""

from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_games_player_seed", "games", ["player_id", "seed"])


def downgrade() -> None:
    op.drop_index("ix_games_player_seed", table_name="games")
