"""daily games and leaderboard

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_par",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("rules_key", sa.String(length=200), nullable=False),
        sa.Column("bot_id", sa.String(length=40), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("hands_won", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("day", "rules_key", name=op.f("pk_daily_par")),
    )
    op.create_table(
        "daily_attempts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("rules_key", sa.String(length=200), nullable=False),
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("hands_won", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_daily_attempts_game_id_games")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_daily_attempts_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_daily_attempts")),
        sa.UniqueConstraint("game_id", name=op.f("uq_daily_attempts_game_id")),
        sa.UniqueConstraint(
            "player_id", "day", "rules_key", name=op.f("uq_daily_attempts_player_id")
        ),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("mode", sa.String(length=16), server_default="new", nullable=False)
        )
        batch_op.add_column(sa.Column("day", sa.Date(), nullable=True))

    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.add_column(sa.Column("nickname", sa.String(length=24), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_column("nickname")

    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("day")
        batch_op.drop_column("mode")

    op.drop_table("daily_attempts")
    op.drop_table("daily_par")
