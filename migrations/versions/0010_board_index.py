"""the board's index

A day's leaderboard reads its top rows by total and finishing time: with an index in that
order it reads those rows only, instead of sorting every finished attempt of the day (50 000
attempts: 31 ms per view without it, see `bench/leaderboard.py`).

Revision ID: 0010
Revises: 0009
"""

from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_daily_attempts_board",
        "daily_attempts",
        ["day", "rules_key", "total", "finished_at"],
    )


def downgrade() -> None:
    op.drop_index("ix_daily_attempts_board", table_name="daily_attempts")
