"""nickname keys of names with a dot above a dotless i or j

`app.daily.nicknames` now reads `Alı̇ce` (a dotless ı with a combining dot above, which draws
the ordinary i) as `Alice`, and the same for a dotless ȷ. Every nickname's keys are
recomputed (`app.daily.nickname_rekeys`): a later look-alike of an earlier player's name is
set aside, and the migration prints it.

Going down changes nothing: the keys stay as computed here, and names set aside stay aside.

Revision ID: 0025
Revises: 0024
"""

from alembic import op

from app.daily.nickname_rekeys import rekey_nicknames

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    rekey_nicknames(op.get_bind())


def downgrade() -> None:
    """Nothing to undo (see the module's docstring)."""
