"""Card play: club players' rules of thumb, tried in order until one picks a card.

Each rule is a small function `(knowledge, playable cards) -> card or None` whose docstring
states the idea.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bots.heuristic.evaluation import hand_value
from bots.knowledge import Knowledge
from engine import Card, Contract, Team
from engine.cards import CHARLIE, DULLE, FOX, Rank

Rule = Callable[[Knowledge, list[Card]], Card | None]

RICH_TRICK = 14
"""Card points in a trick worth spending a winning card on before the last seat."""


def _cheapest_winner(k: Knowledge, cards: list[Card], safe_only: bool) -> Card | None:
    """The weakest card that takes the trick now (and, if asked, cannot be overtaken)."""
    best = k.trick_best
    winners = [c for c in cards if best is None or k.beats(c, best[1])]
    if safe_only:
        winners = [c for c in winners if not k.could_be_beaten(c)]
    return min(winners, key=lambda c: (k.strength(c), c.points), default=None)


def _lowest(k: Knowledge, cards: list[Card]) -> Card:
    """The card that costs least to give away: few points, low rank, not the fox or Charlie."""

    def cost(card: Card) -> tuple[float, int]:
        penalty = card.points + (8 if card == FOX else 0) + (4 if card == CHARLIE else 0)
        trump_weight = k.strength(card) / 20 if k.is_trump(card) else 0
        return penalty + trump_weight, k.strength(card)

    return min(cards, key=cost)


def _am_soloist(k: Knowledge) -> bool:
    contract = k.view.contract
    return contract is not None and contract.is_solo and k.view.declarer == k.view.seat


# ---- Hochzeit -------------------------------------------------------------------------

PARTNERSHIP_WANTED = 8.0
"""Normal-game `hand_value` from which a seat tries to become the Hochzeit player's partner."""


def hochzeit_clarification(k: Knowledge, cards: list[Card]) -> Card | None:
    """Before a Hochzeit is clarified a strong hand tries to win the trick and so become the
    partner, a weak one stays out; the Hochzeit player himself lets the others win."""
    view = k.view
    if view.contract is not Contract.HOCHZEIT or view.clarification is not None:
        return None
    best = k.trick_best
    losers = [c for c in cards if best is not None and not k.beats(c, best[1])]
    wants = (
        view.seat != view.declarer and hand_value(view.hand, Contract.NORMAL) >= PARTNERSHIP_WANTED
    )
    if wants:
        return _cheapest_winner(k, cards, safe_only=True) or _cheapest_winner(
            k, cards, safe_only=False
        )
    if best is None:
        plain = [c for c in cards if not k.is_trump(c) and c.rank is not Rank.ACE]
        return _lowest(k, plain or cards)
    return _lowest(k, losers or cards)


# ---- leading ----------------------------------------------------------------------------


def soloist_pulls_trumps(k: Knowledge, cards: list[Card]) -> Card | None:
    """A soloist draws the opponents' trumps first, from the top, while they still hold some."""
    if not _am_soloist(k):
        return None
    trumps = [c for c in cards if k.is_trump(c)]
    if not trumps or not any(k.is_trump(c) for c in k.unseen):
        return None
    top = max(trumps, key=k.strength)
    if k.higher_unseen(top) == 0 or len(trumps) >= 4:
        return top
    return None


def lead_black_ace(k: Knowledge, cards: list[Card]) -> Card | None:
    """Lead a plain ace early, while the suit can still go round without being trumped;
    the shorter the suit in hand, the better."""
    aces = [
        c
        for c in cards
        if c.rank is Rank.ACE
        and not k.is_trump(c)
        and k.rounds_of(k.suit(c)) == 0
        and not any(k.suit(c) in k.voids[s] for s in range(4) if k.opponent(s))
    ]
    if not aces:
        return None
    return min(aces, key=lambda c: sum(1 for o in cards if k.suit(o) == k.suit(c)))


def lead_sure_winner(k: Knowledge, cards: list[Card]) -> Card | None:
    """Lead a card nobody can beat (the top trump left, an ace nobody can ruff)."""
    sure = [c for c in cards if not k.could_be_beaten(c) and k.higher_unseen(c) == 0]
    return max(sure, key=lambda c: (c.points, k.strength(c)), default=None)


def lead_low(k: Knowledge, cards: list[Card]) -> Card | None:
    """Otherwise lead cheaply: a low plain card from a suit without the ace, else a low trump;
    Re players in a normal game lead low trumps to help the partner find them."""
    plain = [c for c in cards if not k.is_trump(c) and c.rank is not Rank.TEN]
    trumps = [c for c in cards if k.is_trump(c) and c not in (FOX, CHARLIE)]
    re_finds_partner = k.team is Team.RE and k.view.contract is Contract.NORMAL and trumps
    if re_finds_partner or not plain:
        return _lowest(k, trumps or cards)
    return _lowest(k, plain)


LEAD_RULES: Sequence[Rule] = (
    hochzeit_clarification,
    soloist_pulls_trumps,
    lead_black_ace,
    lead_sure_winner,
    lead_low,
)

# ---- following --------------------------------------------------------------------------


def catch_fox(k: Knowledge, cards: list[Card]) -> Card | None:
    """An opponent's fox in the trick is worth a winning card."""
    fox_in_trick = any(card == FOX and k.opponent(seat) for seat, card in k.view.current_trick)
    if not fox_in_trick or k.trick_best is None or k.partner_of(k.trick_best[0]):
        return None
    return _cheapest_winner(k, cards, safe_only=False)


def smear_to_partner(k: Knowledge, cards: list[Card]) -> Card | None:
    """Give points (ace, ten, fox) into a trick the partner surely wins."""
    best = k.trick_best
    if best is None or not k.partner_of(best[0]) or k.could_be_beaten(best[1]):
        return None
    givable = [c for c in cards if not k.is_trump(c) or k.strength(c) <= k.strength(FOX)]
    return max(givable or cards, key=lambda c: (c.points, -k.strength(c)))


def take_rich_trick(k: Knowledge, cards: list[Card]) -> Card | None:
    """Take a trick the other side is winning when it is worth it: safely if possible, in the
    last seat with the cheapest card, and never spend a Dulle on a poor trick."""
    best = k.trick_best
    if best is None or k.partner_of(best[0]):
        return None
    last = not k.still_to_play
    safe = _cheapest_winner(k, cards, safe_only=True)
    if safe is not None and (last or k.trick_points >= RICH_TRICK or safe.points >= 10):
        return None if safe == DULLE and k.trick_points < RICH_TRICK else safe
    any_winner = _cheapest_winner(k, cards, safe_only=False)
    if any_winner is not None and not last and k.trick_points >= 2 * RICH_TRICK:
        return any_winner
    return None


def keep_fox_out(k: Knowledge, cards: list[Card]) -> Card | None:
    """With nothing better to do, give the least: never the fox or Charlie into a trick the
    other side may take."""
    best = k.trick_best
    if best is not None and k.partner_of(best[0]) and not k.could_be_beaten(best[1]):
        return max(cards, key=lambda c: c.points)
    return _lowest(k, cards)


FOLLOW_RULES: Sequence[Rule] = (
    hochzeit_clarification,
    catch_fox,
    smear_to_partner,
    take_rich_trick,
    keep_fox_out,
)


def choose_card(k: Knowledge, cards: list[Card]) -> Card:
    """The first rule with an opinion decides."""
    rules = FOLLOW_RULES if k.view.current_trick else LEAD_RULES
    for rule in rules:
        card = rule(k, cards)
        if card is not None:
            return card
    return _lowest(k, cards)
