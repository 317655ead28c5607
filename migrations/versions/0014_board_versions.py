"""a version per day's board, raised by the database at every change of what it shows

The server processes keep each board they showed and read one row to know whether it is still
the day's (`app.daily.board_cache`), instead of reading the board again for every view. A board
without a row is at version 0; the first change makes the row.

The versions are raised by triggers, in the transaction of the change: a ranked attempt
inserted, changed (finished, checked, decided) or deleted raises its board's, and a player's
new nickname raises the boards of its attempts. So no writer can forget it, whether a server
process (of any host sharing the database), an operator's command or a hand-written UPDATE.

Revision ID: 0014
Revises: 0013
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

RAISE = "ON CONFLICT (day, rules_key) DO UPDATE SET version = board_versions.version + 1"
SQLITE = [
    f"""CREATE TRIGGER board_changed_by_new_attempt AFTER INSERT ON daily_attempts BEGIN
    INSERT INTO board_versions (day, rules_key, version) VALUES (NEW.day, NEW.rules_key, 1)
    {RAISE}; END""",
    f"""CREATE TRIGGER board_changed_by_attempt AFTER UPDATE ON daily_attempts BEGIN
    INSERT INTO board_versions (day, rules_key, version) VALUES (NEW.day, NEW.rules_key, 1)
    {RAISE}; END""",
    f"""CREATE TRIGGER board_changed_by_gone_attempt AFTER DELETE ON daily_attempts BEGIN
    INSERT INTO board_versions (day, rules_key, version) VALUES (OLD.day, OLD.rules_key, 1)
    {RAISE}; END""",
    f"""CREATE TRIGGER boards_changed_by_nickname AFTER UPDATE OF nickname ON players BEGIN
    INSERT INTO board_versions (day, rules_key, version)
    SELECT DISTINCT day, rules_key, 1 FROM daily_attempts WHERE player_id = NEW.id
    {RAISE}; END""",
]
SQLITE_DROP = [
    "DROP TRIGGER boards_changed_by_nickname",
    "DROP TRIGGER board_changed_by_gone_attempt",
    "DROP TRIGGER board_changed_by_attempt",
    "DROP TRIGGER board_changed_by_new_attempt",
]
POSTGRESQL = [
    f"""CREATE FUNCTION attempts_board_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        INSERT INTO board_versions (day, rules_key, version)
        VALUES (OLD.day, OLD.rules_key, 1) {RAISE};
      ELSE
        INSERT INTO board_versions (day, rules_key, version)
        VALUES (NEW.day, NEW.rules_key, 1) {RAISE};
      END IF;
      RETURN NULL;
    END $$""",
    f"""CREATE FUNCTION nicknames_boards_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO board_versions (day, rules_key, version)
      SELECT DISTINCT day, rules_key, 1 FROM daily_attempts WHERE player_id = NEW.id {RAISE};
      RETURN NULL;
    END $$""",
    """CREATE TRIGGER board_changed_by_attempt AFTER INSERT OR UPDATE OR DELETE
    ON daily_attempts FOR EACH ROW EXECUTE FUNCTION attempts_board_changed()""",
    """CREATE TRIGGER boards_changed_by_nickname AFTER UPDATE OF nickname
    ON players FOR EACH ROW EXECUTE FUNCTION nicknames_boards_changed()""",
]
POSTGRESQL_DROP = [
    "DROP TRIGGER boards_changed_by_nickname ON players",
    "DROP TRIGGER board_changed_by_attempt ON daily_attempts",
    "DROP FUNCTION nicknames_boards_changed()",
    "DROP FUNCTION attempts_board_changed()",
]


def upgrade() -> None:
    op.create_table(
        "board_versions",
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("rules_key", sa.String(length=200), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("day", "rules_key", name=op.f("pk_board_versions")),
    )
    postgresql = op.get_bind().dialect.name == "postgresql"
    for statement in POSTGRESQL if postgresql else SQLITE:
        op.execute(statement)


def downgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    for statement in POSTGRESQL_DROP if postgresql else SQLITE_DROP:
        op.execute(statement)
    op.drop_table("board_versions")
