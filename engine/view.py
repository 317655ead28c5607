"""What one seat may know of a hand (everything outside the engine sees only this).

A view holds the seat's own cards and the public table: declarations, the contract as this
seat knows it (a silent solo looks like a normal game to the others), the Armut trump count,
tricks, announcements with the trick and card count at which each was made, the teams as
revealed by play or announcement, and the ordered history of every action as this seat saw it
(`engine.rebuild` replays it on a guess of the hidden cards). Nothing of another seat's hand is
in it before the hand is over; then the dealt hands and the result are.

A view is built for every bot decision, so everything in it is read from facts the hand keeps
up to date rather than worked out again from the tricks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Act, Action
from engine.announcements import Announcement, Call, Step, Team
from engine.cards import FOX, QUEEN_OF_CLUBS, Card, CardSet
from engine.contracts import CardOrder, Contract, card_order
from engine.hand import Hand
from engine.phases import Phase
from engine.rules import RuleSet
from engine.scoring import HandResult
from engine.trick import Trick


@dataclass(frozen=True)
class SeatView:
    seat: int
    rules: RuleSet
    dealer: int
    phase: Phase
    to_act: int | None
    hand: CardSet
    cards_left: tuple[int, ...]
    declarations: tuple[tuple[int, Act], ...]
    contract: Contract | None
    declarer: int | None
    armut_acceptor: int | None
    armut_trumps_returned: int | None
    armut_received: CardSet | None
    """The cards this seat was handed in the Armut, once handed: the passed ones for the seat
    that took them, the ones given back for the poor player (a table marks them in the hand
    until the first trick)."""
    tricks: tuple[Trick, ...]
    current_trick: tuple[tuple[int, Card], ...]
    announcements: tuple[Announcement, ...]
    announced: dict[Team, Step]
    team: Team | None
    teams: tuple[Team | None, ...]
    """Each seat's team as far as this seat can know it."""
    schweinchen: int | None
    clarification: int | None
    legal: tuple[Action, ...]
    dealt: tuple[CardSet, ...] | None
    result: HandResult | None
    history: tuple[Action, ...] = ()
    """Every action of the hand so far in order, each with its seat; an Armut give or return
    this seat did not see has no cards."""

    @property
    def trick_number(self) -> int:
        """The 1-based number of the trick being played."""
        return len(self.tricks) + 1

    @property
    def is_last_trick(self) -> bool:
        """The trick being played is the hand's last, as `Hand.is_last_trick`: there a second
        Dulle no longer beats the first (§4), so a bot weighing a card needs to know."""
        return len(self.tricks) == self.rules.last_trick

    @property
    def order(self) -> CardOrder:
        """The card order in force as this seat knows it: the contract it sees (a normal game
        before play and in another's silent solo), both A♦ on top once the Schweinchen is
        shown, and the rule set's second-Dulle toggle."""
        contract = self.contract or Contract.NORMAL
        second_dulle = self.rules.second_dulle_beats_first
        return card_order(contract, self.schweinchen is not None, second_dulle)

    def silent_solo_shown_at(self) -> int | None:
        """The position in `history` of the card that showed another seat's silent solo to
        this seat: the soloist's second Q♣ (§5). None while it is hidden, for the soloist,
        and when only the hand's end showed it."""
        if self.contract is not Contract.SILENT_SOLO or self.declarer in (None, self.seat):
            return None
        return _nth_play(self.history, self.declarer, QUEEN_OF_CLUBS, 2)

    def schweinchen_shown_at(self) -> int | None:
        """The position in `history` of the card that showed another seat's Schweinchen to
        this seat: its first A♦ (§3); None otherwise."""
        if self.schweinchen in (None, self.seat):
            return None
        return _nth_play(self.history, self.schweinchen, FOX, 1)


def view_of(hand: Hand, seat: int) -> SeatView:
    """The view of `seat`; see the module docstring for what it may contain."""
    over = hand.phase is Phase.DONE
    contract, declarer = _known_contract(hand, seat)
    return SeatView(
        seat=seat,
        rules=hand.rules,
        dealer=hand.dealer,
        phase=hand.phase,
        to_act=hand.to_act,
        hand=hand.cards_of(seat),
        cards_left=tuple(hand.cards_left(s) for s in range(4)),
        declarations=tuple(hand.declarations),
        contract=contract,
        declarer=declarer,
        armut_acceptor=hand.armut_acceptor,
        armut_trumps_returned=hand.armut_trumps_returned,
        armut_received=_armut_received(hand, seat),
        tricks=tuple(hand.tricks),
        current_trick=tuple(hand.current_trick()),
        announcements=tuple(hand.announcements),
        announced={team: calls.step for team, calls in hand.calls.items()},
        team=_own_team(hand, seat),
        teams=known_teams(hand, seat),
        schweinchen=_known_schweinchen(hand, seat),
        clarification=hand.clarification,
        legal=tuple(hand.legal_actions(seat)),
        dealt=hand.dealt if over else None,
        result=hand.result() if over else None,
        history=_history(hand, seat),
    )


def _nth_play(history: Sequence[Action], seat: int | None, card: Card, times: int) -> int | None:
    """The position of `seat`'s `times`th play of `card`, if it has come."""
    seen = 0
    for position, action in enumerate(history):
        if action.act is Act.PLAY and action.seat == seat and action.card == card:
            seen += 1
            if seen == times:
                return position
    return None


def _history(hand: Hand, seat: int) -> tuple[Action, ...]:
    """The actions as `seat` saw them: the cards passed in an Armut only for the poor player
    and, once he has accepted, the acceptor."""
    if hand.armut_given is None or seat in (hand.declarer, hand.armut_acceptor):
        return tuple(hand.actions)
    return tuple(_face_down(action) for action in hand.actions)


def _face_down(action: Action) -> Action:
    if action.act in (Act.ARMUT_GIVE, Act.ARMUT_RETURN):
        return Action(action.seat, action.act)
    return action


def _known_contract(hand: Hand, seat: int) -> tuple[Contract | None, int | None]:
    """A silent solo is a normal game to everyone but the soloist until it shows (§5)."""
    hidden = hand.contract is Contract.SILENT_SOLO and not _silent_solo_shown(hand)
    if hidden and seat != hand.declarer:
        return Contract.NORMAL, None
    return hand.contract, hand.declarer


def _silent_solo_shown(hand: Hand) -> bool:
    """Both Q♣ played by the same seat, or the hand over."""
    declarer = hand.declarer
    return hand.phase is Phase.DONE or (declarer is not None and hand.queens_played[declarer] == 2)


def _armut_received(hand: Hand, seat: int) -> CardSet | None:
    if seat == hand.armut_acceptor:
        return hand.armut_given
    if seat == hand.declarer and hand.armut_acceptor is not None:
        return hand.armut_returned
    return None


def _own_team(hand: Hand, seat: int) -> Team | None:
    """§6.5: every player knows his own team once the contract is fixed."""
    return hand.team_of[seat] if hand.phase in (Phase.PLAY, Phase.DONE) else None


def known_teams(hand: Hand, seat: int) -> tuple[Team | None, ...]:
    """Teams as `seat` can tell them: its own, Q♣ played, announcements, declared contracts."""
    if hand.phase is Phase.DONE:
        return tuple(hand.team_of)
    if hand.phase is not Phase.PLAY:
        return (None, None, None, None)
    contract, _ = _known_contract(hand, seat)
    if contract is not Contract.NORMAL:
        public = [hand.team_of[s] if _team_is_public(hand, s) else None for s in range(4)]
    else:
        public = _revealed_in_normal_game(hand)
    public[seat] = hand.team_of[seat]
    return _close(public)


def _team_is_public(hand: Hand, seat: int) -> bool:
    """Declared contracts name their teams, but a Hochzeit only once clarified."""
    return (
        hand.contract is not Contract.HOCHZEIT
        or hand.clarification is not None
        or (seat == hand.declarer)
    )


def _revealed_in_normal_game(hand: Hand) -> list[Team | None]:
    teams: list[Team | None] = [None] * 4
    for announcement in hand.announcements:
        if announcement.call in (Call.RE, Call.KONTRA):
            teams[announcement.seat] = Team(announcement.call.value)
        elif teams[announcement.seat] is None:
            teams[announcement.seat] = hand.team_of[announcement.seat]
    for s in range(4):
        if hand.queens_played[s]:
            teams[s] = Team.RE
    return teams


def _close(teams: list[Team | None]) -> tuple[Team | None, ...]:
    """Two Re seats known place the other two in Kontra. Two Kontra seats do not place the
    rest: in a silent solo three seats are Kontra."""
    if teams.count(Team.RE) == 2:
        teams = [team or Team.KONTRA for team in teams]
    return tuple(teams)


def _known_schweinchen(hand: Hand, seat: int) -> int | None:
    """§3: shown to the table when the first of the two A♦ is played."""
    holder = hand.schweinchen
    if holder is None or seat == holder:
        return holder
    return holder if hand.foxes_played[holder] or hand.phase is Phase.DONE else None
