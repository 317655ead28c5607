"""the sites of ranked attempts

An IPv6 subscriber may hold a whole /48, 65,536 networks of /64 with `DOKO_RANKED_PER_ADDRESS`
ranked attempts each: each ranked attempt from IPv6 keeps its site's hash too (under the day's
salt, forgotten with the network) and which of the site's attempts of the day it is, and the
unique index lets only `DOKO_RANKED_PER_SITE` of them start, however many requests race.

Revision ID: 0028
Revises: 0027
"""

import sqlalchemy as sa
from alembic import op

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("daily_attempts", sa.Column("site", sa.String(length=64), nullable=True))
    op.add_column("daily_attempts", sa.Column("site_slot", sa.Integer(), nullable=True))
    op.create_index(
        "ix_daily_attempts_site",
        "daily_attempts",
        ["day", "rules_key", "site", "site_slot"],
        unique=True,
    )


def downgrade() -> None:
    op.drop_index("ix_daily_attempts_site", table_name="daily_attempts")
    op.drop_column("daily_attempts", "site_slot")
    op.drop_column("daily_attempts", "site")
