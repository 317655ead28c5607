"""par in the background

The daily par is claimed by a pending row and played out of the page request, so its figures
are empty until it is done.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("daily_par") as batch:
        batch.add_column(
            sa.Column("status", sa.String(length=16), server_default="done", nullable=False)
        )
        batch.add_column(sa.Column("started_at", sa.DateTime(timezone=True), nullable=True))
        batch.alter_column("total", existing_type=sa.Integer(), nullable=True)
        batch.alter_column("hands_won", existing_type=sa.Integer(), nullable=True)


def downgrade() -> None:
    op.execute("DELETE FROM daily_par WHERE status != 'done'")
    with op.batch_alter_table("daily_par") as batch:
        batch.alter_column("hands_won", existing_type=sa.Integer(), nullable=False)
        batch.alter_column("total", existing_type=sa.Integer(), nullable=False)
        batch.drop_column("started_at")
        batch.drop_column("status")
