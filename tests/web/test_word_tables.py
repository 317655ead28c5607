"""The words of the calls, the reservations and the Armut steps are keyed by the engine's own
names (`Call`, `Act`), not by a second spelling of them in `app`: a call or a reservation the
engine adds, or renames, is a missing word here, not a page that fails."""

from __future__ import annotations

from app.languages.words import ARMUT_STEPS, CALLS, RESERVATIONS
from engine import Act, Call

ARMUT_ACTS = {Act.ARMUT_GIVE, Act.ARMUT_RETURN, Act.ARMUT_ACCEPT, Act.ARMUT_DECLINE}


def test_each_call_has_its_word_under_the_engines_name() -> None:
    assert all(isinstance(call, Call) for call in CALLS)
    assert set(CALLS) == set(Call)


def test_each_reservation_has_its_word_under_the_engines_name() -> None:
    assert all(isinstance(act, Act) for act in RESERVATIONS)
    assert set(RESERVATIONS) == {act for act in Act if act.is_reservation}


def test_each_armut_step_has_its_word_under_the_engines_name() -> None:
    assert set(ARMUT_STEPS) == ARMUT_ACTS
