"""The bots' pace of the slowed servers. Shared by several test modules (moved out of
`tests/browser/test_table_in_step.py`, so that no test module imports another)."""

from __future__ import annotations

BOT_DELAY_MS = 400
