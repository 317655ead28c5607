"""challenges by seed

A new game sent a seed ("Play these deals again") is refused while an open challenge deals
the same cards (`app.challenges.making.challenged`): an index of the challenges' seeds reads
the few matching rows rather than every challenge ever made.

Revision ID: 0026
Revises: 0025
"""

from alembic import op

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_challenges_seed", "challenges", ["seed"])


def downgrade() -> None:
    op.drop_index("ix_challenges_seed", table_name="challenges")
