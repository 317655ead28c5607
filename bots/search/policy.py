"""How every seat plays in a sampled world: a fast, sensible player who sees all cards.

Inside one world the search knows every hand, so each seat plays "double dummy": it knows
which of its cards can still be beaten by the opponents after it. The rules are a club
player's (take a rich trick with the cheapest card that holds, smear points to a partner's
sure trick, lead winners, give away the least), so that neither side looks helpless: random
play-outs make defenders weak and overrate bold contracts.

Everything works on card-type masks (`engine.cards`), since a play-out asks this for each of
its cards. Who beats whom is the engine's `CardOrder.beaten_by`, nothing of its own.
"""

from __future__ import annotations

from engine import TRUMP, CardOrder, Hand, Team
from engine.cards import CHARLIE, FOX, POINTS, mask_indices, mask_types

_FOX = FOX.index
_CHARLIE = CHARLIE.index
WORTH_A_TRUMP = 10
"""Card points in a trick for which a seat spends a high trump (a queen or the Dulle)."""
HIGH_TRUMPS = 5
"""The top trumps of a colour game (the Dulle and the queens) are kept for rich tricks."""


def policy_card(hand: Hand, seat: int) -> int:
    """The card type `seat` plays now (an `engine.Policy`)."""
    playable = hand.playable_mask(seat)
    if not playable & (playable - 1):
        return playable.bit_length() - 1
    if hand.trick_cards:
        return _follow(hand, seat, playable)
    return _lead(hand, seat, playable)


def _opponents(hand: Hand, seat: int, seats: list[int]) -> list[int]:
    """The seats among `seats` not known to play on `seat`'s side (a Hochzeit's unclarified
    seats count as opponents)."""
    team = hand.team_of
    own = team[seat]
    return [other for other in seats if own is None or team[other] is not own]


def _threat(hand: Hand, seats: list[int], suit: int) -> int:
    """Every card type one of `seats` may play to a trick led in `suit` (follow suit, else
    anything): a card is safe when none of these beats it."""
    follow = hand.order.follow_masks[suit]
    threat = 0
    for other in seats:
        held = mask_types(hand.held_mask(other))
        threat |= held & follow or held
    return threat


def _follow(hand: Hand, seat: int, playable: int) -> int:
    order, last = hand.order, hand.is_last_trick
    cards = hand.trick_cards
    best_seat, best = hand.trick_winner, hand.trick_best_card
    assert best_seat is not None and best is not None
    later = [(seat + k) % 4 for k in range(1, 4 - len(cards))]
    threat = _threat(hand, _opponents(hand, seat, later), order.suit_of[cards[0]])
    beaten_by = order.beaten_by
    if not _opponents(hand, seat, [best_seat]) and not threat & beaten_by(best, last):
        return _smear(order, playable)
    safe = [
        card
        for card in mask_indices(playable & beaten_by(best, last))
        if not threat & beaten_by(card, last)
    ]
    if safe:
        card = min(safe, key=lambda c: (order.strength[c], POINTS[c]))
        points = sum(POINTS[c] for c in cards) + POINTS[card]
        if points >= WORTH_A_TRUMP or not _is_high_trump(order, card):
            return card
    return _cheapest(hand, order, playable)


def _lead(hand: Hand, seat: int, playable: int) -> int:
    order, last = hand.order, hand.is_last_trick
    opponents = _opponents(hand, seat, [(seat + k) % 4 for k in (1, 2, 3)])
    threats: dict[int, int] = {}
    sure = []
    for card in mask_indices(playable):
        suit = order.suit_of[card]
        if suit not in threats:
            threats[suit] = _threat(hand, opponents, suit)
        if not threats[suit] & order.beaten_by(card, last):
            sure.append(card)
    if sure:
        return max(sure, key=lambda c: (POINTS[c], -order.strength[c]))
    trumps = playable & order.trump_mask
    if trumps and _draws_trumps(hand, seat):
        return max(mask_indices(trumps), key=lambda c: order.strength[c])
    plain = playable & ~order.trump_mask
    return _cheapest(hand, order, plain or playable)


def _draws_trumps(hand: Hand, seat: int) -> bool:
    """A soloist, or a Re player of a normal game, leads trumps to pull the opponents'."""
    if hand.soloist == seat:
        return True
    return hand.team_of[seat] is Team.RE and hand.contract is not None and not hand.contract.is_solo


def _is_high_trump(order: CardOrder, card: int) -> bool:
    trumps = order.trumps
    if order.suit_of[card] != TRUMP or len(trumps) < HIGH_TRUMPS:
        return False
    return order.strength[card] >= order.strength[trumps[HIGH_TRUMPS - 1].index]


def _smear(order: CardOrder, playable: int) -> int:
    """Most points into the partner's sure trick, but not a trump above the fox's rank."""
    low = [
        card
        for card in mask_indices(playable)
        if order.suit_of[card] != TRUMP or order.strength[card] <= order.strength[_FOX]
    ]
    if not low:
        return min(mask_indices(playable), key=lambda c: order.strength[c])
    return max(low, key=lambda c: (POINTS[c], -order.strength[c]))


def _cheapest(hand: Hand, order: CardOrder, playable: int) -> int:
    """What costs least to give away: few points, not the fox or Charlie, a low trump."""
    team_game = hand.contract is not None and not hand.contract.is_solo

    def cost(card: int) -> tuple[float, int]:
        extra = (8 if card == _FOX else 4 if card == _CHARLIE else 0) if team_game else 0
        trump = order.strength[card] / 20 if order.suit_of[card] == TRUMP else 0
        return POINTS[card] + extra + trump, order.strength[card]

    return min(mask_indices(playable), key=cost)
