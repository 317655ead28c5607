"""What the How to play page takes from the engine rather than writing down: the card points,
the targets, the announcement deadlines, the DDV thresholds (so that a change of the rules
changes the page), and the card pictures of the strategy tips."""

from __future__ import annotations

from dataclasses import dataclass

from app.languages.i18n import Translator
from app.table.card_faces import CardFace, face
from engine import Card, Contract, Rank, RuleSet, Step, Suit, card_order, deck
from engine.announcements import deadline
from engine.cards import DULLE, FOX, QUEEN_OF_CLUBS
from engine.stakes import (
    DDV_AGAINST,
    DOPPELKOPF_POINTS,
    KONTRA_TARGET,
    LEVEL_POINTS,
    LEVEL_TARGETS,
    RE_TARGET,
    TEAM_CALL,
    TOTAL_POINTS,
)

TIP_CARDS: dict[str, tuple[Card, ...]] = {
    "aces": (Card(Suit.CLUBS, Rank.ACE), Card(Suit.SPADES, Rank.ACE)),
    "announce": (DULLE, QUEEN_OF_CLUBS, Card(Suit.SPADES, Rank.QUEEN)),
    "smear": (Card(Suit.HEARTS, Rank.ACE), Card(Suit.SPADES, Rank.TEN)),
    "fox": (FOX,),
    "twins": (QUEEN_OF_CLUBS, QUEEN_OF_CLUBS),
}
"""The cards each tip shows, by tip."""


@dataclass(frozen=True)
class Figures:
    """The page's numbers, each a placeholder of its messages."""

    deck: int
    """Cards in the deck of the rules in use (with or without nines)."""
    each: int
    """Cards dealt to each seat."""
    points: dict[str, int]
    """Card points by rank: `ace`, `ten`, `king`, `queen`, `jack`, `nine`."""
    total: int
    re_target: int
    kontra_target: int
    deadlines: dict[str, int]
    """Fewest cards held to announce: `team` (Re or Kontra), `no90`, `no60`, `no30`,
    `schwarz` (before any Hochzeit shift)."""
    level_targets: dict[str, int]
    """Card points a side needs that announced `no90`, `no60`, `no30` (§7)."""
    level_points: dict[str, int]
    """Card points that are then enough for the other side: `no90`, `no60`, `no30`."""
    ddv_against: dict[str, int]
    """DDV scoring: card points that earn 1 against `no90`, `no60`, `no30`, `schwarz`."""
    doppelkopf: int
    team_call: int
    """What each Re and Kontra said adds."""


def figures(rules: RuleSet) -> Figures:
    return Figures(
        deck=len(deck(rules.without_nines)),
        each=rules.cards_per_seat,
        points={rank.name.lower(): rank.points for rank in Rank},
        total=TOTAL_POINTS,
        re_target=RE_TARGET,
        kontra_target=KONTRA_TARGET,
        deadlines={step.name.lower(): deadline(step, rules, 0) for step in Step if step},
        level_targets={step.name.lower(): points for step, points in LEVEL_TARGETS.items()},
        level_points={step.name.lower(): points for step, points in LEVEL_POINTS.items()},
        ddv_against={step.name.lower(): points for step, points in DDV_AGAINST.items()},
        doppelkopf=DOPPELKOPF_POINTS,
        team_call=TEAM_CALL,
    )


def tip_cards(t: Translator) -> dict[str, tuple[CardFace, ...]]:
    """Each tip's cards, drawn as in a normal game."""
    order = card_order(Contract.NORMAL)
    return {tip: tuple(face(card, order, t) for card in cards) for tip, cards in TIP_CARDS.items()}
