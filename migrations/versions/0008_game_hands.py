"""game hands

A game's log moves from one JSON column of `games` to a row per hand in `game_hands`, so a
click rewrites the hand in progress instead of the whole game.

The column is dropped and added in place (SQLite 3.35 and later can): a batch operation would
copy `games`, which rows of four other tables reference. Going down on SQLite the column stays
nullable for the same reason.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

games = sa.table("games", sa.column("id", sa.String(32)), sa.column("log", sa.JSON()))
game_hands = sa.table(
    "game_hands",
    sa.column("game_id", sa.String(32)),
    sa.column("number", sa.Integer()),
    sa.column("actions", sa.JSON()),
)


def upgrade() -> None:
    op.create_table(
        "game_hands",
        sa.Column("game_id", sa.String(length=32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("number", sa.Integer(), primary_key=True),
        sa.Column("actions", sa.JSON(), nullable=False),
    )
    connection = op.get_bind()
    for game_id, log in connection.execute(sa.select(games.c.id, games.c.log)).all():
        hands = [
            {"game_id": game_id, "number": number, "actions": actions}
            for number, actions in enumerate(log)
        ]
        if hands:
            connection.execute(game_hands.insert(), hands)
    op.drop_column("games", "log")


def downgrade() -> None:
    op.add_column("games", sa.Column("log", sa.JSON(), nullable=True))
    connection = op.get_bind()
    logs: dict[str, list[object]] = {}
    query = sa.select(game_hands.c.game_id, game_hands.c.actions).order_by(
        game_hands.c.game_id, game_hands.c.number
    )
    for game_id, actions in connection.execute(query).all():
        logs.setdefault(game_id, []).append(actions)
    for game_id, log in logs.items():
        connection.execute(games.update().where(games.c.id == game_id).values(log=log))
    connection.execute(games.update().where(games.c.log.is_(None)).values(log=[]))
    op.drop_table("game_hands")
    if connection.dialect.name != "sqlite":
        op.alter_column("games", "log", existing_type=sa.JSON(), nullable=False)
