"""The call row: one place per call, so that no call ever moves under the player's finger.

A call cannot be taken back. When the row held only the calls still open, the next call
slid into the place of the one just made, and a double tap made both. Here every step of the
team's ladder (Re or Kontra, no 90, no 60, no 30, schwarz) keeps its place: the steps the
team has made stay in the row as marks that take no tap, the open ones are buttons. The high
calls (no 60 and beyond) ask for a second, deliberate tap (`static/js/calls.js`), and so does
a jump past the next call, which makes every call below it too: a phone shows no tooltip to
say so, and the question does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.languages.i18n import Translator
from app.languages.words import call_name
from app.table.table_notes import Control
from engine import Call, Step, Team
from engine.announcements import call_for

CONFIRMED_FROM = Step.NO60
"""The lowest step that asks for a second tap: from here a call decides the hand's value."""


@dataclass(frozen=True)
class CallPlace:
    label: str
    step: Step
    """The step of the team's ladder the place holds (Re or Kontra: `Step.TEAM`)."""
    action: str | None
    """`announce no90` for a call open now; None for a step the team has made."""
    next: bool = False
    """The lowest open call (the A key's)."""
    confirm: bool = False
    """The call asks for a second, deliberate tap."""

    @property
    def level(self) -> bool:
        """An open call of no 90 or beyond, rather than Re or Kontra."""
        return self.action is not None and self.step > Step.TEAM

    @property
    def jump(self) -> bool:
        """An open call past the next one: it makes the open calls below it too."""
        return self.action is not None and not self.next


def call_row(announce: Sequence[Control], team: str | None, t: Translator) -> tuple[CallPlace, ...]:
    """The row for the open calls `announce` (lowest first) of a player on `team`."""
    if not announce or team is None:
        return ()
    steps = [Call(control.action.removeprefix("announce ")).step for control in announce]
    made = tuple(
        CallPlace(call_name(call_for(Step(step), Team(team)).value, t), Step(step), None)
        for step in range(Step.TEAM, steps[0])
    )
    open_calls = tuple(
        CallPlace(
            control.label, step, control.action, index == 0, step >= CONFIRMED_FROM or index > 0
        )
        for index, (control, step) in enumerate(zip(announce, steps, strict=True))
    )
    return made + open_calls
