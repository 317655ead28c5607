"""The fair-play states of a finished ranked attempt (`DailyAttempt.fair_play`)."""

from __future__ import annotations

PENDING = "pending"
"""Finished (or still being played): its check is not done yet, and it is not ranked."""
PASSED = "passed"
HELD = "held"
"""Its check found the player's choices too close to the hidden cards: not ranked until an
operator decides."""
CLEARED = "cleared"
"""Held, then ranked again by an operator."""
DISQUALIFIED = "disqualified"
UNCHECKED = "unchecked"
"""Finished before the checks existed: ranked as it was."""

RANKED = frozenset({PASSED, CLEARED, UNCHECKED})
"""The states whose attempts are on the board."""
SET_ASIDE = (HELD, DISQUALIFIED)
"""The states listed under the board, with the reason."""
DECISIONS = {"clear": CLEARED, "disqualify": DISQUALIFIED}
"""What an operator may turn a held attempt into, by the command's word."""


def verdict_state(held: bool) -> str:
    return HELD if held else PASSED
