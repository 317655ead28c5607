"""nickname keys of names as they are read: a dot above an i or j, a small l among capitals

`app.daily.nicknames` now reads `Ali̇ce` (a combining dot above the i, drawn into the i's own
dot) and `ALlCE` (a small l among capitals, read as the capital I) as `Alice`. Every
nickname's keys are recomputed (`app.daily.nickname_rekeys`): a later look-alike of an
earlier player's name is set aside, and the migration prints it.

Going down changes nothing: the keys stay as computed here, and names set aside stay aside
(the code before reads the two kinds of names apart, so it would let them through again).

Revision ID: 0024
Revises: 0023
"""

from alembic import op

from app.daily.nickname_rekeys import rekey_nicknames

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    rekey_nicknames(op.get_bind())


def downgrade() -> None:
    """Nothing to undo (see the module's docstring)."""
