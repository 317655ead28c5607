"""The words the table uses: card names, contracts, calls and scoring items in plain English,
keeping the game's own German words where players use them."""

from __future__ import annotations

from engine import Card, Contract, Team
from engine.cards import Rank, Suit

SEAT_NAMES = ("You", "Lena", "Jonas", "Emma")
POSITIONS = ("south", "west", "north", "east")

RANK_NAMES = {
    Rank.ACE: "Ace",
    Rank.TEN: "Ten",
    Rank.KING: "King",
    Rank.QUEEN: "Queen",
    Rank.JACK: "Jack",
    Rank.NINE: "Nine",
}
SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
}

CONTRACTS = {
    Contract.NORMAL: "Normal game",
    Contract.HOCHZEIT: "Hochzeit (marriage)",
    Contract.HOCHZEIT_SOLO: "Hochzeit played alone",
    Contract.ARMUT: "Armut (poverty)",
    Contract.SILENT_SOLO: "Silent solo",
    Contract.SOLO_DIAMONDS: "Diamond solo",
    Contract.SOLO_HEARTS: "Heart solo",
    Contract.SOLO_SPADES: "Spade solo",
    Contract.SOLO_CLUBS: "Club solo",
    Contract.SOLO_QUEENS: "Queen solo (Damensolo)",
    Contract.SOLO_JACKS: "Jack solo (Bubensolo)",
    Contract.SOLO_FLEISCHLOS: "Fleischlos (no trumps)",
}

RESERVATIONS = {
    "healthy": "Healthy",
    "hochzeit": "Hochzeit",
    "armut": "Armut",
    "solo-diamonds": "Diamond solo",
    "solo-hearts": "Heart solo",
    "solo-spades": "Spade solo",
    "solo-clubs": "Club solo",
    "solo-queens": "Queen solo",
    "solo-jacks": "Jack solo",
    "solo-fleischlos": "Fleischlos",
}

CALLS = {
    "re": "Re",
    "kontra": "Kontra",
    "no90": "No 90",
    "no60": "No 60",
    "no30": "No 30",
    "schwarz": "Schwarz",
}

_LEVELS = {"90": "90", "60": "60", "30": "30"}


def card_name(card: Card) -> str:
    """`Queen of clubs`: what a screen reader says for a card button."""
    return f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


def team_name(team: Team | None) -> str:
    return {Team.RE: "Re", Team.KONTRA: "Kontra", None: "?"}[team]


def item_text(item: str, team: Team, scoring: str) -> str:
    """A scoring item as the end-of-hand sheet explains it."""
    other = team_name(team.other)
    fixed = {
        "won": "won the hand",
        "against_the_old": "against the old ones (Kontra beat the Q♣ players)",
        "re_announced": "Re was announced",
        "kontra_announced": "Kontra was announced",
        "schwarz": f"{other} took no trick (schwarz)",
        "fox": "caught a fox (A♦)",
        "charlie": "won the last trick with Charlie (J♣)",
        "charlie_caught": "caught Charlie (J♣) in the last trick",
        "doppelkopf": "Doppelkopf: a trick of 40 points or more",
    }
    if item in fixed:
        return fixed[item]
    kind, _, level = item.rpartition("_")
    call = CALLS.get(level, level)
    if kind == "under":
        return f"{other} under {level}"
    if kind == "announced":
        return f"{call} announced"
    if kind == "opponents_announced":
        return f"{other} announced {call}"
    if kind == "against" and scoring == "ddv":
        needed = {"no90": 120, "no60": 90, "no30": 60, "schwarz": 30}[level]
        return f"{needed} card points against {other}'s {call}"
    if kind == "against":
        return f"{other}'s {call} failed"
    return item


ARMUT_STEPS = {
    "armut-give": "passed",
    "armut-return": "gave back",
    "armut-accept": "took the Armut",
    "armut-decline": "declined the Armut",
}


def action_text(notation: str) -> str:
    """An action's notation (`play QC`, `announce re`, `healthy`) as the review shows it."""
    act, _, rest = notation.partition(" ")
    if act == "play":
        return _short(Card.parse(rest))
    if act == "announce":
        return f"announce {CALLS[rest]}"
    if act in RESERVATIONS:
        return RESERVATIONS[act]
    cards = " ".join(_short(Card.parse(code)) for code in rest.split())
    return f"{ARMUT_STEPS[act]} {cards}".strip()


def _short(card: Card) -> str:
    return f"{card.rank.text}{card.suit.symbol}"
