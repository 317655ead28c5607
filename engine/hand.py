"""One hand as a state machine with explicit phases (docs/rules.md §4–§6).

`legal_actions(seat)` answers for every seat at every moment; `apply(action)` checks the
action completely before it changes anything, so a refused action leaves the hand as it was.
Cards in hands are integer multisets (see `engine.cards`), so bots can copy a hand and play
it out thousands of times per decision: `play` is the unchecked fast path, `unplay` takes a
card back (the exact solver walks the last tricks with it), and `score_of` scores a finished
hand without building the explained result.

The module stays whole, longer than the others: the phases share the hand's private state
(its card masks, the trick in progress, the undo stack), and the look-ahead's hot path reads
it directly; split across modules, every phase would reach into another's internals.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from itertools import combinations

from engine.actions import RESERVATIONS, Act, Action
from engine.announcements import (
    Announcement,
    Call,
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
    FOX,
    POINTS,
    QUEEN_OF_CLUBS,
    TYPES,
    Card,
    CardSet,
    mask_add,
    mask_indices,
    mask_remove,
    mask_types,
)
from engine.contracts import (
    ARMUT_CARDS,
    ARMUT_MOST_TRUMPS,
    HOCHZEIT_TRICKS,
    CardOrder,
    Contract,
    beats_index,
    card_order,
)
from engine.errors import IllegalAction
from engine.legality import refusal
from engine.phases import Phase
from engine.rules import RuleSet
from engine.scoring import HandResult, re_net, score_hand, seat_score
from engine.trick import Trick

_QUEEN_OF_CLUBS = QUEEN_OF_CLUBS.index
_FOX = FOX.index
_NORMAL = card_order(Contract.NORMAL)


PLAYS = tuple(tuple(Action(seat, Act.PLAY, card=card) for card in CARDS) for seat in range(4))
"""Every card play as an action, by seat and card type: views list them for every decision."""
ANNOUNCES = tuple(
    {call: Action(seat, Act.ANNOUNCE, call=call) for call in Call} for seat in range(4)
)


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
        self._last_trick = rules.last_trick
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
        self.queens_played = [0, 0, 0, 0]
        """Q♣ each seat has played: in a normal game they show the Re players (views ask)."""
        self.foxes_played = [0, 0, 0, 0]
        """A♦ each seat has played: the first of a Schweinchen shows it (§3)."""
        self._undo: list[_Undo] = []
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
        twin.queens_played = list(self.queens_played)
        twin.foxes_played = list(self.foxes_played)
        twin._undo = list(self._undo)
        return twin

    # ---- what a seat holds and knows -------------------------------------------------

    def cards_of(self, seat: int) -> CardSet:
        return CardSet(self._hands[seat])

    def cards_left(self, seat: int) -> int:
        return self._hands[seat].bit_count()

    def held_mask(self, seat: int) -> int:
        """The seat's cards as the raw multiset integer of `engine.cards` (look-ahead path)."""
        return self._hands[seat]

    @property
    def trick_winner(self) -> int | None:
        """The seat whose card wins the trick being played so far; None before the lead."""
        return self._best_seat if self.trick_cards else None

    @property
    def trick_best_card(self) -> int | None:
        """The card type winning the trick being played so far; None before the lead."""
        return self._best_card if self.trick_cards else None

    @property
    def is_last_trick(self) -> bool:
        return len(self.tricks) == self._last_trick

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
            plays = [PLAYS[seat][c] for c in self._playable(seat)]
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
            return _both(self._hands[seat], _QUEEN_OF_CLUBS)
        if act is Act.ARMUT:
            return self.rules.armut and _normal_trumps(self._hands[seat]) <= ARMUT_MOST_TRUMPS
        return True

    def _cards_list(self, seat: int) -> list[Card]:
        return list(CardSet(self._hands[seat]))

    def _triples(self, seat: int) -> list[tuple[Card, ...]]:
        """Every distinct choice of three cards from the seat's hand, in deck order."""
        triples = combinations(self._cards_list(seat), ARMUT_CARDS)
        return sorted(set(triples), key=_triple_key)

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
        return [ANNOUNCES[seat][call_for(step, team)] for step in steps]

    # ---- applying actions -------------------------------------------------------------

    def apply(self, action: Action, checked: bool = True) -> None:
        """Applies a legal action; raises `IllegalAction` with the reason and changes nothing.
        `checked=False` skips the checks: for replaying actions known to be legal (a search
        rebuilding a hand it sampled consistent with a view)."""
        if checked:
            reason = refusal(self, action)
            if reason is not None:
                raise IllegalAction(f"{action}: {reason}", reason)
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
            if _both(self._hands[seat], _QUEEN_OF_CLUBS):
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
        schweinchen = self.schweinchen is not None
        self.order = card_order(contract, schweinchen, self.rules.second_dulle_beats_first)
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
        holders = [seat for seat in range(4) if _both(self._hands[seat], _FOX)]
        return holders[0] if holders else None

    def _initial_team(self, seat: int) -> Team | None:
        contract = self.contract
        if contract is Contract.NORMAL:
            return Team.RE if self._hands[seat] >> _QUEEN_OF_CLUBS & 1 else Team.KONTRA
        if contract is Contract.ARMUT:
            return Team.RE if seat in (self.declarer, self.armut_acceptor) else Team.KONTRA
        if contract is Contract.HOCHZEIT:
            return Team.RE if seat == self.declarer else None
        return Team.RE if seat == self.declarer else Team.KONTRA

    def play(self, seat: int, card: int) -> None:
        """Plays card type `card` for `seat` without checks: the fast path for look-ahead.
        Callers outside the engine go through `apply`."""
        self._undo.append((seat, card, self._best_seat, self._best_card, None))
        self._hands[seat] = mask_remove(self._hands[seat], card)
        if card == _QUEEN_OF_CLUBS:
            self.queens_played[seat] += 1
        elif card == _FOX:
            self.foxes_played[seat] += 1
        cards = self.trick_cards
        last = len(self.tricks) == self._last_trick
        if not cards or beats_index(self.order, card, self._best_card, last):
            self._best_seat, self._best_card = seat, card
        cards.append(card)
        if len(cards) < 4:
            self.to_act = (seat + 1) % 4
        else:
            self._complete_trick()

    def unplay(self) -> None:
        """Takes back the last card `play` put down, the trick it completed included; the
        look-ahead's undo (`actions` is left alone, so use it on a copy or a search only)."""
        seat, card, best_seat, best_card, completed = self._undo.pop()
        if completed is not None:
            cards, self.trick_leader, self.team_of, self.contract, self.clarification = completed
            self.trick_cards = list(cards)
            self.tricks.pop()
            self.phase, self._result = Phase.PLAY, None
        self.trick_cards.pop()
        self._hands[seat] = mask_add(self._hands[seat], card)
        if card == _QUEEN_OF_CLUBS:
            self.queens_played[seat] -= 1
        elif card == _FOX:
            self.foxes_played[seat] -= 1
        self._best_seat, self._best_card, self.to_act = best_seat, best_card, seat

    def _complete_trick(self) -> None:
        cards = self.trick_cards
        winner = self._best_seat
        seat, card, best_seat, best_card, _ = self._undo[-1]
        before = (tuple(cards), self.trick_leader, self.team_of, self.contract, self.clarification)
        self._undo[-1] = (seat, card, best_seat, best_card, before)
        points = POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
        trick = Trick(self.trick_leader, tuple(map(CARDS.__getitem__, cards)), winner, points)
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
        elif number == HOCHZEIT_TRICKS:
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

    def score_of(self, seat: int, announced: dict[Team, Step] | None = None) -> int:
        """The seat's game points of the finished hand, the same number `result()` gives,
        without building the explained result: a play-out asks this once per line it tries.
        `announced` scores the same tricks as if the teams had announced these steps."""
        if self.phase is not Phase.DONE or self.contract is None:
            raise IllegalAction(f"the hand is not finished (phase {self.phase})")
        teams = [team or Team.KONTRA for team in self.team_of]
        steps = announced or {team: calls.step for team, calls in self.calls.items()}
        net = re_net(
            self.rules, self.contract, teams, self.tricks, steps, self.schweinchen is not None
        )
        return seat_score(seat, net, teams, self.soloist)

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


_TrickBefore = tuple[tuple[int, ...], int, list[Team | None], Contract | None, int | None]
_Undo = tuple[int, int, int, int, _TrickBefore | None]
"""What `unplay` restores: seat, card, the trick's best seat and card before it, and for a
card that completed a trick the trick's cards, leader, teams, contract and clarification."""
