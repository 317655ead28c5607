"""nickname keys of names with a dotless i or j under an accent, or an accent twice

`app.daily.nicknames` now reads a dotless ı or ȷ under any accent drawn above as the i or j
under it (`ȷ̂ulia` is `ĵulia`), and an accent repeated as the accent once (`Alicé́` is
`Alicé`). Every nickname's keys are recomputed (`app.daily.nickname_rekeys`): a later
look-alike of an earlier player's name is set aside, and the migration prints it.

Going down changes nothing: the keys stay as computed here, and names set aside stay aside.

Revision ID: 0027
Revises: 0026
"""

from alembic import op

from app.daily.nickname_rekeys import rekey_nicknames

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    rekey_nicknames(op.get_bind())


def downgrade() -> None:
    """Nothing to undo (see the module's docstring)."""
