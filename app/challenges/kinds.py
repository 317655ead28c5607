"""The kinds of game played at a challenge's deals (`GameRow.mode`), and their words."""

from __future__ import annotations

from app.languages.i18n import N_

COUNTS = "challenge"
"""A player's first game at a challenge: it goes on the board."""
PRACTICE = "ch-practice"
"""Any later game of the player at the same challenge."""
MODES = (COUNTS, PRACTICE)
KINDS = {COUNTS: N_("Challenge"), PRACTICE: N_("Challenge, practice")}
"""As the history names a game of each kind."""
