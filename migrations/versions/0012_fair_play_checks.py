"""fair-play checks of ranked attempts

A finished ranked attempt is ranked only once its fair-play check passed (or an operator
cleared it): each attempt gets a fair-play state and an `on_board` flag, the board's index
reads the ranked rows only, and two tables keep each attempt's check and every operator
decision.

Attempts finished before this migration were never checked: they become `unchecked` and stay
ranked, as they were. Attempts still being played are `pending` and are checked when they
finish.

A downgrade forgets the checks and the decisions, and with them every hold: each finished
attempt is ranked again, as the board did before.

Revision ID: 0012
Revises: 0011
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("daily_attempts") as batch:
        batch.add_column(
            sa.Column("fair_play", sa.String(length=16), server_default="pending", nullable=False)
        )
        batch.add_column(
            sa.Column("on_board", sa.Boolean(), server_default=sa.false(), nullable=False)
        )
    attempts = sa.table(
        "daily_attempts",
        sa.column("finished_at", sa.DateTime(timezone=True)),
        sa.column("fair_play", sa.String()),
        sa.column("on_board", sa.Boolean()),
    )
    op.execute(
        attempts.update()
        .where(attempts.c.finished_at.is_not(None))
        .values(fair_play="unchecked", on_board=True)
    )
    op.drop_index("ix_daily_attempts_board", table_name="daily_attempts")
    op.create_index(
        "ix_daily_attempts_board",
        "daily_attempts",
        ["day", "rules_key", "on_board", "total", "finished_at"],
    )
    op.create_index(
        "ix_daily_attempts_fair_play",
        "daily_attempts",
        ["day", "rules_key", "fair_play", "finished_at"],
    )
    op.create_table(
        "fair_play_checks",
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("evaluator", sa.String(length=40), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decisions", sa.Integer(), nullable=True),
        sa.Column("honest_chance", sa.Double(), nullable=True),
        sa.Column("matched", sa.Integer(), nullable=True),
        sa.Column("expected", sa.Double(), nullable=True),
        sa.Column("held", sa.Boolean(), nullable=True),
        sa.Column("tells", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["attempt_id"],
            ["daily_attempts.id"],
            name=op.f("fk_fair_play_checks_attempt_id_daily_attempts"),
        ),
        sa.PrimaryKeyConstraint("attempt_id", name=op.f("pk_fair_play_checks")),
    )
    op.create_table(
        "fair_play_decisions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("attempt_id", sa.Integer(), nullable=False),
        sa.Column("decision", sa.String(length=16), nullable=False),
        sa.Column("reason", sa.String(length=1000), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["attempt_id"],
            ["daily_attempts.id"],
            name=op.f("fk_fair_play_decisions_attempt_id_daily_attempts"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_fair_play_decisions")),
    )
    op.create_index(
        op.f("ix_fair_play_decisions_attempt_id"), "fair_play_decisions", ["attempt_id"]
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_fair_play_decisions_attempt_id"), table_name="fair_play_decisions")
    op.drop_table("fair_play_decisions")
    op.drop_table("fair_play_checks")
    op.drop_index("ix_daily_attempts_fair_play", table_name="daily_attempts")
    op.drop_index("ix_daily_attempts_board", table_name="daily_attempts")
    with op.batch_alter_table("daily_attempts") as batch:
        batch.drop_column("on_board")
        batch.drop_column("fair_play")
    op.create_index(
        "ix_daily_attempts_board",
        "daily_attempts",
        ["day", "rules_key", "total", "finished_at"],
    )
