"""The words the table uses: card names, contracts, calls and scoring items, keeping the game's
own German words where players use them (docs/glossary.md gives them in every language).

Every text here is an English message id, marked with `N_` for extraction and translated
where it is shown, with the request's `Translator`; sentences are whole, with named
placeholders, so each language orders its own words.
"""

from __future__ import annotations

from app.languages.i18n import N_, NC_, Translator
from engine import Act, Action, Call, Card, Contract, ItemKind, ScoreItem, Step, Team
from engine.announcements import call_for
from engine.cards import Rank, Suit
from engine.rules import Scoring
from engine.stakes import DDV_AGAINST, DOPPELKOPF_POINTS, LEVEL_POINTS

HUMAN_NAME = N_("You")
BOT_NAMES = ("Lena", "Jonas", "Emma")
"""The computer players' names, the same in every language."""
ANONYMOUS = N_("Anonymous")
"""What the leaderboard shows for a player without a nickname."""
PAR = N_("Par")
"""What a challenge's board calls the row of the bot's par (`templates/challenge.html`)."""
POSITIONS = ("south", "west", "north", "east")

RANK_NAMES = {
    Rank.ACE: N_("Ace"),
    Rank.TEN: N_("Ten"),
    Rank.KING: N_("King"),
    Rank.QUEEN: N_("Queen"),
    Rank.JACK: N_("Jack"),
    Rank.NINE: N_("Nine"),
}
RANK_LETTERS = {
    Rank.ACE: NC_("card rank", "A"),
    Rank.KING: NC_("card rank", "K"),
    Rank.QUEEN: NC_("card rank", "Q"),
    Rank.JACK: NC_("card rank", "J"),
}
"""The letters on a card's corner, which may differ from language to language (a German
deck's Dame and Bube are D and B); the ten and the nine are figures."""
SUIT_NAMES = {
    Suit.CLUBS: NC_("card", "clubs"),
    Suit.SPADES: NC_("card", "spades"),
    Suit.HEARTS: NC_("card", "hearts"),
    Suit.DIAMONDS: NC_("card", "diamonds"),
}
"""As they follow the rank in a card's name (`pgettext("card", …)`: Russian needs the
genitive, German a compound)."""

CONTRACTS = {
    Contract.NORMAL: N_("Normal game"),
    Contract.HOCHZEIT: N_("Hochzeit (marriage)"),
    Contract.HOCHZEIT_SOLO: N_("Hochzeit played alone"),
    Contract.ARMUT: N_("Armut (poverty)"),
    Contract.SILENT_SOLO: N_("Silent solo"),
    Contract.SOLO_DIAMONDS: N_("Diamond solo"),
    Contract.SOLO_HEARTS: N_("Heart solo"),
    Contract.SOLO_SPADES: N_("Spade solo"),
    Contract.SOLO_CLUBS: N_("Club solo"),
    Contract.SOLO_QUEENS: N_("Queen solo (Damensolo)"),
    Contract.SOLO_JACKS: N_("Jack solo (Bubensolo)"),
    Contract.SOLO_FLEISCHLOS: N_("Fleischlos (no trumps)"),
}

RESERVATIONS: dict[str, str] = {
    Act.HEALTHY: N_("Healthy"),
    Act.HOCHZEIT: N_("Hochzeit"),
    Act.ARMUT: N_("Armut"),
    Act.SOLO_DIAMONDS: N_("Diamond solo"),
    Act.SOLO_HEARTS: N_("Heart solo"),
    Act.SOLO_SPADES: N_("Spade solo"),
    Act.SOLO_CLUBS: N_("Club solo"),
    Act.SOLO_QUEENS: N_("Queen solo"),
    Act.SOLO_JACKS: N_("Jack solo"),
    Act.SOLO_FLEISCHLOS: N_("Fleischlos"),
}
"""A reservation's word, by the engine's act (whose value is the notation's, so the notation
looks it up too)."""

CALLS: dict[str, str] = {
    Call.RE: N_("Re"),
    Call.KONTRA: N_("Kontra"),
    Call.NO90: N_("No 90"),
    Call.NO60: N_("No 60"),
    Call.NO30: N_("No 30"),
    Call.SCHWARZ: N_("Schwarz"),
}
"""A call's word, by the engine's call (a team's name is its call's: `Team.RE.value`)."""

LEVEL_OPPONENTS = {
    "easy": N_("easy opponents"),
    "normal": N_("normal opponents"),
    "strong": N_("strong opponents"),
}

LEVEL_BOTS = {
    "easy": N_("the easy bot"),
    "normal": N_("the normal bot"),
    "strong": N_("the strong bot"),
}
"""A level's bot as the board names the one that plays the day's cards for its par."""


def seat_name(seat: int, t: Translator) -> str:
    return t.gettext(HUMAN_NAME) if seat == 0 else BOT_NAMES[seat - 1]


def card_name(card: Card, t: Translator) -> str:
    """`Queen of clubs`: what a screen reader says for a card button."""
    rank = t.gettext(RANK_NAMES[card.rank])
    suit = t.pgettext("card", SUIT_NAMES[card.suit])
    return t.gettext("%(rank)s of %(suit)s") % {"rank": rank, "suit": suit}


LEVEL_CALL = "a call of no 90 or beyond"
"""The context of the words that announce a level (no 90 … schwarz) rather than a team: German
says "ansagen" of Re and Kontra but "absagen" of the levels."""
ANNOUNCE_LEVEL = NC_("a call of no 90 or beyond", "announce %(call)s")


def rank_letter(rank: Rank, t: Translator) -> str:
    """What a card's corner shows of its rank, as the player's own deck prints it."""
    letter = RANK_LETTERS.get(rank)
    return rank.text if letter is None else t.pgettext("card rank", letter)


def short_card(card: Card, t: Translator) -> str:
    """`Q♣` (`D♣` in German): a card in a line of text, as its corner shows it."""
    return f"{rank_letter(card.rank, t)}{card.suit.symbol}"


def team_name(team: Team | None, t: Translator) -> str:
    if team is None:
        return "?"
    return t.gettext(CALLS[team.value])


def call_name(call: str, t: Translator) -> str:
    return t.gettext(CALLS[call])


_ITEMS = {
    ItemKind.WON: N_("won the hand"),
    ItemKind.AGAINST_THE_OLD: N_("Kontra beat Re outside a solo (“against the old ones”)"),
    ItemKind.RE_ANNOUNCED: N_("Re was announced"),
    ItemKind.KONTRA_ANNOUNCED: N_("Kontra was announced"),
    ItemKind.FOX: N_("caught a fox (A♦)"),
    ItemKind.CHARLIE: N_("won the last trick with Charlie (J♣)"),
    ItemKind.CHARLIE_CAUGHT: N_("caught Charlie (J♣) in the last trick"),
}
DOPPELKOPF = N_("Doppelkopf: a trick of %(points)s points or more")
"""The Doppelkopf's line, with the engine's card points (`engine.stakes.DOPPELKOPF_POINTS`)."""


def item_text(item: ScoreItem, scoring: Scoring, t: Translator) -> str:
    """A scoring item as the end-of-hand sheet explains it."""
    if item.kind is ItemKind.DOPPELKOPF:
        return t.gettext(DOPPELKOPF) % {"points": DOPPELKOPF_POINTS}
    if item.step is None:
        return t.gettext(_ITEMS[item.kind])
    values = {"other": team_name(item.team.other, t), "call": _step_call(item.step, t)}
    if item.kind is ItemKind.UNDER and item.step is Step.SCHWARZ:
        return t.gettext("%(other)s took no trick (schwarz)") % values
    if item.kind is ItemKind.UNDER:
        return t.gettext("%(other)s under %(level)s") % {**values, "level": LEVEL_POINTS[item.step]}
    if item.kind is ItemKind.ANNOUNCED:
        return t.gettext("%(call)s announced") % values
    if item.kind is ItemKind.OPPONENTS_ANNOUNCED:
        return t.gettext("%(other)s announced %(call)s") % values
    if scoring is Scoring.DDV:
        text = t.gettext("%(needed)d card points against %(other)s’s “%(call)s”")
        return text % {**values, "needed": DDV_AGAINST[item.step]}
    return t.gettext("%(other)s’s “%(call)s” failed") % values


def _step_call(step: Step, t: Translator) -> str:
    """A level's call (No 90 … Schwarz), the same word for either team."""
    return call_name(call_for(step, Team.RE).value, t)


def action_text(notation: str, t: Translator) -> str:
    """An action's notation (`play QC`, `announce re`, `healthy`) as hints and reviews show it:
    a card, a reservation or what the player does (`announce Re`, `take the Armut`), so that
    "Hint: …" and "Your choice: …" read in every language."""
    action = Action.parse(0, notation)
    match action:
        case Action(act=Act.PLAY, card=Card() as card):
            return short_card(card, t)
        case Action(act=Act.ANNOUNCE, call=Call() as call) if call.step > Step.TEAM:
            return t.pgettext(LEVEL_CALL, ANNOUNCE_LEVEL) % {"call": call_name(call, t)}
        case Action(act=Act.ANNOUNCE, call=Call() as call):
            return t.gettext("announce %(call)s") % {"call": call_name(call, t)}
    if action.act in RESERVATIONS:
        return t.gettext(RESERVATIONS[action.act])
    cards = " ".join(short_card(card, t) for card in action.cards)
    return (t.gettext(ARMUT_STEPS[action.act]) % {"cards": cards}).strip()


ARMUT_STEPS = {
    Act.ARMUT_GIVE: N_("pass %(cards)s"),
    Act.ARMUT_RETURN: N_("give back %(cards)s"),
    Act.ARMUT_ACCEPT: N_("take the Armut"),
    Act.ARMUT_DECLINE: N_("decline the Armut"),
}
"""An Armut step as what the player does, by the engine's act."""
