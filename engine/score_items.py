"""The items a hand's score is made of (§8): what each team scored and why, as data.

Each item is a kind and, for the levels and announced steps, the step it is about, so the
sheet at the table and the records both read the same facts; a record names an item by the
stable string `ScoreItem.item` builds from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.announcements import Step, Team, step_name
from engine.stakes import LEVEL_POINTS


class ItemKind(Enum):
    """The kinds of scoring item (§8); the levels and calls carry their step beside."""

    WON = "won"
    AGAINST_THE_OLD = "against_the_old"
    RE_ANNOUNCED = "re_announced"
    KONTRA_ANNOUNCED = "kontra_announced"
    UNDER = "under"
    """The other team is under a level's card points (no trick at all for schwarz)."""
    ANNOUNCED = "announced"
    OPPONENTS_ANNOUNCED = "opponents_announced"
    AGAINST = "against"
    """The other team announced a step and this team stopped it."""
    DOPPELKOPF = "doppelkopf"
    FOX = "fox"
    CHARLIE = "charlie"
    CHARLIE_CAUGHT = "charlie_caught"


@dataclass(frozen=True)
class ScoreItem:
    team: Team
    kind: ItemKind
    points: int
    step: Step | None = None
    """For the levels, announced steps and points against them: which one."""
    trick: int | None = None
    """For the extras, the 1-based trick that earned it (shown at the table, not in records)."""

    @property
    def item(self) -> str:
        """The item's stable name in hand records: `won`, `under_90`, `schwarz`, `against_no60`…"""
        if self.step is None:
            return self.kind.value
        if self.kind is ItemKind.UNDER:
            return "schwarz" if self.step is Step.SCHWARZ else f"under_{LEVEL_POINTS[self.step]}"
        return f"{self.kind.value}_{step_name(self.step, self.team)}"

    def to_json(self) -> dict[str, Any]:
        return {"team": self.team.value, "item": self.item, "points": self.points}
