"""Hypothesis strategies: rule sets drawn from the presets and their toggles. Shared by several
test modules (moved out of `tests/test_properties.py`, so that no test module imports another).
Every toggle of `RuleSet` is drawn: a new one is covered at once, or, if it is neither on/off
nor listed here, refused loudly."""

from __future__ import annotations

from hypothesis import strategies as st

from engine import PAGAT, HochzeitShift, RuleSet, Scoring
from engine.rules import HANDS_PER_GAME, TOGGLES

NOT_ON_OFF = {
    "hands_per_game": st.integers(HANDS_PER_GAME[0], HANDS_PER_GAME[-1]),
    "scoring": st.sampled_from(Scoring),
    "hochzeit_deadline_shift": st.sampled_from(HochzeitShift),
}


def _values(toggle: str) -> st.SearchStrategy[object]:
    if toggle in NOT_ON_OFF:
        return NOT_ON_OFF[toggle]
    if isinstance(getattr(PAGAT, toggle), bool):
        return st.booleans()
    raise TypeError(f"no strategy for the toggle {toggle!r}: add it to NOT_ON_OFF")


rule_sets = st.builds(RuleSet, **{toggle: _values(toggle) for toggle in TOGGLES})
