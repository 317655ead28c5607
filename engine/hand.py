"""One hand as a state machine with explicit phases (RULES.md §4–§6).

`legal_actions(seat)` answers for every seat at every moment; `apply(action)` checks the
action completely before it changes anything, so a refused action leaves the hand as it was.
Cards in hands are integer multisets (see `engine.cards`), so bots can copy a hand and play
it out thousands of times per decision.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from itertools import combinations

from engine.actions import RESERVATIONS, Act, Action
from engine.announcements import (
    Announcement,
    Step,
    Team,
    TeamCalls,
    after_call,
    call_for,
    callable_steps,
    hochzeit_shift,
)
from engine.cards import (
    CARDS,
    POINTS,
    TYPES,
    Card,
    CardSet,
    Rank,
    Suit,
    mask_add,
    mask_indices,
    mask_remove,
    mask_types,
)
from engine.contracts import TRUMP, CardOrder, Contract, card_order
from engine.errors import IllegalAction
from engine.legality import refusal
from engine.phases import Phase
from engine.rules import RuleSet
from engine.scoring import HandResult, score_hand
from engine.trick import Trick

QUEEN_OF_CLUBS = Card(Suit.CLUBS, Rank.QUEEN).index
FOX = Card(Suit.DIAMONDS, Rank.ACE).index
DULLE = Card(Suit.HEARTS, Rank.TEN).index
_NORMAL = card_order(Contract.NORMAL)


def _priority(act: Act) -> int:
    """§5: any solo > Armut > Hochzeit > healthy."""
    if act.is_solo:
        return 3
    return {Act.ARMUT: 2, Act.HOCHZEIT: 1}.get(act, 0)


def _both(mask: int, index: int) -> bool:
    return bool(mask >> (index + TYPES) & 1)


def _normal_trumps(mask: int) -> int:
    types = mask & _NORMAL.trump_mask
    return types.bit_count() + ((mask >> TYPES) & _NORMAL.trump_mask).bit_count()


class Hand:
    """A hand from the deal to the last card; see the module docstring."""

    def __init__(self, rules: RuleSet, hands: Sequence[CardSet], dealer: int) -> None:
        self.rules = rules
        self.dealer = dealer
        self.forehand = (dealer + 1) % 4
        self.dealt: tuple[CardSet, ...] = tuple(hands)
        self._hands = [hand.mask for hand in hands]
        self.phase = Phase.RESERVATIONS
        self.to_act: int | None = self.forehand
        self.declarations: list[tuple[int, Act]] = []
        self.contract: Contract | None = None
        self.declarer: int | None = None
        self.armut_given: CardSet | None = None
        self.armut_acceptor: int | None = None
        self.armut_returned: CardSet | None = None
        self.order: CardOrder = _NORMAL
        self.schweinchen: int | None = None
        self.team_of: list[Team | None] = [None] * 4
        self.tricks: list[Trick] = []
        self.trick_leader = self.forehand
        self.trick_cards: list[int] = []
        self._best_seat = 0
        self._best_card = 0
        self.clarification: int | None = None
        self.calls = {Team.RE: TeamCalls(), Team.KONTRA: TeamCalls()}
        self.announcements: list[Announcement] = []
        self.actions: list[Action] = []
        self._result: HandResult | None = None

    def copy(self) -> Hand:
        """An independent copy (for bots' look-ahead)."""
        twin = copy.copy(self)
        twin._hands = list(self._hands)
        twin.declarations = list(self.declarations)
        twin.team_of = list(self.team_of)
        twin.tricks = list(self.tricks)
        twin.trick_cards = list(self.trick_cards)
        twin.calls = dict(self.calls)
        twin.announcements = list(self.announcements)
        twin.actions = list(self.actions)
        return twin

    # ---- what a seat holds and knows -------------------------------------------------

    def cards_of(self, seat: int) -> CardSet:
        return CardSet(self._hands[seat])

    def cards_left(self, seat: int) -> int:
        return self._hands[seat].bit_count()

    @property
    def tricks_per_hand(self) -> int:
        return self.rules.cards_per_seat

    @property
    def is_over(self) -> bool:
        return self.phase in (Phase.DONE, Phase.REDEAL)

    @property
    def soloist(self) -> int | None:
        """The lone Re seat in any solo (a silent solo and a Hochzeit played alone included)."""
        return self.declarer if self.contract is not None and self.contract.is_solo else None

    def current_trick(self) -> list[tuple[int, Card]]:
        """(seat, card) pairs of the trick being played."""
        return [((self.trick_leader + i) % 4, CARDS[c]) for i, c in enumerate(self.trick_cards)]

    # ---- legal actions ----------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now; announcements count for every seat in play."""
        if self.phase is Phase.PLAY:
            plays = [Action(seat, Act.PLAY, card=CARDS[c]) for c in self._playable(seat)]
            return self._announce_actions(seat) + plays
        if seat != self.to_act:
            return []
        if self.phase is Phase.RESERVATIONS:
            return [Action(seat, act) for act in RESERVATIONS if self.may_declare(seat, act)]
        if self.phase is Phase.ARMUT_GIVE:
            return [Action(seat, Act.ARMUT_GIVE, cards=c) for c in self._armut_gifts(seat)]
        if self.phase is Phase.ARMUT_RESPONSE:
            return [Action(seat, Act.ARMUT_ACCEPT), Action(seat, Act.ARMUT_DECLINE)]
        if self.phase is Phase.ARMUT_RETURN:
            return [Action(seat, Act.ARMUT_RETURN, cards=c) for c in self._triples(seat)]
        return []

    def legal_notations(self, seat: int) -> list[str]:
        """The short strings of `legal_actions`, sorted as `--trace` lists them."""
        return sorted(action.notation for action in self.legal_actions(seat))

    def playable_mask(self, seat: int) -> int:
        """Card types `seat` may play now, as a 24-bit mask (0 when not its turn)."""
        if self.phase is not Phase.PLAY or seat != self.to_act:
            return 0
        types = mask_types(self._hands[seat])
        if self.trick_cards:
            # Follow suit: all trumps are one suit; without the led suit, any card.
            led = self.order.follow_masks[self.order.suit_of[self.trick_cards[0]]]
            return types & led or types
        return types

    def _playable(self, seat: int) -> list[int]:
        return list(mask_indices(self.playable_mask(seat)))

    def may_declare(self, seat: int, act: Act) -> bool:
        """§5 eligibility: Hochzeit with both Q♣, Armut with at most three trumps."""
        if act is Act.HOCHZEIT:
            return _both(self._hands[seat], QUEEN_OF_CLUBS)
        if act is Act.ARMUT:
            return self.rules.armut and _normal_trumps(self._hands[seat]) <= 3
        return True

    def _cards_list(self, seat: int) -> list[Card]:
        return list(CardSet(self._hands[seat]))

    def _triples(self, seat: int) -> list[tuple[Card, ...]]:
        """Every distinct choice of three cards from the seat's hand, in deck order."""
        return sorted(set(combinations(self._cards_list(seat), 3)), key=_triple_key)

    def _armut_gifts(self, seat: int) -> list[tuple[Card, ...]]:
        """§5: the three cards handed over must include all the poor player's trumps."""
        trumps = _normal_trumps(self._hands[seat])
        return [t for t in self._triples(seat) if sum(map(_NORMAL.is_trump, t)) == trumps]

    def announce_steps(self, seat: int) -> list[Step]:
        """The steps `seat` may announce now for its team (§6)."""
        team = self.team_of[seat]
        if self.phase is not Phase.PLAY or team is None or self.awaiting_clarification:
            return []
        shift = hochzeit_shift(self.rules, self.clarification)
        other = self.calls[team.other].step
        return callable_steps(self.calls[team], other, self.cards_left(seat), self.rules, shift)

    @property
    def awaiting_clarification(self) -> bool:
        """§6.4: no announcements until the Hochzeit's clarification trick is complete."""
        return self.contract is Contract.HOCHZEIT and self.clarification is None

    def _announce_actions(self, seat: int) -> list[Action]:
        team = self.team_of[seat]
        steps = self.announce_steps(seat)
        if team is None:
            return []
        return [Action(seat, Act.ANNOUNCE, call=call_for(step, team)) for step in steps]

    # ---- applying actions -------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Applies a legal action; raises `IllegalAction` with the reason and changes nothing."""
        reason = refusal(self, action)
        if reason is not None:
            raise IllegalAction(f"{action}: {reason}")
        self._perform(action)
        self.actions.append(action)

    def _perform(self, action: Action) -> None:
        seat = action.seat
        if action.act is Act.PLAY:
            assert action.card is not None
            self.play(seat, action.card.index)
        elif action.act is Act.ANNOUNCE:
            assert action.call is not None
            self._announce(seat, action.call.step)
        elif action.act.is_reservation:
            self._declare(seat, action.act)
        elif action.act is Act.ARMUT_GIVE:
            self._give(seat, action.cards)
        elif action.act is Act.ARMUT_ACCEPT:
            self._accept(seat)
        elif action.act is Act.ARMUT_DECLINE:
            self._decline(seat)
        else:
            self._return(seat, action.cards)

    # ---- reservations (§5) --------------------------------------------------------------

    def _declare(self, seat: int, act: Act) -> None:
        self.declarations.append((seat, act))
        if len(self.declarations) < 4:
            self.to_act = (seat + 1) % 4
            return
        seat, act = max(self.declarations, key=lambda item: _priority(item[1]))
        if act.is_solo:
            self._start_play(act.contract, seat)
        elif act is Act.ARMUT:
            self.declarer, self.phase, self.to_act = seat, Phase.ARMUT_GIVE, seat
        elif act is Act.HOCHZEIT:
            self._start_play(Contract.HOCHZEIT, seat)
        else:
            self._start_healthy_game()

    def _start_healthy_game(self) -> None:
        """All healthy: a normal game, or a silent solo for a holder of both Q♣."""
        for seat in range(4):
            if _both(self._hands[seat], QUEEN_OF_CLUBS):
                self._start_play(Contract.SILENT_SOLO, seat)
                return
        self._start_play(Contract.NORMAL, None)

    # ---- Armut exchange (§5) ----------------------------------------------------------

    def _give(self, seat: int, cards: tuple[Card, ...]) -> None:
        for card in cards:
            self._hands[seat] = mask_remove(self._hands[seat], card.index)
        self.armut_given = CardSet.of(cards)
        self.phase, self.to_act = Phase.ARMUT_RESPONSE, (seat + 1) % 4

    def _accept(self, seat: int) -> None:
        assert self.armut_given is not None
        for card in self.armut_given:
            self._hands[seat] = mask_add(self._hands[seat], card.index)
        self.armut_acceptor, self.phase = seat, Phase.ARMUT_RETURN

    def _decline(self, seat: int) -> None:
        following = (seat + 1) % 4
        if following == self.declarer:
            self.phase, self.to_act = Phase.REDEAL, None
        else:
            self.to_act = following

    def _return(self, seat: int, cards: tuple[Card, ...]) -> None:
        assert self.declarer is not None
        for card in cards:
            self._hands[seat] = mask_remove(self._hands[seat], card.index)
            self._hands[self.declarer] = mask_add(self._hands[self.declarer], card.index)
        self.armut_returned = CardSet.of(cards)
        self._start_play(Contract.ARMUT, self.declarer)

    @property
    def armut_trumps_returned(self) -> int | None:
        """What the table is told: how many trumps came back to the poor player."""
        if self.armut_returned is None:
            return None
        return sum(1 for card in self.armut_returned if _NORMAL.is_trump(card))

    # ---- play (§4) ----------------------------------------------------------------------

    def _start_play(self, contract: Contract, declarer: int | None) -> None:
        self.contract, self.declarer = contract, declarer
        self.schweinchen = self._schweinchen_holder(contract)
        self.order = card_order(contract, self.schweinchen is not None)
        self.team_of = [self._initial_team(seat) for seat in range(4)]
        leader = self.forehand
        if self.rules.soloist_leads and contract.is_declared_solo:
            assert declarer is not None
            leader = declarer
        self.phase, self.to_act, self.trick_leader = Phase.PLAY, leader, leader

    def _schweinchen_holder(self, contract: Contract) -> int | None:
        """§3: the holder of both A♦ when play starts, where diamonds are trumps."""
        if not (self.rules.schweinchen and contract.diamonds_are_trumps):
            return None
        holders = [seat for seat in range(4) if _both(self._hands[seat], FOX)]
        return holders[0] if holders else None

    def _initial_team(self, seat: int) -> Team | None:
        contract = self.contract
        if contract is Contract.NORMAL:
            return Team.RE if self._hands[seat] >> QUEEN_OF_CLUBS & 1 else Team.KONTRA
        if contract is Contract.ARMUT:
            return Team.RE if seat in (self.declarer, self.armut_acceptor) else Team.KONTRA
        if contract is Contract.HOCHZEIT:
            return Team.RE if seat == self.declarer else None
        return Team.RE if seat == self.declarer else Team.KONTRA

    def play(self, seat: int, card: int) -> None:
        """Plays card type `card` for `seat` without checks: the fast path for look-ahead.
        Callers outside the engine go through `apply`."""
        self._hands[seat] = mask_remove(self._hands[seat], card)
        cards = self.trick_cards
        if not cards or self._beats(card, self._best_card):
            self._best_seat, self._best_card = seat, card
        cards.append(card)
        if len(cards) < 4:
            self.to_act = (seat + 1) % 4
        else:
            self._complete_trick()

    def _beats(self, card: int, best: int) -> bool:
        """A later card wins only if strictly stronger, but for the second Dulle rule (§4)."""
        order = self.order
        suit = order.suit_of[card]
        if suit != TRUMP and suit != order.suit_of[best]:
            return False
        if order.strength[card] > order.strength[best]:
            return True
        return (
            card == best == DULLE
            and self.rules.second_dulle_beats_first
            and suit == TRUMP
            and len(self.tricks) < self.tricks_per_hand - 1
        )

    def _complete_trick(self) -> None:
        cards = self.trick_cards
        winner = self._best_seat
        points = POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
        trick = Trick(self.trick_leader, tuple(CARDS[c] for c in cards), winner, points)
        self.tricks.append(trick)
        self.trick_cards = []
        self.trick_leader = self.to_act = winner
        if self.awaiting_clarification:
            self._clarify_hochzeit(winner)
        if len(self.tricks) == self.tricks_per_hand:
            self.phase, self.to_act = Phase.DONE, None

    def _clarify_hochzeit(self, winner: int) -> None:
        """§5: the first other winner of tricks 1–3 is the partner; else the Hochzeit is a solo."""
        number = len(self.tricks)
        if winner != self.declarer:
            partners = (self.declarer, winner)
            self.team_of = [Team.RE if s in partners else Team.KONTRA for s in range(4)]
            self.clarification = number
        elif number == 3:
            self.contract = Contract.HOCHZEIT_SOLO
            self.team_of = [Team.RE if s == self.declarer else Team.KONTRA for s in range(4)]
            self.clarification = number

    def result(self) -> HandResult:
        """The score of a finished hand (§7, §8), worked out once: nothing changes after the
        last card, and the table, the views and the game all ask for it."""
        if self.phase is not Phase.DONE or self.contract is None:
            raise IllegalAction(f"the hand is not finished (phase {self.phase})")
        if self._result is None:
            teams = [team or Team.KONTRA for team in self.team_of]
            announced = {team: calls.step for team, calls in self.calls.items()}
            schweinchen = self.schweinchen is not None
            self._result = score_hand(
                self.rules, self.contract, teams, self.tricks, announced, schweinchen
            )
        return self._result

    # ---- announcements (§6) -----------------------------------------------------------

    def _announce(self, seat: int, step: Step) -> None:
        team = self.team_of[seat]
        assert team is not None
        cards = self.cards_left(seat)
        shift = hochzeit_shift(self.rules, self.clarification)
        self.calls[team] = after_call(self.calls[team], step, cards, self.rules, shift)
        trick = len(self.tricks) + 1
        self.announcements.append(Announcement(seat, call_for(step, team), trick, cards))


def _triple_key(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(card.index for card in cards)
