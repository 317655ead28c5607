"""The Rules dialog's fields: the preset and every toggle of docs/rules.md, to and from a form."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from app.languages.i18n import N_, Translator
from engine import PRESETS, HochzeitShift, RulesError, RuleSet, Scoring, with_toggles
from engine.contracts import HOCHZEIT_TRICKS
from engine.rules import HANDS_PER_GAME

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
    "soloist_leads": N_("In a declared solo the soloist leads the first trick"),
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
"""The Opponents choice of the dialog, by level (`app.table.levels`)."""


@dataclass(frozen=True)
class Choice:
    value: str
    label: str
    figures: Mapping[str, int] = field(default_factory=dict)
    """The label's placeholders, filled from the engine's rules."""


CHOICES = {
    "scoring": (Choice(Scoring.PAGAT, N_("pagat")), Choice(Scoring.DDV, N_("DDV"))),
    "hochzeit_deadline_shift": (
        Choice(
            HochzeitShift.TRICKS,
            N_("the number of the trick that found the partner (%(tricks)s if none did)"),
            {"tricks": HOCHZEIT_TRICKS},
        ),
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
"""Characters of a refused value shown back in the message."""
HANDS = re.compile(r"[0-9]{1,3}")


def rules_from_form(preset: str, fields: dict[str, object]) -> RuleSet:
    """Unchecked boxes are absent from a form, so every boolean toggle is read as on/absent.
    Each field is checked here, so that a bad value is named; the engine would only say that
    the rules do not exist."""
    if preset not in PRESETS:
        raise RulesFormError(N_("unknown preset %(preset)s"), preset=repr(preset[:MAX_FIELD]))
    changes: dict[str, object] = {name: fields.get(name) == "on" for name in BOOLEAN_TOGGLES}
    hands = fields.get("hands_per_game")
    if hands is not None:
        changes["hands_per_game"] = _hands(hands)
    for name in CHOICES:
        value = fields.get(name)
        if value is not None:
            changes[name] = _choice(name, value)
    return with_toggles(PRESETS[preset], changes)


def _hands(value: object) -> int:
    """Digits only (not `1e3`, `+8` or ` 8`, which `int` would take), in the range a rule set
    allows."""
    if isinstance(value, str) and HANDS.fullmatch(value) and int(value) in HANDS_PER_GAME:
        return int(value)
    raise RulesFormError(
        N_("hands per game must be a number from %(least)d to %(most)d, not %(value)s"),
        least=HANDS_PER_GAME[0],
        most=HANDS_PER_GAME[-1],
        value=repr(str(value)[:MAX_FIELD]),
    )


def _choice(name: str, value: object) -> str:
    """One of the dialog's choices for the field `name`, by its value."""
    if value in {choice.value for choice in CHOICES[name]}:
        return str(value)
    raise RulesFormError(N_("%(field)s: not one of the choices"), field=name)


def form_values(rules: RuleSet) -> dict[str, object]:
    """The dialog's field values for a rule set (the preset radios carry their defaults)."""
    return {
        name: str(getattr(rules, name)) if name in CHOICES else getattr(rules, name)
        for name in TOGGLE_FIELDS
    }
