"""Card play as a beginner plays it: `heuristic-v1`'s rules with the club player's finesse
left out. Each miss is a small rule replacing one of the heuristic's, named for what the
beginner does:

- goes high: takes any trick it can with its highest winning card, the partner's included,
  instead of the cheapest card that holds (it does not see the partner's trick is safe);
- forgets what was played: leads an ace even after its suit has gone round (and been ruffed);
- counts ranks, not points: with nothing to win it gives its lowest-ranked card, a ten or the
  fox included.
"""

from __future__ import annotations

from collections.abc import Sequence

from bots.heuristic.play import Rule, hochzeit_clarification, lead_low
from bots.knowledge import Knowledge
from engine import Card
from engine.cards import Rank


def go_high(k: Knowledge, cards: list[Card]) -> Card | None:
    """Win the trick if it can, with the highest card that does."""
    best = k.trick_best
    if best is None:
        return None
    winners = [card for card in cards if k.beats(card, best[1])]
    return max(winners, key=k.strength, default=None)


def lead_an_ace(k: Knowledge, cards: list[Card]) -> Card | None:
    """Lead any plain ace: a beginner does not count how often its suit has gone round."""
    aces = [card for card in cards if card.rank is Rank.ACE and not k.is_trump(card)]
    return aces[0] if aces else None


def throw_lowest_rank(k: Knowledge, cards: list[Card]) -> Card:
    """With nothing to win, give the lowest-ranked card, whatever it is worth in points."""
    return min(cards, key=k.strength)


LEAD_RULES: Sequence[Rule] = (hochzeit_clarification, lead_an_ace, lead_low)
FOLLOW_RULES: Sequence[Rule] = (hochzeit_clarification, go_high)


def choose_card(k: Knowledge, cards: list[Card]) -> Card:
    """The first rule with an opinion decides."""
    rules = FOLLOW_RULES if k.view.current_trick else LEAD_RULES
    for rule in rules:
        card = rule(k, cards)
        if card is not None:
            return card
    return throw_lowest_rank(k, cards)
