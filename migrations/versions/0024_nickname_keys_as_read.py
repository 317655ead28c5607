"""nickname keys of names as they are read: a dot above an i or j, a small l among capitals

`app.daily.nicknames` now reads `Ali̇ce` (a combining dot above the i, drawn into the i's own
dot) and `ALlCE` (a small l among capitals, read as the capital I) as `Alice`. Every
nickname's keys are recomputed, in the order the players came (earliest first). A player
whose new keys an earlier player holds has its name set aside as 0013 does: the name leaves
the board, is kept in `nickname_set_aside`, and the player's finished ranked game asks for
another. The migration prints each such player.

Going down changes nothing: the keys stay as computed here, and names set aside stay aside
(the code before reads the two kinds of names apart, so it would let them through again).

Revision ID: 0024
Revises: 0023
"""

import sqlalchemy as sa
from alembic import op

from app.daily.nicknames import nickname_keys

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None

KEY_LENGTH = 96
PLAYERS = sa.table(
    "players",
    sa.column("id", sa.String),
    sa.column("created_at", sa.DateTime),
    sa.column("nickname", sa.String),
    sa.column("nickname_key", sa.String),
    sa.column("nickname_shape_key", sa.String),
    sa.column("nickname_set_aside", sa.String),
)


def upgrade() -> None:
    connection = op.get_bind()
    # Both keys are unique: cleared first, so that no new key meets an old one mid-way.
    connection.execute(PLAYERS.update().values(nickname_key=None, nickname_shape_key=None))
    named = connection.execute(
        sa.select(PLAYERS.c.id, PLAYERS.c.nickname)
        .where(PLAYERS.c.nickname.is_not(None))
        .order_by(PLAYERS.c.created_at, PLAYERS.c.id)
    )
    taken: dict[str, str] = {}
    for player_id, nickname in named.all():
        keys = nickname_keys(nickname)
        holder = next((taken[key] for key in keys if key in taken), None)
        if holder is None and max(map(len, keys)) <= KEY_LENGTH:
            taken |= dict.fromkeys(keys, nickname)
            values = {"nickname_key": keys[0], "nickname_shape_key": keys[1]}
        else:
            why = f"it passes for {holder!r}" if holder else "its keys are too long"
            print(f"nickname {nickname!r} of player {player_id} set aside: {why}")
            values = {"nickname": None, "nickname_set_aside": nickname}
        connection.execute(PLAYERS.update().where(PLAYERS.c.id == player_id).values(**values))


def downgrade() -> None:
    """Nothing to undo (see the module's docstring)."""
