"""The Rules dialog's fields: the preset and every toggle of docs/rules.md, to and from a form."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine import PRESETS, HochzeitShift, RulesError, RuleSet, Scoring, with_toggles

BOOLEAN_TOGGLES = (
    "armut",
    "second_dulle_beats_first",
    "soloist_leads",
    "charlie_capture",
    "schweinchen",
    "without_nines",
    "late_reply_allows_more",
)
TOGGLE_FIELDS = (*BOOLEAN_TOGGLES, "hands_per_game", "scoring", "hochzeit_deadline_shift")

LABELS = {
    "armut": "Armut (poverty) allowed",
    "second_dulle_beats_first": "Second 10♥ beats the first (not in the last trick)",
    "soloist_leads": "The soloist leads the first trick",
    "charlie_capture": "Capturing the other side's Charlie (J♣) in the last trick scores",
    "schweinchen": "Schweinchen: both A♦ in one hand become the highest trumps",
    "without_nines": "Without nines (40 cards, 10 each)",
    "late_reply_allows_more": "A late Re/Kontra reply may be followed by more announcements",
    "hands_per_game": "Hands per game",
    "scoring": "Scoring table",
    "hochzeit_deadline_shift": "After a Hochzeit, announcement deadlines drop by",
}


LEVEL_TEXTS = {
    "easy": "Easy: they miss what a beginner misses",
    "normal": "Normal: club players' rules of thumb",
    "strong": "Strong: they think ahead (search)",
}
"""The Opponents choice of the dialog, by level (`app.levels`)."""


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


CHOICES = {
    "scoring": (Choice(Scoring.PAGAT, "pagat"), Choice(Scoring.DDV, "DDV")),
    "hochzeit_deadline_shift": (
        Choice(HochzeitShift.TRICKS, "the clarification trick's number"),
        Choice(HochzeitShift.TRICKS_MINUS_ONE, "that number less one"),
    ),
}


MAX_FIELD = 20
"""Characters in any field of the dialog; the longest value is `tricks_minus_one`."""
HANDS = re.compile(r"[0-9]{1,3}")


def rules_from_form(preset: str, fields: dict[str, object]) -> RuleSet:
    """Unchecked boxes are absent from a form, so every boolean toggle is read as on/absent."""
    if preset not in PRESETS:
        raise RulesError(f"unknown preset {preset[:MAX_FIELD]!r}")
    changes: dict[str, object] = {name: fields.get(name) == "on" for name in BOOLEAN_TOGGLES}
    hands = fields.get("hands_per_game")
    if hands is not None:
        if not isinstance(hands, str) or not HANDS.fullmatch(hands):
            shown = str(hands)[:MAX_FIELD]
            raise RulesError(f"hands per game must be a number from 1 to 100, not {shown!r}")
        changes["hands_per_game"] = int(hands)
    for name in ("scoring", "hochzeit_deadline_shift"):
        value = fields.get(name)
        if value is not None and (not isinstance(value, str) or len(value) > MAX_FIELD):
            raise RulesError(f"{LABELS[name]}: not one of the choices")
        if value is not None:
            changes[name] = value
    return with_toggles(PRESETS[preset], changes)


def form_values(rules: RuleSet) -> dict[str, object]:
    """The dialog's field values for a rule set (the preset radios carry their defaults)."""
    return {
        name: str(getattr(rules, name)) if name in CHOICES else getattr(rules, name)
        for name in TOGGLE_FIELDS
    }
