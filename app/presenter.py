"""What the table template shows, built from the human's view only.

Templates receive a `TableModel` and nothing else from the engine, so no card the human may
not see can reach the browser (the end-of-hand sheet shows the dealt hands only once the
hand is over).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.service import HUMAN, Table, finished_results, game_over
from app.words import (
    CALLS,
    CONTRACTS,
    POSITIONS,
    RESERVATIONS,
    SEAT_NAMES,
    card_name,
    item_text,
    team_name,
)
from engine import (
    TRUMP,
    Act,
    Card,
    CardOrder,
    CardSet,
    Contract,
    HandResult,
    Phase,
    ScoreItem,
    SeatView,
    card_order,
    view_of,
)
from engine.game import standings_of, totals_of


@dataclass(frozen=True)
class CardFace:
    code: str
    rank: str
    suit: str
    symbol: str
    name: str
    trump: bool

    @property
    def label(self) -> str:
        return f"{self.name}, trump" if self.trump else self.name


@dataclass(frozen=True)
class HandCard:
    face: CardFace
    action: str | None
    """`play QC` when the card may be played now (its `data-action`)."""
    first_plain: bool
    """The first plain card after the trumps: the template marks the gap."""


@dataclass(frozen=True)
class PlayedCard:
    position: str
    seat_name: str
    face: CardFace
    delay_ms: int


@dataclass(frozen=True)
class TrickShow:
    number: int
    cards: tuple[PlayedCard, ...]
    winner: str | None
    """Position of the winner, once the trick is complete."""
    winner_at_ms: int
    gather_at_ms: int | None
    """When the finished trick leaves the table (None: it stays)."""


@dataclass(frozen=True)
class SeatInfo:
    seat: int
    name: str
    position: str
    declaration: str | None
    team: str | None
    tricks: int
    cards_left: int
    to_act: bool
    dealer: bool
    total: int


@dataclass(frozen=True)
class Control:
    action: str
    label: str
    primary: bool = False


@dataclass(frozen=True)
class CallShown:
    seat_name: str
    call: str
    trick: int
    cards_left: int


@dataclass(frozen=True)
class ItemShown:
    team: str
    text: str
    points: int


@dataclass(frozen=True)
class HandSummary:
    contract: str
    winner: str
    card_points: dict[str, int]
    teams: dict[str, str]
    items: tuple[ItemShown, ...]
    value: int
    scores: tuple[int, ...]
    dealt: tuple[tuple[CardFace, ...], ...]
    record_url: str
    review_url: str


@dataclass(frozen=True)
class Standing:
    place: int
    name: str
    total: int


@dataclass(frozen=True)
class TableModel:
    game_id: str
    version: int
    rules_key: str
    phase: str
    status: str
    contract: str | None
    seats: tuple[SeatInfo, ...]
    hand: tuple[HandCard, ...]
    tricks: tuple[TrickShow, ...]
    last_trick: TrickShow | None
    controls: tuple[Control, ...]
    announce: tuple[Control, ...]
    pick: str | None
    """`armut-give` or `armut-return` while the human picks three cards."""
    armut_note: str | None
    calls: tuple[CallShown, ...]
    summary: HandSummary | None
    hand_number: int
    hands_per_game: int
    game_over: bool
    standings: tuple[Standing, ...]
    notices: tuple[str, ...]
    error: str | None
    your_turn: bool
    ready_ms: int
    """When the bot cards of the latest step have all appeared (the hand unlocks then)."""


def face(card: Card, order: CardOrder) -> CardFace:
    return CardFace(
        code=str(card),
        rank=card.rank.text,
        suit=card.suit.letter,
        symbol=card.suit.symbol,
        name=card_name(card),
        trump=order.is_trump(card),
    )


def sorted_hand(cards: CardSet, order: CardOrder) -> list[Card]:
    """Trumps high to low, then ♣ ♠ ♥ ♦, each high to low: how players hold their cards."""

    def key(card: Card) -> tuple[int, int]:
        suit = order.suit_of[card.index]
        return (-1 if suit == TRUMP else suit, -order.strength[card.index])

    return sorted(cards, key=key)


def _order(view: SeatView) -> CardOrder:
    return card_order(view.contract or Contract.NORMAL, view.schweinchen is not None)


def hand_cards(view: SeatView, order: CardOrder) -> tuple[HandCard, ...]:
    playable = {str(a.card) for a in view.legal if a.act is Act.PLAY}
    cards = sorted_hand(view.hand, order)
    shown = []
    for index, card in enumerate(cards):
        first_plain = not order.is_trump(card) and (index == 0 or order.is_trump(cards[index - 1]))
        action = f"play {card}" if str(card) in playable else None
        shown.append(HandCard(face(card, order), action, first_plain and index > 0))
    return tuple(shown)


def _played(seat: int, card: Card, order: CardOrder, delay: int) -> PlayedCard:
    return PlayedCard(POSITIONS[seat], SEAT_NAMES[seat], face(card, order), delay)


def trick_shows(
    table: Table, view: SeatView, order: CardOrder, delay_ms: int, animate: bool
) -> list[TrickShow]:
    """The tricks to show: with `animate`, a trick finished during the latest step (cards
    appear one by one, the winner is marked, then it is gathered); and the trick being played."""
    new_plays = _plays_since(table, table.step_start) if animate else set()
    shows: list[TrickShow] = []
    clock = 0
    tricks = list(view.tricks)
    first_new = min((number for number, _ in new_plays), default=len(tricks))
    for number in range(first_new, len(tricks)):
        trick = tricks[number]
        cards, clock = _timed_cards(trick.plays(), order, new_plays, number, clock, delay_ms)
        winner_at = clock + delay_ms
        shows.append(
            TrickShow(
                number + 1, cards, POSITIONS[trick.winner], winner_at, winner_at + 2 * delay_ms
            )
        )
        clock = winner_at + 2 * delay_ms
    current, clock = _timed_cards(
        list(view.current_trick), order, new_plays, len(tricks), clock, delay_ms
    )
    if current or not shows:
        shows.append(TrickShow(len(tricks) + 1, current, None, 0, None))
    return shows


def _plays_since(table: Table, start: int) -> set[tuple[int, int]]:
    """(trick index, position in trick) of the cards played since `start` in the hand's log."""
    hand = table.game.hand
    plays_before = sum(1 for entry in table.log[-1][:start] if entry["act"] == "play")
    total = sum(len(t.cards) for t in hand.tricks) + len(hand.trick_cards)
    return {(n // 4, n % 4) for n in range(plays_before, total)}


def _timed_cards(
    plays: list[tuple[int, Card]],
    order: CardOrder,
    new_plays: set[tuple[int, int]],
    number: int,
    clock: int,
    delay_ms: int,
) -> tuple[tuple[PlayedCard, ...], int]:
    cards = []
    for position, (seat, card) in enumerate(plays):
        if (number, position) in new_plays and seat != HUMAN:
            clock += delay_ms
            cards.append(_played(seat, card, order, clock))
        else:
            cards.append(_played(seat, card, order, 0))
    return tuple(cards), clock


def last_trick(view: SeatView, order: CardOrder) -> TrickShow | None:
    if not view.tricks:
        return None
    trick = view.tricks[-1]
    cards = tuple(_played(seat, card, order, 0) for seat, card in trick.plays())
    return TrickShow(len(view.tricks), cards, POSITIONS[trick.winner], 0, None)


def seat_infos(view: SeatView, totals: Sequence[int]) -> tuple[SeatInfo, ...]:
    declared = dict(view.declarations)
    infos = []
    for seat in range(4):
        act = declared.get(seat)
        team = view.teams[seat]
        infos.append(
            SeatInfo(
                seat=seat,
                name=SEAT_NAMES[seat],
                position=POSITIONS[seat],
                declaration=RESERVATIONS[act.value] if act else None,
                team=team_name(team) if team else None,
                tricks=sum(1 for trick in view.tricks if trick.winner == seat),
                cards_left=view.cards_left[seat],
                to_act=view.to_act == seat,
                dealer=view.dealer == seat,
                total=totals[seat],
            )
        )
    return tuple(infos)


def controls(view: SeatView) -> tuple[tuple[Control, ...], tuple[Control, ...]]:
    """Reservation and Armut buttons, and the announce buttons (the next call first)."""
    buttons: list[Control] = []
    calls: list[Control] = []
    for action in view.legal:
        notation = action.notation
        if action.act.is_reservation:
            buttons.append(Control(notation, RESERVATIONS[notation], action.act is Act.HEALTHY))
        elif action.act in (Act.ARMUT_ACCEPT, Act.ARMUT_DECLINE):
            label = "Accept the Armut" if action.act is Act.ARMUT_ACCEPT else "Decline"
            buttons.append(Control(notation, label, action.act is Act.ARMUT_ACCEPT))
        elif action.act is Act.ANNOUNCE and action.call is not None:
            calls.append(Control(notation, CALLS[action.call.value], not calls))
    return tuple(buttons), tuple(calls)


def pick_mode(view: SeatView) -> str | None:
    acts = {action.act for action in view.legal}
    for act in (Act.ARMUT_GIVE, Act.ARMUT_RETURN):
        if act in acts:
            return act.value
    return None


def armut_note(view: SeatView) -> str | None:
    declarer = view.declarer
    if view.contract is not Contract.ARMUT and view.phase not in _ARMUT_PHASES:
        return None
    if declarer is None:
        return None
    poor = SEAT_NAMES[declarer]
    if view.armut_trumps_returned is not None and view.armut_acceptor is not None:
        taker = SEAT_NAMES[view.armut_acceptor]
        trumps = view.armut_trumps_returned
        return (
            f"Armut: {poor} {_be(poor)} poor, {taker} took the cards; {_trumps(trumps)} came back."
        )
    return f"Armut: {poor} {_be(poor)} poor and {_pass(poor)} three cards."


def _be(name: str) -> str:
    return "are" if name == SEAT_NAMES[HUMAN] else "is"


def _pass(name: str) -> str:
    return "pass" if name == SEAT_NAMES[HUMAN] else "passes"


def _trumps(count: int) -> str:
    return "1 trump" if count == 1 else f"{count} trumps"


_ARMUT_PHASES = (Phase.ARMUT_GIVE, Phase.ARMUT_RESPONSE, Phase.ARMUT_RETURN)


def calls_shown(view: SeatView) -> tuple[CallShown, ...]:
    return tuple(
        CallShown(SEAT_NAMES[a.seat], CALLS[a.call.value], a.trick, a.cards_left)
        for a in view.announcements
    )


def status(view: SeatView, over: bool) -> str:
    """One line: whose turn it is and what is expected."""
    if over:
        return "The game is over."
    if view.phase is Phase.DONE:
        return "The hand is over."
    if view.to_act != HUMAN:
        return f"{SEAT_NAMES[view.to_act or 0]} is thinking…"
    return {
        Phase.RESERVATIONS: "Your turn: healthy, or a reservation?",
        Phase.ARMUT_GIVE: "Pick three cards to pass, all your trumps among them.",
        Phase.ARMUT_RESPONSE: "Take the Armut?",
        Phase.ARMUT_RETURN: "Pick three cards to give back.",
    }.get(view.phase, "Your turn: play a highlighted card.")


def summary(table: Table, game_id: str, result: HandResult, view: SeatView) -> HandSummary:
    order = card_order(result.contract)
    scoring = table.game.rules.scoring.value
    items = tuple(
        ItemShown(team_name(item.team), _item_line(item, scoring, result), item.points)
        for item in result.items
    )
    dealt = tuple(
        tuple(face(card, order) for card in sorted_hand(hand, order)) for hand in view.dealt or ()
    )
    teams = {
        "Re": ", ".join(SEAT_NAMES[s] for s in result.re),
        "Kontra": ", ".join(SEAT_NAMES[s] for s in result.kontra),
    }
    return HandSummary(
        contract=CONTRACTS[result.contract],
        winner=team_name(result.winner) if result.winner else "Nobody",
        card_points={team_name(t): p for t, p in result.tally.points.items()},
        teams=teams,
        items=items,
        value=result.value,
        scores=result.scores,
        dealt=dealt,
        record_url=f"/games/{game_id}/hands/{len(table.log)}/record.json",
        review_url=f"/games/{game_id}/hands/{len(table.log)}/review",
    )


def _item_line(item: ScoreItem, scoring: str, result: HandResult) -> str:
    text = item_text(item.item, item.team, scoring)
    if item.trick is None:
        return text
    trick = result.tricks[item.trick - 1]
    return f"{text}: trick {item.trick}, won by {SEAT_NAMES[trick.winner]}"


def standings(totals: Sequence[int]) -> tuple[Standing, ...]:
    return tuple(
        Standing(row.place, SEAT_NAMES[row.seat], row.total) for row in standings_of(totals)
    )


def table_model(
    table: Table, game_id: str, delay_ms: int, error: str | None = None, animate: bool = False
) -> TableModel:
    """The table; `animate` replays the latest step's bot cards (the answer to an action)."""
    view = view_of(table.game.hand, HUMAN)
    order = _order(view)
    results = finished_results(table.game)
    totals = totals_of(results)
    over = game_over(table.game)
    buttons, calls = controls(view)
    tricks = tuple(trick_shows(table, view, order, delay_ms, animate))
    known_contract = view.contract if view.phase in (Phase.PLAY, Phase.DONE) else None
    return TableModel(
        game_id=game_id,
        version=table.version,
        rules_key=table.game.rules.key,
        phase=view.phase.value,
        status=status(view, over),
        contract=CONTRACTS[known_contract] if known_contract else None,
        seats=seat_infos(view, totals),
        hand=hand_cards(view, order),
        tricks=tricks,
        last_trick=last_trick(view, order),
        controls=buttons,
        announce=calls,
        pick=pick_mode(view),
        armut_note=armut_note(view),
        calls=calls_shown(view),
        summary=summary(table, game_id, view.result, view) if view.result else None,
        hand_number=len(table.game.results) + 1,
        hands_per_game=table.game.rules.hands_per_game,
        game_over=over,
        standings=standings(totals) if over else (),
        notices=tuple(table.notices) if animate else (),
        error=error,
        your_turn=view.to_act == HUMAN,
        ready_ms=max((_finished_at(trick) for trick in tricks), default=0),
    )


def _finished_at(trick: TrickShow) -> int:
    last_card = max((card.delay_ms for card in trick.cards), default=0)
    return max(last_card, trick.gather_at_ms or 0)
