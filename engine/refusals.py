"""What a refusal is: a stable code (`Refusal`, which the web app puts into words in each
language), its parameters and the English text. A leaf module, so that `engine.errors` can
carry a `Reason` and `engine.legality` can make one without the two importing each other."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Refusal(StrEnum):
    """What is wrong with an action, independent of any language."""

    HAND_OVER = "hand-over"
    NOT_YOUR_TURN = "not-your-turn"
    WRONG_PHASE = "wrong-phase"
    NOT_ELIGIBLE = "not-eligible"
    NOT_IN_HAND = "not-in-hand"
    MUST_FOLLOW = "must-follow"
    THREE_CARDS = "three-cards"
    CARDS_NOT_HELD = "cards-not-held"
    ALL_TRUMPS = "all-trumps"
    ANNOUNCE_PHASE = "announce-phase"
    BEFORE_CLARIFICATION = "before-clarification"
    OWN_TEAM = "own-team"
    ALREADY_ANNOUNCED = "already-announced"
    TOO_LATE = "too-late"
    LOWER_TOO_LATE = "lower-too-late"


@dataclass(frozen=True)
class Reason:
    """A refusal: its code, the values its words need (seat, card, call, phase …) and the
    English text, which `str()` gives."""

    code: Refusal
    text: str
    params: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text
