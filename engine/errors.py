"""The engine's exceptions: every refusal names what was wrong, so callers can show it."""

from __future__ import annotations

from engine.refusals import Reason


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class CardError(EngineError):
    """A card string that is not in the docs/rules.md §1 notation."""

    def __init__(self, text: object) -> None:
        super().__init__(f"not a card: {text!r} (expected e.g. QC, 10H, 9D)")
        self.text = text


class CardCountError(EngineError):
    """Cards that cannot make a set: a card a third time (the deck holds two of each), or
    one taken out that is not there."""


class RulesError(EngineError):
    """An unknown preset, toggle or toggle value."""


class ActionError(EngineError):
    """An action string or record entry that is not well-formed."""


class IllegalAction(EngineError):
    """A well-formed action that the rules forbid at this moment; `reason` (when the legality
    checks refused it) carries the stable code and parameters the web app words in the
    player's language."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason
