"""The rule set: every variant toggle of docs/rules.md, the two presets and their short keys.

A key names a rule set stably for daily games and leaderboards: the preset, then each toggle
that differs from it, in field order: `pagat`, `pagat+second_dulle_beats_first`,
`ddv+armut`, `pagat+charlie_capture=off`, `pagat+hands_per_game=4`, `pagat+scoring=ddv`.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from engine.errors import RulesError


class Scoring(StrEnum):
    """Which scoring table of docs/rules.md §8 applies."""

    PAGAT = "pagat"
    DDV = "ddv"


class HochzeitShift(StrEnum):
    """How far announcement deadlines drop after a Hochzeit is clarified in trick k (§6.4)."""

    TRICKS = "tricks"
    TRICKS_MINUS_ONE = "tricks_minus_one"


HANDS_PER_GAME = range(1, 101)
"""The hands a game may have."""


@dataclass(frozen=True)
class RuleSet:
    """One Doppelkopf rule set; the defaults are the `pagat` preset."""

    hands_per_game: int = 8
    """Hands in one game (a series); Armut redeals do not count."""
    armut: bool = True
    """Poverty reservation allowed (at most three trumps)."""
    second_dulle_beats_first: bool = False
    """The second 10♥ of a trick beats the first, except in the last trick."""
    soloist_leads: bool = False
    """In a declared solo the soloist leads the first trick instead of forehand."""
    charlie_capture: bool = True
    """A team also scores for capturing an opponent's J♣ in the last trick."""
    schweinchen: bool = False
    """Both A♦ in one hand rank above the 10♥ (§3)."""
    without_nines: bool = False
    """40-card deck, 10 cards each; every card-count deadline drops by 2."""
    scoring: Scoring = Scoring.PAGAT
    """Which game-point table of §8 applies."""
    hochzeit_deadline_shift: HochzeitShift = HochzeitShift.TRICKS
    """§6.4: deadlines drop by k or by k - 1 after a Hochzeit clarified in trick k."""
    late_reply_allows_more: bool = True
    """§6.3: a team whose Re/Kontra was a late reply may still announce further steps."""

    def __post_init__(self) -> None:
        if self.hands_per_game not in HANDS_PER_GAME:
            least, most = HANDS_PER_GAME[0], HANDS_PER_GAME[-1]
            raise RulesError(f"hands_per_game must be {least}..{most}, not {self.hands_per_game}")

    @property
    def cards_per_seat(self) -> int:
        return 10 if self.without_nines else 12

    @property
    def last_trick(self) -> int:
        """The number of a hand's last trick, counted from 0 as tricks played are: there a
        second Dulle no longer beats the first (§4)."""
        return self.cards_per_seat - 1

    @property
    def key(self) -> str:
        """The shortest key naming this rule set (pagat wins ties)."""
        return min((self._key_on(name) for name in PRESETS), key=len)

    @property
    def preset(self) -> str:
        """The preset the key starts from: the one this rule set changes least."""
        return self.key.partition("+")[0]

    def _key_on(self, preset: str) -> str:
        changed = self.toggles(PRESETS[preset])
        return preset + "".join(f"+{name}{_format_value(v)}" for name, v in changed.items())

    def toggles(self, base: RuleSet) -> dict[str, Any]:
        """The toggles whose value differs from `base`, in field order."""
        return {
            field.name: getattr(self, field.name)
            for field in dataclasses.fields(self)
            if getattr(self, field.name) != getattr(base, field.name)
        }

    @staticmethod
    def from_key(key: str) -> RuleSet:
        """Parses a key made by `key`; raises `RulesError` for anything else, a key in another
        spelling included, so that one rule set has exactly one key."""
        preset, *parts = key.split("+")
        changes: dict[str, Any] = {}
        for part in parts:
            name, _, text = part.partition("=")
            changes[name] = _parse_value(name, text or "on")
        rules = with_toggles(preset_named(preset), changes)
        if rules.key != key:
            raise RulesError(f"{key!r} is not a canonical rule-set key; it is {rules.key!r}")
        return rules


PAGAT = RuleSet()
DDV = RuleSet(
    hands_per_game=12,
    armut=False,
    charlie_capture=False,
    scoring=Scoring.DDV,
    hochzeit_deadline_shift=HochzeitShift.TRICKS_MINUS_ONE,
    late_reply_allows_more=False,
)
PRESETS: dict[str, RuleSet] = {"pagat": PAGAT, "ddv": DDV}
TOGGLES: tuple[str, ...] = tuple(field.name for field in dataclasses.fields(RuleSet))
_FIELD_TYPES: dict[str, Any] = {
    "hands_per_game": int,
    "scoring": Scoring,
    "hochzeit_deadline_shift": HochzeitShift,
}


def preset_named(name: str) -> RuleSet:
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown preset {name!r} (known: pagat, ddv)") from None


def with_toggles(base: RuleSet, changes: dict[str, Any]) -> RuleSet:
    """`base` with toggles changed, each checked for its name and type."""
    checked = {name: _check_value(name, value) for name, value in changes.items()}
    return dataclasses.replace(base, **checked)


def _check_value(name: str, value: Any) -> Any:
    kind = _FIELD_TYPES.get(name, bool) if name in TOGGLES else None
    if kind is None:
        raise RulesError(f"unknown toggle {name!r}")
    if kind is bool and isinstance(value, bool):
        return value
    if kind is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    # Only a string can name a member: a list or an object (JSON allows both) is refused
    # before the set is asked about it, which would fail on hashing it.
    if (
        kind in (Scoring, HochzeitShift)
        and isinstance(value, str)
        and value in {member.value for member in kind}
    ):
        return kind(value)
    raise RulesError(f"bad value {value!r} for toggle {name!r}")


def _parse_value(name: str, text: str) -> Any:
    if name not in TOGGLES:
        raise RulesError(f"unknown toggle {name!r}")
    kind = _FIELD_TYPES.get(name, bool)
    if kind is bool:
        if text not in ("on", "off"):
            raise RulesError(f"bad value {text!r} for toggle {name!r} (on or off)")
        return text == "on"
    if kind is int:
        if not re.fullmatch("[0-9]{1,3}", text):
            raise RulesError(f"bad value {text!r} for toggle {name!r}")
        return int(text)
    return text


def _format_value(value: Any) -> str:
    if value is True:
        return ""
    if value is False:
        return "=off"
    return f"={value}"
