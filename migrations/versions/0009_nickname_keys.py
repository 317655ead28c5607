"""nickname keys

One player per nickname: each nickname's key (`app.daily.nicknames.nickname_key`: case,
punctuation and look-alike letters set aside) is unique. Of players who already share a key,
the earliest keeps it; the others keep their nickname without a key until they choose one
again.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

from app.daily.nicknames import nickname_key

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

PLAYERS = sa.table(
    "players",
    sa.column("id", sa.String),
    sa.column("created_at", sa.DateTime),
    sa.column("nickname", sa.String),
    sa.column("nickname_key", sa.String),
)


def upgrade() -> None:
    op.add_column("players", sa.Column("nickname_key", sa.String(length=96), nullable=True))
    connection = op.get_bind()
    named = connection.execute(
        sa.select(PLAYERS.c.id, PLAYERS.c.nickname)
        .where(PLAYERS.c.nickname.is_not(None))
        .order_by(PLAYERS.c.created_at, PLAYERS.c.id)
    )
    taken: set[str] = set()
    for player_id, nickname in named.all():
        key = nickname_key(nickname)
        if key not in taken:
            taken.add(key)
            connection.execute(
                PLAYERS.update().where(PLAYERS.c.id == player_id).values(nickname_key=key)
            )
    op.create_index(op.f("ix_players_nickname_key"), "players", ["nickname_key"], unique=True)


def downgrade() -> None:
    op.drop_index(op.f("ix_players_nickname_key"), table_name="players")
    op.drop_column("players", "nickname_key")
