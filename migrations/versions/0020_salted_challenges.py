"""the challenges whose networks are kept, by closing time; their daily day filled in

A challenge's network hashes are forgotten a week after it closes, looked for at every
counting start (`app.daily.networks`): a partial index holds only the challenges that still
keep a salt, so the search does not grow with every challenge ever closed. The challenges made
before 0019 get the day of their daily deals, looked up by seed as new ones are.

Revision ID: 0020
Revises: 0019
"""

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

SALTED = sa.text("network_salt IS NOT NULL")


def upgrade() -> None:
    op.create_index(
        "ix_challenges_salted",
        "challenges",
        ["closes_at"],
        sqlite_where=SALTED,
        postgresql_where=SALTED,
    )
    op.execute(
        "UPDATE challenges SET daily_day = (SELECT games.day FROM games"
        " WHERE games.seed = challenges.seed AND games.day IS NOT NULL LIMIT 1)"
        " WHERE daily_day IS NULL"
    )


def downgrade() -> None:
    op.drop_index("ix_challenges_salted", table_name="challenges")
