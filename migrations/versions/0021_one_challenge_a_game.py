"""one challenge of a finished game

A second click on "Challenge your friends" made a second challenge of the same game, and the
friends sent the two links played on two boards. A unique index now keeps one challenge per
game (`app.play.challenges.challenge_of_finished_game` sends a later click to it); of the
challenges made twice before it, the first keeps its game, the others stay as they are, no
longer marked as made of it.

Revision ID: 0021
Revises: 0020
"""

from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute(
        "UPDATE challenges SET from_game_id = NULL WHERE from_game_id IS NOT NULL AND EXISTS"
        " (SELECT 1 FROM challenges AS first WHERE first.from_game_id = challenges.from_game_id"
        " AND (first.created_at, first.id) < (challenges.created_at, challenges.id))"
    )
    op.create_index("ix_challenges_from_game_id", "challenges", ["from_game_id"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_challenges_from_game_id", table_name="challenges")
