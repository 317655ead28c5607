"""The engine's refusals in the player's words: the engine names what is wrong with a stable
code (`engine.refusals.Refusal`) and its parameters; the sentences are here, one per code."""

from __future__ import annotations

from babel.lists import format_list

from app.languages.i18n import N_, Writing
from app.languages.words import RESERVATIONS, call_name, card_name, team_name
from engine import Card, EngineError, IllegalAction, Team
from engine.refusals import Reason, Refusal

SENTENCES = {
    Refusal.HAND_OVER: N_("The hand is over."),
    Refusal.NOT_YOUR_TURN: N_("It is not your turn."),
    Refusal.WRONG_PHASE: N_("That is not possible at this moment of the hand."),
    Refusal.NOT_ELIGIBLE: N_("You cannot declare %(act)s with these cards."),
    Refusal.NOT_IN_HAND: N_("%(card)s is not in your hand."),
    Refusal.MUST_FOLLOW: N_("%(card)s does not follow suit: play a highlighted card."),
    Refusal.THREE_CARDS: N_("Choose exactly three cards, not %(count)s."),
    Refusal.CARDS_NOT_HELD: N_("%(cards)s are not all in your hand."),
    Refusal.ALL_TRUMPS: N_("All your trumps must be among the cards you pass."),
    Refusal.ANNOUNCE_PHASE: N_("Announcements are made during the play only."),
    Refusal.BEFORE_CLARIFICATION: N_("Nobody may announce before the Hochzeit is clarified."),
    Refusal.OWN_TEAM: N_("You play %(team)s, not %(call)s."),
    Refusal.ALREADY_ANNOUNCED: N_("%(team)s has already announced %(call)s or more."),
    Refusal.TOO_LATE: N_("Too late for %(call)s."),
    Refusal.LOWER_TOO_LATE: N_(
        "Too late for %(call)s, and without it %(asked)s is not possible either."
    ),
}
NOT_UNDERSTOOD = N_("That action is not understood.")
NOT_NOW = N_("That is not possible now.")


def refusal_text(error: Exception, writing: Writing) -> str:
    """Why the human's action was refused, in the player's language."""
    t = writing.words
    if isinstance(error, IllegalAction) and error.reason is not None:
        return _reason_text(error.reason, writing)
    if isinstance(error, IllegalAction):
        return t.gettext(NOT_NOW)
    if isinstance(error, EngineError):
        return t.gettext(NOT_UNDERSTOOD)
    return t.gettext(NOT_NOW)


def _reason_text(reason: Reason, writing: Writing) -> str:
    """The sentence for the reason's code, each value named as the player would (the engine
    gives codes: `QC`, `re`); several cards are listed the way the language lists things
    (`Queen of clubs, Queen of diamonds and Queen of diamonds`)."""
    t = writing.words
    values = dict(reason.params)
    if values.get("act") in RESERVATIONS:
        values["act"] = t.gettext(RESERVATIONS[values["act"]])
    if "team" in values:
        values["team"] = team_name(Team(values["team"]), t)
    for key in ("call", "asked"):
        if key in values:
            values[key] = call_name(values[key], t)
    if "card" in values:
        values["card"] = card_name(Card.parse(values["card"]), t)
    if "cards" in values:
        names = [card_name(Card.parse(code), t) for code in values["cards"].split()]
        values["cards"] = format_list(names, locale=writing.locale)
    return t.gettext(SENTENCES[reason.code]) % values
