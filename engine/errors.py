"""The engine's exceptions: every refusal names what was wrong, so callers can show it."""


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class CardError(EngineError):
    """A card string that is not in the docs/rules.md §1 notation."""

    def __init__(self, text: object) -> None:
        super().__init__(f"not a card: {text!r} (expected e.g. QC, 10H, 9D)")
        self.text = text


class RulesError(EngineError):
    """An unknown preset, toggle or toggle value."""


class ActionError(EngineError):
    """An action string or record entry that is not well-formed."""


class IllegalAction(EngineError):
    """A well-formed action that the rules forbid at this moment."""
