"""Hypothesis strategies: rule sets drawn from the presets and their toggles. Shared by several
test modules (moved out of `tests/test_properties.py`, so that no test module imports another)."""

from __future__ import annotations

from hypothesis import strategies as st

from engine import (
    HochzeitShift,
    RuleSet,
    Scoring,
)

rule_sets = st.builds(
    RuleSet,
    hands_per_game=st.integers(1, 100),
    armut=st.booleans(),
    second_dulle_beats_first=st.booleans(),
    soloist_leads=st.booleans(),
    charlie_capture=st.booleans(),
    schweinchen=st.booleans(),
    without_nines=st.booleans(),
    scoring=st.sampled_from(Scoring),
    hochzeit_deadline_shift=st.sampled_from(HochzeitShift),
    late_reply_allows_more=st.booleans(),
)
