"""Exact play of the last tricks of a world where every card is known.

Near the end of a hand a play-out policy's mistakes decide the score, and few cards are
left, so the search solves those positions instead: alpha-beta over the seats' cards
(the seat's team maximises, the other team minimises) with a transposition table at trick
boundaries. Before the solver runs, the teams are settled (a Hochzeit clarifies within three
tricks), so the hand is zero-sum between two fixed teams.

The value is the seat's game points (the real score: announcements, levels, extras), with
its team's card points as a tie-break among equal scores; `VALUE_SCALE` packs both into one
integer. Scoring goes trick by trick through the engine (`outcome_net`, `trick_extras_net`),
and cards go down and come back with `Hand.play` and `Hand.unplay`.
"""

from __future__ import annotations

from engine import CardOrder, Hand, Step, Team
from engine.cards import CHARLIE, DULLE, FOX, POINTS, mask_types
from engine.scoring import outcome_net, trick_extras_net
from engine.stakes import SOLO_FACTOR, TOTAL_POINTS

VALUE_SCALE = 256
"""value = game points × 256 + the team's card points (at most 240)."""
_INFINITY = 1 << 30


class EndgameSolver:
    """Solves one world's hand from its current position for `seat` (who is to play)."""

    def __init__(self, hand: Hand, seat: int, announced: dict[Team, Step] | None = None) -> None:
        team = hand.team_of[seat]
        if team is None or hand.contract is None:
            raise ValueError("the teams must be settled before the last tricks are solved")
        self.hand = hand.copy()
        self.team = team
        self.contract = hand.contract
        self.factor = SOLO_FACTOR if seat == hand.soloist else 1
        self.announced = announced or {t: calls.step for t, calls in hand.calls.items()}
        self.schweinchen = hand.schweinchen is not None
        self.re_points, self.re_tricks, self.extras = self._tally_so_far()
        self.ranked = _ranked(hand.order)
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}

    def values(self) -> dict[int, int]:
        """Each card type the seat may play now, with its exact value (see `VALUE_SCALE`)."""
        hand = self.hand
        seat = hand.to_act
        assert seat is not None
        result = {}
        for card, twins in self._moves(seat):
            value = self._after(seat, card, -_INFINITY, _INFINITY)
            for twin in twins:
                result[twin] = value
        return result

    def game_points(self, value: int) -> int:
        """The seat's game points of a value (its card points dropped)."""
        return value // VALUE_SCALE

    def _tally_so_far(self) -> tuple[int, int, int]:
        """Re's card points, tricks and extras from the tricks already played."""
        deltas = [self._trick(number) for number in range(1, len(self.hand.tricks) + 1)]
        return tuple(sum(delta[i] for delta in deltas) for i in range(3))  # type: ignore[return-value]

    def _trick(self, trick_number: int) -> tuple[int, int, int]:
        """What trick `trick_number` gave Re: card points, a trick, extras (Re less Kontra)."""
        hand = self.hand
        trick = hand.tricks[trick_number - 1]
        teams = [t or Team.KONTRA for t in hand.team_of]
        re = teams[trick.winner] is Team.RE
        extras = trick_extras_net(
            hand.rules, self.contract, teams, trick, trick_number, self.schweinchen
        )
        return (trick.points if re else 0), int(re), extras

    def _leaf(self) -> int:
        net = outcome_net(
            self.hand.rules, self.contract, self.announced, self.re_points, self.re_tricks
        )
        net += self.extras
        points = self.re_points
        if self.team is Team.KONTRA:
            net, points = -net, TOTAL_POINTS - points
        return net * self.factor * VALUE_SCALE + points

    def _after(self, seat: int, card: int, alpha: int, beta: int) -> int:
        """The value once `seat` has played `card`, the trick it completes scored."""
        hand = self.hand
        tricks = len(hand.tricks)
        hand.play(seat, card)
        saved = self.re_points, self.re_tricks, self.extras
        if len(hand.tricks) > tricks:
            points, won, extras = self._trick(len(hand.tricks))
            self.re_points += points
            self.re_tricks += won
            self.extras += extras
        value = self._search(alpha, beta)
        self.re_points, self.re_tricks, self.extras = saved
        hand.unplay()
        return value

    def _search(self, alpha: int, beta: int) -> int:
        hand = self.hand
        seat = hand.to_act
        if seat is None:
            return self._leaf()
        key = self._key(seat) if not hand.trick_cards else None
        original = alpha, beta
        if key is not None and key in self.table:
            lower, upper = self.table[key]
            if lower >= beta or lower == upper:
                return lower
            if upper <= alpha:
                return upper
            alpha, beta = max(alpha, lower), min(beta, upper)
        value = self._best(seat, alpha, beta)
        if key is not None:
            self._store(key, value, *original)
        return value

    def _moves(self, seat: int) -> list[tuple[int, list[int]]]:
        """The seat's playable cards, strongest first, one per class of equivalent cards:
        same suit class and card points, no card left in play ranked between them, neither
        the fox nor Charlie nor the Dulle (extras and the second-Dulle rule tell them apart)."""
        hand = self.hand
        order = hand.order
        in_play = mask_types(
            hand.held_mask(0) | hand.held_mask(1) | hand.held_mask(2) | hand.held_mask(3)
        )
        for card in hand.trick_cards:
            in_play |= 1 << card
        playable = hand.playable_mask(seat)
        moves: list[tuple[int, list[int]]] = []
        previous = -1
        for card in self.ranked:
            if not in_play >> card & 1:
                continue
            if playable >> card & 1:
                if previous >= 0 and _equivalent(order, previous, card):
                    moves[-1][1].append(card)
                else:
                    moves.append((card, [card]))
                previous = card
            else:
                previous = -1
        return moves

    def _best(self, seat: int, alpha: int, beta: int) -> int:
        hand = self.hand
        maximising = hand.team_of[seat] is self.team
        best = -_INFINITY if maximising else _INFINITY
        for card, _ in self._moves(seat):
            value = self._after(seat, card, alpha, beta)
            if maximising:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    def _key(self, seat: int) -> tuple[int, ...]:
        hand = self.hand
        held = tuple(hand.held_mask(s) for s in range(4))
        return (*held, seat, self.re_points, self.re_tricks, self.extras)

    def _store(self, key: tuple[int, ...], value: int, alpha: int, beta: int) -> None:
        lower, upper = self.table.get(key, (-_INFINITY, _INFINITY))
        if value <= alpha:
            upper = min(upper, value)
        elif value >= beta:
            lower = max(lower, value)
        else:
            lower = upper = value
        self.table[key] = (lower, upper)


def _ranked(order: CardOrder) -> tuple[int, ...]:
    """Card types by suit class, strongest first within each."""
    return tuple(
        sorted(range(len(order.suit_of)), key=lambda c: (order.suit_of[c], -order.strength[c]))
    )


def _equivalent(order: CardOrder, higher: int, lower: int) -> bool:
    return (
        order.suit_of[higher] == order.suit_of[lower]
        and POINTS[higher] == POINTS[lower]
        and higher not in _SPECIAL
        and lower not in _SPECIAL
    )


_SPECIAL = frozenset(card.index for card in (FOX, CHARLIE, DULLE))
"""The fox and Charlie earn extras; the Dulle has the second-Dulle rule."""
