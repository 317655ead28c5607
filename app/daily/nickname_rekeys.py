"""Every stored nickname's keys computed again, for the migrations that change how
`app.daily.nicknames` reads a name (0013, 0024, 0025, 0027).

The players are taken in the order they came, earliest first: a player whose new keys an
earlier player holds has its name set aside. The name leaves the board, is kept in
`nickname_set_aside`, and the player's finished ranked game asks for another. Each such
player is printed, for the operator running the migration.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from app.daily.nicknames import nickname_keys

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


def rekey_nicknames(connection: Connection) -> None:
    """Both keys are unique columns, so every key is cleared first: no new key meets an old
    one mid-way."""
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
            values: dict[str, str | None] = {
                "nickname_key": keys[0],
                "nickname_shape_key": keys[1],
            }
        else:
            why = f"it passes for {holder!r}" if holder else "its keys are too long"
            print(f"nickname {nickname!r} of player {player_id} set aside: {why}")
            values = {"nickname": None, "nickname_set_aside": nickname}
        connection.execute(PLAYERS.update().where(PLAYERS.c.id == player_id).values(**values))
