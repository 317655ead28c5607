"""the week's and month's boards' index

A long board sums each player's ranked results over a period (`app.daily.long_boards`): with an
index of rule set, ranking, day, player and total, that grouped query reads the index alone
rather than every attempt's row (`bench/long_boards.py`).

Revises 0014: the `challenges` branch takes 0015; whichever of the two lands second sets its
`down_revision` to the other's.

Revision ID: 0016
Revises: 0014
"""

from alembic import op

revision = "0016"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_daily_attempts_long_boards",
        "daily_attempts",
        ["rules_key", "on_board", "day", "player_id", "total"],
    )


def downgrade() -> None:
    op.drop_index("ix_daily_attempts_long_boards", table_name="daily_attempts")
