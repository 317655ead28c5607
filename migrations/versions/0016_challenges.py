"""challenges: a game's deals offered by a link, and the games played at them

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("creator_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("rules_key", sa.String(200), nullable=False),
        sa.Column("bot_id", sa.String(40), nullable=False),
        sa.Column("seed", sa.String(128), nullable=False),
        sa.Column("name", sa.String(24), nullable=True),
        sa.Column("from_game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=True),
        sa.Column("rematch_of", sa.String(64), sa.ForeignKey("challenges.id"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("par_status", sa.String(16), nullable=True),
        sa.Column("par_started_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("par_hands", sa.JSON(), nullable=True),
    )
    op.create_index("ix_challenges_creator_id", "challenges", ["creator_id"])
    op.create_index("ix_challenges_rematch_of", "challenges", ["rematch_of"])
    op.create_table(
        "challenge_games",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("challenge_id", sa.String(64), sa.ForeignKey("challenges.id"), nullable=False),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("counted_by", sa.String(32), nullable=True),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("total", sa.Integer(), nullable=True),
        sa.Column("hands", sa.JSON(), nullable=True),
        sa.UniqueConstraint("challenge_id", "counted_by"),
    )
    for column in ("challenge_id", "game_id", "player_id"):
        op.create_index(f"ix_challenge_games_{column}", "challenge_games", [column])


def downgrade() -> None:
    op.drop_table("challenge_games")
    op.drop_table("challenges")
