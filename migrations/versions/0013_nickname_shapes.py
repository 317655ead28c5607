"""nickname keys taken from whole names, and a second key for a name's shape as written

The keys of 0009 were built a letter at a time from the case-folded name, so `MaIlory` (a
capital i) and `rnallory` were taken beside `Mallory`. Every nickname's keys are recomputed
(`app.daily.nickname_rekeys`: the key with case set aside, and the new shape key, unique
too), in the order the players came (earliest first, as 0009 did).

A player whose recomputed keys are already held by an earlier player (a look-alike name that
the old keys let through, or one 0009 left without a key) loses neither its name nor its
place silently: the name leaves the board (the player shows as anonymous), is kept in
`nickname_set_aside`, and the player's finished ranked game asks for another, saying why.
The migration prints each such player. The earlier player keeps the name: it was there first,
and the later name is the one that passed for it.

A downgrade puts every set-aside name back and recomputes the keys of 0009; of players who
then share one, the earliest keeps it and the others keep their nickname without a key, as
0009 left them.

Revision ID: 0013
Revises: 0012
"""

from functools import cache

import sqlalchemy as sa
from alembic import op
from confusable_homoglyphs import confusables

from app.daily.nickname_rekeys import KEY_LENGTH, PLAYERS, rekey_nicknames

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

IN_ORDER = (PLAYERS.c.created_at, PLAYERS.c.id)


def upgrade() -> None:
    op.add_column(
        "players", sa.Column("nickname_shape_key", sa.String(length=KEY_LENGTH), nullable=True)
    )
    op.add_column("players", sa.Column("nickname_set_aside", sa.String(length=24), nullable=True))
    rekey_nicknames(op.get_bind())
    op.create_index(
        op.f("ix_players_nickname_shape_key"), "players", ["nickname_shape_key"], unique=True
    )


def downgrade() -> None:
    connection = op.get_bind()
    connection.execute(
        PLAYERS.update()
        .where(PLAYERS.c.nickname_set_aside.is_not(None))
        .values(nickname=PLAYERS.c.nickname_set_aside)
    )
    connection.execute(PLAYERS.update().values(nickname_key=None))
    named = connection.execute(
        sa.select(PLAYERS.c.id, PLAYERS.c.nickname)
        .where(PLAYERS.c.nickname.is_not(None))
        .order_by(*IN_ORDER)
    )
    taken: set[str] = set()
    for player_id, nickname in named.all():
        key = _key_of_0009(nickname)
        if key not in taken and len(key) <= KEY_LENGTH:
            taken.add(key)
            connection.execute(
                PLAYERS.update().where(PLAYERS.c.id == player_id).values(nickname_key=key)
            )
    op.drop_index(op.f("ix_players_nickname_shape_key"), table_name="players")
    op.drop_column("players", "nickname_set_aside")
    op.drop_column("players", "nickname_shape_key")


def _key_of_0009(name: str) -> str:
    """The key as 0009 computed it (`app.daily.nicknames` until 0013), kept here for going back."""
    bare = "".join(char for char in name if char not in " ._-").casefold()
    return "".join(_representative(char) for char in bare)


@cache
def _representative(char: str) -> str:
    found = confusables.is_confusable(char, preferred_aliases=[])
    if not found:
        return char
    return str(min([char, *(glyph["c"] for glyph in found[0]["homoglyphs"])]))
