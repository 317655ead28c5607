"""A rule set named in words: its preset's name and what it changes of it (`German club
rules (DDV) + Schweinchen, without nines`), where the key (`ddv+hands_per_game=2+schweinchen+
without_nines`) says the same to the code. Players read the name; records, links and the
replay command keep the key. The hands of a game are left out of the name: every page that
names the rules counts the hands beside it (hand 1 of 2) or plays the presets' own."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from app.languages.i18n import N_, Translator
from engine import PRESETS, HochzeitShift, RulesError, RuleSet, Scoring

PRESET_NAMES = {"pagat": N_("pagat.com rules"), "ddv": N_("German club rules (DDV)")}
CHANGES: dict[str, tuple[str, str]] = {
    "armut": (N_("Armut"), N_("no Armut")),
    "second_dulle_beats_first": (
        N_("a second 10♥ beats the first"),
        N_("the first 10♥ beats the second"),
    ),
    "soloist_leads": (N_("the soloist leads"), N_("forehand leads a solo")),
    "charlie_capture": (N_("a Charlie caught scores"), N_("no points for a Charlie caught")),
    "schweinchen": (N_("Schweinchen"), N_("no Schweinchen")),
    "without_nines": (N_("without nines"), N_("with nines")),
    "late_reply_allows_more": (
        N_("more calls after a late reply"),
        N_("no more calls after a late reply"),
    ),
}
"""A boolean toggle's words, when a rule set turns it on and when it turns it off."""
CHOSEN = {
    Scoring.PAGAT: N_("pagat scoring"),
    Scoring.DDV: N_("DDV scoring"),
    HochzeitShift.TRICKS: N_("Hochzeit deadlines drop by the partner's trick"),
    HochzeitShift.TRICKS_MINUS_ONE: N_("Hochzeit deadlines drop by the partner's trick less one"),
}
"""The words of the other toggles' values."""
UNNAMED = "hands_per_game"
"""The toggle a name leaves out: every page that names the rules counts the hands beside it."""


def rules_name(key: str, t: Translator) -> str:
    """The rule set of `key` in words; a key that names no rule set, as it is."""
    try:
        rules = RuleSet.from_key(key)
    except RulesError:
        return key
    preset = rules.preset
    name = t.gettext(PRESET_NAMES[preset])
    changed = rules.toggles(PRESETS[preset])
    changes = [_change(toggle, value, t) for toggle, value in changed.items() if toggle != UNNAMED]
    if not changes:
        return name
    return t.gettext("%(rules)s + %(changes)s") % {"rules": name, "changes": ", ".join(changes)}


def named_rules(key: str, t: Translator) -> Markup:
    """A rule set named in words, its key beside them for scripts and tests: the one markup
    every page that names the rules uses."""
    words = rules_name(key, t)
    return Markup('<span class="rules-name" data-rules="{}">{}</span>').format(key, words)


def _change(toggle: str, value: Any, t: Translator) -> str:
    if toggle in CHANGES:
        on, off = CHANGES[toggle]
        return t.gettext(on if value else off)
    return t.gettext(CHOSEN[value])
