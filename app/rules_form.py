"""The Rules dialog's fields: the preset and every toggle of docs/rules.md, to and from a form."""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.i18n import N_, Translator
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
    "armut": N_("Armut (poverty) allowed"),
    "second_dulle_beats_first": N_("Second 10♥ beats the first (not in the last trick)"),
    "soloist_leads": N_("The soloist leads the first trick"),
    "charlie_capture": N_("Capturing the other side's Charlie (J♣) in the last trick scores"),
    "schweinchen": N_("Schweinchen: both A♦ in one hand become the highest trumps"),
    "without_nines": N_("Without nines (40 cards, 10 each)"),
    "late_reply_allows_more": N_("A late Re/Kontra reply may be followed by more announcements"),
    "hands_per_game": N_("Hands per game"),
    "scoring": N_("Scoring table"),
    "hochzeit_deadline_shift": N_("After a Hochzeit, announcement deadlines drop by"),
}


LEVEL_TEXTS = {
    "easy": N_("Easy: they miss what a beginner misses"),
    "normal": N_("Normal: club players' rules of thumb"),
    "strong": N_("Strong: they think ahead (search)"),
}
"""The Opponents choice of the dialog, by level (`app.levels`)."""


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


CHOICES = {
    "scoring": (Choice(Scoring.PAGAT, N_("pagat")), Choice(Scoring.DDV, N_("DDV"))),
    "hochzeit_deadline_shift": (
        Choice(HochzeitShift.TRICKS, N_("the clarification trick’s number")),
        Choice(HochzeitShift.TRICKS_MINUS_ONE, N_("that number less one")),
    ),
}


class RulesFormError(RulesError):
    """A field of the dialog that cannot be read: an English message id and its values (a
    `field` by its name in the form)."""

    def __init__(self, message: str, **values: object) -> None:
        super().__init__(message % values)
        self.message = message
        self.values = values

    def in_words(self, t: Translator) -> str:
        """The message in the words of `t`, a field named by its label in the dialog."""
        values = dict(self.values)
        if "field" in values:
            values["field"] = t.gettext(LABELS[str(values["field"])])
        return t.gettext(self.message) % values


MAX_FIELD = 20
"""Characters in any field of the dialog; the longest value is `tricks_minus_one`."""
HANDS = re.compile(r"[0-9]{1,3}")


def rules_from_form(preset: str, fields: dict[str, object]) -> RuleSet:
    """Unchecked boxes are absent from a form, so every boolean toggle is read as on/absent."""
    if preset not in PRESETS:
        raise RulesFormError(N_("unknown preset %(preset)s"), preset=repr(preset[:MAX_FIELD]))
    changes: dict[str, object] = {name: fields.get(name) == "on" for name in BOOLEAN_TOGGLES}
    hands = fields.get("hands_per_game")
    if hands is not None:
        if not isinstance(hands, str) or not HANDS.fullmatch(hands):
            shown = str(hands)[:MAX_FIELD]
            raise RulesFormError(
                N_("hands per game must be a number from 1 to 100, not %(value)s"),
                value=repr(shown),
            )
        changes["hands_per_game"] = int(hands)
    for name in ("scoring", "hochzeit_deadline_shift"):
        value = fields.get(name)
        if value is not None and (not isinstance(value, str) or len(value) > MAX_FIELD):
            raise RulesFormError(N_("%(field)s: not one of the choices"), field=name)
        if value is not None:
            changes[name] = value
    return with_toggles(PRESETS[preset], changes)


def form_values(rules: RuleSet) -> dict[str, object]:
    """The dialog's field values for a rule set (the preset radios carry their defaults)."""
    return {
        name: str(getattr(rules, name)) if name in CHOICES else getattr(rules, name)
        for name in TOGGLE_FIELDS
    }
