"""The kinds of game played at a challenge's deals (`GameRow.mode`), and their words."""

from __future__ import annotations

from app.languages.i18n import N_
from app.storage.modes import GameMode

COUNTS = GameMode.CHALLENGE
PRACTICE = GameMode.CHALLENGE_PRACTICE
MODES = (COUNTS, PRACTICE)
KINDS = {COUNTS: N_("Challenge"), PRACTICE: N_("Challenge, practice")}
"""As the history names a game of each kind."""
