"""hand reviews and hints

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hand_reviews",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("hand", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("evaluator", sa.String(length=40), nullable=False),
        sa.Column("loss", sa.Double(), nullable=True),
        sa.Column("loss_spread", sa.Double(), nullable=True),
        sa.Column("decisions", sa.JSON(), nullable=False),
        sa.Column("decisions_total", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_hand_reviews_game_id_games")
        ),
        sa.PrimaryKeyConstraint("game_id", "hand", name=op.f("pk_hand_reviews")),
    )
    op.create_table(
        "hint_uses",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("suggested", sa.String(length=60), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_hint_uses_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", "version", name=op.f("pk_hint_uses")),
    )


def downgrade() -> None:
    op.drop_table("hint_uses")
    op.drop_table("hand_reviews")
