"""Reservations and the Armut exchange: what to declare, accept, give and return."""

from __future__ import annotations

from bots.heuristic.evaluation import hand_value, has_both, solo_value
from engine import SOLOS, TRUMP, Act, Action, Card, CardSet, Contract, SeatView, card_order
from engine.cards import QUEEN_OF_CLUBS, Rank

SOLO_THRESHOLD = 14.0
"""`solo_value` from which a solo is declared; tuned for 1–6 % solos won ≥ 60 % of the time."""
SILENT_SOLO_THRESHOLD = 13.5
"""With both Q♣ a silent solo needs less: the opponents do not know they face a soloist."""
ACCEPT_ARMUT_THRESHOLD = 10.0
"""Normal-game `hand_value` needed to take on a poor partner."""

_NORMAL = card_order(Contract.NORMAL)


def best_solo(hand: CardSet) -> tuple[Act, float]:
    """The solo this hand plays best, with its value."""
    return max(((act, solo_value(hand, act.contract)) for act in SOLOS), key=lambda item: item[1])


def choose_reservation(view: SeatView) -> Act:
    return reservation_for(view.hand, {action.act for action in view.legal})


def reservation_for(hand: CardSet, legal: set[Act]) -> Act:
    """Solo when it is likely to win; with both Q♣ a silent solo or a Hochzeit; Armut when
    eligible (few trumps make a poor partner anyway); else healthy."""
    solo, value = best_solo(hand)
    if value >= SOLO_THRESHOLD:
        return solo
    if has_both(hand, QUEEN_OF_CLUBS):
        return Act.HEALTHY if wants_silent_solo(hand) or Act.HOCHZEIT not in legal else Act.HOCHZEIT
    if Act.ARMUT in legal:
        return Act.ARMUT
    return Act.HEALTHY


def wants_silent_solo(hand: CardSet) -> bool:
    """With both Q♣, say healthy and play alone when the hand makes a good diamond solo."""
    return solo_value(hand, Contract.SOLO_DIAMONDS) >= SILENT_SOLO_THRESHOLD


def accept_armut(view: SeatView) -> bool:
    """Take an Armut only with a strong trump holding of one's own."""
    return hand_value(view.hand, Contract.NORMAL) >= ACCEPT_ARMUT_THRESHOLD


def _is_trump(card: Card) -> bool:
    return _NORMAL.suit_of[card.index] == TRUMP


def exchange_cost(hand: CardSet, passed: tuple[Card, ...]) -> float:
    """Lower is better: keep aces and trumps, empty short suits to make voids."""
    kept = hand - CardSet.of(passed)
    cost = 0.0
    for card in passed:
        cost += 10 if card.rank is Rank.ACE else 0
        cost += 8 + _NORMAL.strength[card.index] / 10 if _is_trump(card) else 0
        cost -= card.points / 10
    voids = sum(1 for suit in range(3) if not any(_NORMAL.suit_of[c.index] == suit for c in kept))
    return cost - 2 * voids


def choose_exchange(view: SeatView) -> Action:
    """Give (all trumps plus the least useful cards) or return (no trumps unless forced)."""
    return min(view.legal, key=lambda action: exchange_cost(view.hand, action.cards))


def choose_armut_response(view: SeatView) -> Act:
    return Act.ARMUT_ACCEPT if accept_armut(view) else Act.ARMUT_DECLINE
