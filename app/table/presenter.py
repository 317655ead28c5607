"""What the table template shows, built from the human's view only.

Templates receive a `TableModel` and nothing else from the engine, so no card the human may
not see can reach the browser (the end-of-hand sheet shows the dealt hands only once the
hand is over). Its words are already in the request's language (`t`); teams and winners also
come as codes, so nothing compares displayed words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from app.languages.i18n import N_, Translator
from app.languages.words import (
    CONTRACTS,
    POSITIONS,
    RESERVATIONS,
    call_name,
    card_name,
    item_text,
    seat_name,
    team_name,
)
from app.table.service import HUMAN, REDEALT, Table
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
    Team,
    view_of,
)
from engine.game import standings_of
from engine.rules import Scoring


@dataclass(frozen=True)
class CardFace:
    code: str
    rank: str
    suit: str
    symbol: str
    name: str
    trump: bool
    label: str
    """The card button's accessible name: the card, and whether it is a trump."""


@dataclass(frozen=True)
class HandCard:
    face: CardFace
    action: str | None
    """`play QC` when the card may be played now (its `data-action`)."""
    first_plain: bool
    """The first plain card after the trumps: the template marks the gap."""
    received: bool = False
    """Handed to the player in the Armut: marked until the first trick is taken."""


@dataclass(frozen=True)
class PlayedCard:
    position: str
    seat_name: str
    face: CardFace
    delay_ms: int
    wins: bool
    """The card that took its trick (the trick is complete)."""
    label: str
    """What a screen reader says of it: the seat, the card, and whether it took the trick.
    Put into words here rather than in the template, so that the card's macro needs
    nothing of the request (see `templates/cards.html`)."""


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
    """`re` or `kontra` once known."""
    team_name: str | None
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
class TeamLine:
    name: str
    card_points: int
    players: str


@dataclass(frozen=True)
class HandSummary:
    contract: str
    winner: str | None
    """The winning team's name, None when nobody wins."""
    re: TeamLine
    kontra: TeamLine
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
class Spoken:
    """A line the screen reader's live region reads when the table shows it; `shown`: also
    a short notice over the table (a change of who plays with whom)."""

    at_ms: int
    text: str
    shown: bool = False


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
    schweinchen_note: str | None
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
    speech: tuple[Spoken, ...]
    """The latest step read aloud once: bot cards, trick winners, announcements, the end."""


NOTICES = {REDEALT: N_("Everybody declined the Armut: the cards are dealt again.")}


def face(card: Card, order: CardOrder, t: Translator) -> CardFace:
    name = card_name(card, t)
    trump = order.is_trump(card)
    return CardFace(
        code=str(card),
        rank=card.rank.text,
        suit=card.suit.letter,
        symbol=card.suit.symbol,
        name=name,
        trump=trump,
        label=t.gettext("%(card)s, trump") % {"card": name} if trump else name,
    )


def sorted_hand(cards: CardSet, order: CardOrder) -> list[Card]:
    """Trumps high to low, then ♣ ♠ ♥ ♦, each high to low: how players hold their cards."""

    def key(card: Card) -> tuple[int, int]:
        suit = order.suit_of[card.index]
        return (-1 if suit == TRUMP else suit, -order.strength[card.index])

    return sorted(cards, key=key)


def hand_cards(view: SeatView, order: CardOrder, t: Translator) -> tuple[HandCard, ...]:
    playable = {str(a.card) for a in view.legal if a.act is Act.PLAY}
    cards = sorted_hand(view.hand, order)
    received = armut_received(view)
    shown = []
    for index, card in enumerate(cards):
        first_plain = not order.is_trump(card) and (index == 0 or order.is_trump(cards[index - 1]))
        action = f"play {card}" if str(card) in playable else None
        marked = received[card] > 0
        received[card] -= 1
        shown.append(HandCard(face(card, order, t), action, first_plain and index > 0, marked))
    return tuple(shown)


def armut_received(view: SeatView) -> Counter[Card]:
    """The cards the seat was handed in the Armut (the passed three for the taker, the three
    given back for the poor player) that it still holds, until the first trick is taken:
    the player sees which cards came in. A doubled card counts once per copy received."""
    if view.tricks:
        return Counter()
    handed = {view.armut_acceptor: Act.ARMUT_GIVE, view.declarer: Act.ARMUT_RETURN}
    wanted = handed.get(view.seat) if view.armut_acceptor is not None else None
    cards = [card for action in view.history if action.act is wanted for card in action.cards]
    return Counter(cards) & Counter(view.hand)


def played_card(
    seat: int, card: Card, order: CardOrder, t: Translator, winner: int | None, delay: int = 0
) -> PlayedCard:
    """A card in a trick; `winner`: the seat that took the trick, once it is complete."""
    shown = face(card, order, t)
    words = {"name": seat_name(seat, t), "card": shown.name}
    wins = seat == winner
    if wins:
        label = t.gettext("%(name)s: %(card)s, wins the trick") % words
    else:
        label = t.gettext("%(name)s: %(card)s") % words
    return PlayedCard(POSITIONS[seat], words["name"], shown, delay, wins, label)


def trick_shows(
    table: Table, view: SeatView, order: CardOrder, delay_ms: int, animate: bool, t: Translator
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
        timing = (number, clock, delay_ms)
        cards, clock = _timed_cards(trick.plays(), trick.winner, order, new_plays, timing, t)
        winner_at = clock + delay_ms
        shows.append(
            TrickShow(
                number + 1, cards, POSITIONS[trick.winner], winner_at, winner_at + 2 * delay_ms
            )
        )
        clock = winner_at + 2 * delay_ms
    current, clock = _timed_cards(
        list(view.current_trick), None, order, new_plays, (len(tricks), clock, delay_ms), t
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
    winner: int | None,
    order: CardOrder,
    new_plays: set[tuple[int, int]],
    timing: tuple[int, int, int],
    t: Translator,
) -> tuple[tuple[PlayedCard, ...], int]:
    """`timing`: the trick's index, the clock so far and the pause between bot cards."""
    number, clock, delay_ms = timing
    cards = []
    for position, (seat, card) in enumerate(plays):
        if (number, position) in new_plays and seat != HUMAN:
            clock += delay_ms
            cards.append(played_card(seat, card, order, t, winner, clock))
        else:
            cards.append(played_card(seat, card, order, t, winner))
    return tuple(cards), clock


def last_trick(view: SeatView, order: CardOrder, t: Translator) -> TrickShow | None:
    if not view.tricks:
        return None
    trick = view.tricks[-1]
    cards = tuple(played_card(seat, card, order, t, trick.winner) for seat, card in trick.plays())
    return TrickShow(len(view.tricks), cards, POSITIONS[trick.winner], 0, None)


def seat_infos(view: SeatView, totals: Sequence[int], t: Translator) -> tuple[SeatInfo, ...]:
    declared = _shown_declarations(view)
    infos = []
    for seat in range(4):
        act = declared.get(seat)
        team = view.teams[seat]
        infos.append(
            SeatInfo(
                seat=seat,
                name=seat_name(seat, t),
                position=POSITIONS[seat],
                declaration=t.gettext(RESERVATIONS[act.value]) if act else None,
                team=team.value if team else None,
                team_name=team_name(team, t) if team else None,
                tricks=sum(1 for trick in view.tricks if trick.winner == seat),
                cards_left=view.cards_left[seat],
                to_act=view.to_act == seat,
                dealer=view.dealer == seat,
                total=totals[seat],
            )
        )
    return tuple(infos)


def _shown_declarations(view: SeatView) -> dict[int, Act]:
    """Every seat's reservation while they are made; once the cards are played, only those
    that shaped the game (a solo, Hochzeit, Armut): "healthy" under four names is a line of
    each seat the phone's felt has no room for, and says nothing by then."""
    declared = dict(view.declarations)
    if view.phase is Phase.RESERVATIONS:
        return declared
    return {seat: act for seat, act in declared.items() if act is not Act.HEALTHY}


def controls(view: SeatView, t: Translator) -> tuple[tuple[Control, ...], tuple[Control, ...]]:
    """Reservation and Armut buttons, and the announce buttons (the next call first)."""
    buttons: list[Control] = []
    calls: list[Control] = []
    for action in view.legal:
        notation = action.notation
        if action.act.is_reservation:
            label = t.gettext(RESERVATIONS[notation])
            buttons.append(Control(notation, label, action.act is Act.HEALTHY))
        elif action.act in (Act.ARMUT_ACCEPT, Act.ARMUT_DECLINE):
            accept = action.act is Act.ARMUT_ACCEPT
            label = t.gettext("Accept the Armut") if accept else t.gettext("Decline")
            buttons.append(Control(notation, label, accept))
        elif action.act is Act.ANNOUNCE and action.call is not None:
            calls.append(Control(notation, call_name(action.call.value, t), not calls))
    return tuple(buttons), tuple(calls)


def pick_mode(view: SeatView) -> str | None:
    acts = {action.act for action in view.legal}
    for act in (Act.ARMUT_GIVE, Act.ARMUT_RETURN):
        if act in acts:
            return act.value
    return None


def armut_note(view: SeatView, t: Translator) -> str | None:
    """Who is poor and, once the cards came back, who took them and how many trumps returned.
    The human is addressed in the second person: a sentence of its own in every language."""
    declarer = view.declarer
    if view.contract is not Contract.ARMUT and view.phase not in _ARMUT_PHASES:
        return None
    if declarer is None:
        return None
    names = {"poor": seat_name(declarer, t)}
    if view.armut_trumps_returned is not None and view.armut_acceptor is not None:
        names["taker"] = seat_name(view.armut_acceptor, t)
        count = view.armut_trumps_returned
        if declarer == HUMAN:
            text = t.ngettext(
                "Armut: you are poor, %(taker)s took the cards; %(num)d trump came back.",
                "Armut: you are poor, %(taker)s took the cards; %(num)d trumps came back.",
                count,
            )
        elif view.armut_acceptor == HUMAN:
            text = t.ngettext(
                "Armut: %(poor)s is poor, you took the cards; %(num)d trump came back.",
                "Armut: %(poor)s is poor, you took the cards; %(num)d trumps came back.",
                count,
            )
        else:
            text = t.ngettext(
                "Armut: %(poor)s is poor, %(taker)s took the cards; %(num)d trump came back.",
                "Armut: %(poor)s is poor, %(taker)s took the cards; %(num)d trumps came back.",
                count,
            )
        return text % {**names, "num": count}
    if declarer == HUMAN:
        return t.gettext("Armut: you are poor and pass three cards.")
    return t.gettext("Armut: %(poor)s is poor and passes three cards.") % names


_ARMUT_PHASES = (Phase.ARMUT_GIVE, Phase.ARMUT_RESPONSE, Phase.ARMUT_RETURN)


def schweinchen_note(view: SeatView, t: Translator) -> str | None:
    """Who holds the Schweinchen, once this seat knows (§3: the holder from the start of
    play, the others from its first A♦). Its A♦ beat even the 10♥: a player not told would
    take the trick for a mistake of the game."""
    holder = view.schweinchen
    if holder is None:
        return None
    if holder == HUMAN:
        return t.gettext("Schweinchen: you hold both A♦, the highest trumps.")
    names = {"name": seat_name(holder, t)}
    return t.gettext("Schweinchen: %(name)s holds both A♦, the highest trumps.") % names


def calls_shown(view: SeatView, t: Translator) -> tuple[CallShown, ...]:
    return tuple(
        CallShown(seat_name(a.seat, t), call_name(a.call.value, t), a.trick, a.cards_left)
        for a in view.announcements
    )


STATUS = {
    Phase.RESERVATIONS: N_("Your turn: healthy, or a reservation?"),
    Phase.ARMUT_GIVE: N_("Pick three cards to pass, all your trumps among them."),
    Phase.ARMUT_RESPONSE: N_("Take the Armut?"),
    Phase.ARMUT_RETURN: N_("Pick three cards to give back."),
    Phase.PLAY: N_("Your turn: play a highlighted card."),
}


def status(view: SeatView, over: bool, t: Translator) -> str:
    """One line: whose turn it is and what is expected."""
    if over:
        return t.gettext("The game is over.")
    if view.phase is Phase.DONE:
        return t.gettext("The hand is over.")
    if view.to_act != HUMAN:
        return t.gettext("%(name)s is thinking…") % {"name": seat_name(view.to_act or 0, t)}
    return t.gettext(STATUS.get(view.phase, STATUS[Phase.PLAY]))


def summary(
    table: Table, game_id: str, result: HandResult, view: SeatView, t: Translator
) -> HandSummary:
    """The end-of-hand sheet. The dealt hands are sorted as they were played: by the
    contract, a Schweinchen's two A♦ on top (the view of a finished hand names its holder)."""
    order = view.order
    scoring = table.game.rules.scoring
    items = tuple(
        ItemShown(team_name(item.team, t), _item_line(item, scoring, result, t), item.points)
        for item in result.items
    )
    dealt = tuple(
        tuple(face(card, order, t) for card in sorted_hand(hand, order))
        for hand in view.dealt or ()
    )

    def line(team: Team, seats: Sequence[int]) -> TeamLine:
        players = ", ".join(seat_name(seat, t) for seat in seats)
        return TeamLine(team_name(team, t), result.tally.points[team], players)

    return HandSummary(
        contract=t.gettext(CONTRACTS[result.contract]),
        winner=team_name(result.winner, t) if result.winner else None,
        re=line(Team.RE, result.re),
        kontra=line(Team.KONTRA, result.kontra),
        items=items,
        value=result.value,
        scores=result.scores,
        dealt=dealt,
        record_url=f"/games/{game_id}/hands/{len(table.log)}/record.json",
        review_url=f"/games/{game_id}/hands/{len(table.log)}/review",
    )


def _item_line(item: ScoreItem, scoring: Scoring, result: HandResult, t: Translator) -> str:
    text = item_text(item, scoring, t)
    if item.trick is None:
        return text
    trick = result.tricks[item.trick - 1]
    values = {"item": text, "trick": item.trick, "name": seat_name(trick.winner, t)}
    return t.gettext("%(item)s: trick %(trick)d (%(name)s)") % values


def standings(totals: Sequence[int], t: Translator) -> tuple[Standing, ...]:
    return tuple(
        Standing(row.place, seat_name(row.seat, t), row.total) for row in standings_of(totals)
    )


_PLAYING = (Phase.PLAY, Phase.DONE)
_BEFORE_PLAY = frozenset(act.value for act in Act if act not in (Act.ANNOUNCE, Act.PLAY))
"""What is done before the first card: a step holding one of these and ending with a known
contract is the step that settled it."""


def speech(
    table: Table, view: SeatView, tricks: Sequence[TrickShow], t: Translator
) -> tuple[Spoken, ...]:
    """The latest step in words for the live region, in the order it happened, each line at
    the moment the table shows it: the contract once the reservations settle it, every bot
    card, each trick's winner once its last card is down, a Hochzeit's partner (or that it is
    played alone) with the trick that settles it, the bots' announcements, a bot's Schweinchen
    with its first A♦ and its silent solo with its second Q♣, and the end of the hand. The
    player's own moves are not read back. Bot cards are found in the step's log, not by their
    delay, which may be 0."""
    step = table.log[-1][table.step_start :]
    shown = [(trick, played) for trick in tricks for played in trick.cards]
    plays = sum(1 for entry in step if entry["act"] == "play")
    new_cards = iter(shown[len(shown) - plays :])
    lines: list[Spoken] = []
    if view.phase in _PLAYING and any(entry["act"] in _BEFORE_PLAY for entry in step):
        lines.append(Spoken(0, contract_words(view, t), view.declarer is not None))
    schweinchen = schweinchen_note(view, t)
    for position, entry in enumerate(step, start=table.step_start):
        clock = lines[-1].at_ms if lines else 0
        if entry["act"] == "announce" and entry["seat"] != HUMAN:
            words = _call_words(entry, t)
            lines.append(Spoken(clock, t.gettext("%(name)s announces %(call)s") % words))
        elif entry["act"] == "play":
            trick, played = next(new_cards)
            said = _play_words(trick, played, entry["seat"] != HUMAN, t)
            if schweinchen and position == view.schweinchen_shown_at():
                said.insert(1, Spoken(said[0].at_ms, schweinchen, True))
            if position == view.silent_solo_shown_at():
                said.insert(1, Spoken(said[0].at_ms, contract_words(view, t), True))
            if trick.number == view.clarification and played is trick.cards[-1]:
                said.append(Spoken(trick.winner_at_ms, _hochzeit_words(view, t), True))
            lines += said
    if view.result is not None:
        lines.append(Spoken(lines[-1].at_ms if lines else 0, _end_words(view.result, t)))
    return tuple(lines)


def contract_words(view: SeatView, t: Translator) -> str:
    """The contract as this seat knows it, with its declarer: a reservation is shown on the
    table but not read, and a solo changes which cards are trumps."""
    assert view.contract is not None
    contract = t.gettext(CONTRACTS[view.contract])
    if view.declarer is None:
        return contract
    words = {"contract": contract, "name": seat_name(view.declarer, t)}
    return t.gettext("%(contract)s: %(name)s") % words


def _hochzeit_words(view: SeatView, t: Translator) -> str:
    """Who plays with the Hochzeit's declarer, or that it plays alone: said with the trick
    that settled it, as the seats' teams change on the table."""
    if view.contract is Contract.HOCHZEIT_SOLO:
        return contract_words(view, t)
    assert view.declarer is not None and view.clarification is not None
    partner = view.tricks[view.clarification - 1].winner
    words = {"declarer": seat_name(view.declarer, t), "partner": seat_name(partner, t)}
    return t.gettext("Re in the Hochzeit: %(declarer)s and %(partner)s") % words


def _play_words(trick: TrickShow, played: PlayedCard, bot: bool, t: Translator) -> list[Spoken]:
    """A bot's card, and the trick's winner when this card completes the trick."""
    lines = []
    if bot:
        words = {"name": played.seat_name, "card": played.face.name}
        lines.append(Spoken(played.delay_ms, t.gettext("%(name)s: %(card)s") % words))
    if trick.winner is not None and played is trick.cards[-1]:
        lines.append(Spoken(trick.winner_at_ms, _trick_won_words(trick, t)))
    return lines


def _trick_won_words(trick: TrickShow, t: Translator) -> str:
    """Who took the trick; the human in a sentence of their own (not "You wins")."""
    assert trick.winner is not None
    seat = POSITIONS.index(trick.winner)
    if seat == HUMAN:
        return t.gettext("You win trick %(trick)d") % {"trick": trick.number}
    words = {"name": seat_name(seat, t), "trick": trick.number}
    return t.gettext("%(name)s wins trick %(trick)d") % words


def _call_words(entry: dict[str, object], t: Translator) -> dict[str, str]:
    seat = entry["seat"]
    assert isinstance(seat, int)
    return {"name": seat_name(seat, t), "call": call_name(str(entry["call"]), t)}


def _end_words(result: HandResult, t: Translator) -> str:
    """Who won the hand and who scores its value: not always the same team (Re may win and
    Kontra's foxes outweigh it), and a hand nobody wins may still score."""
    gainer = _gainer(result)
    if gainer is None:
        if result.winner is None:
            return t.gettext("The hand is over: nobody wins.")
        winner = {"team": team_name(result.winner, t)}
        return t.gettext("The hand is over: %(team)s wins, but the points cancel out.") % winner
    words: dict[str, str | int] = {"team": team_name(gainer, t), "value": result.value}
    if result.winner is gainer:
        return t.gettext("The hand is over: %(team)s wins, worth %(value)d.") % words
    if result.winner is None:
        return t.gettext("The hand is over: nobody wins; %(team)s scores %(value)d.") % words
    words["winner"] = team_name(result.winner, t)
    return t.gettext("The hand is over: %(winner)s wins, but %(team)s scores %(value)d.") % words


def _gainer(result: HandResult) -> Team | None:
    """The team the hand's value is scored for; None when it is 0."""
    re_score = result.scores[result.re[0]]
    if re_score == 0:
        return None
    return Team.RE if re_score > 0 else Team.KONTRA


def table_model(
    table: Table,
    game_id: str,
    delay_ms: int,
    t: Translator,
    error: str | None = None,
    animate: bool = False,
) -> TableModel:
    """The table in the words of `t`; `animate` replays the latest step's bot cards (the
    answer to an action) and reads them out."""
    view = view_of(table.game.hand, HUMAN)
    order = view.order
    totals = table.game.totals
    over = table.game.is_over
    buttons, calls = controls(view, t)
    tricks = tuple(trick_shows(table, view, order, delay_ms, animate, t))
    known_contract = view.contract if view.phase in _PLAYING else None
    return TableModel(
        game_id=game_id,
        version=table.version,
        rules_key=table.game.rules.key,
        phase=view.phase.value,
        status=status(view, over, t),
        contract=t.gettext(CONTRACTS[known_contract]) if known_contract else None,
        seats=seat_infos(view, totals, t),
        hand=hand_cards(view, order, t),
        tricks=tricks,
        last_trick=last_trick(view, order, t),
        controls=buttons,
        announce=calls,
        pick=pick_mode(view),
        armut_note=armut_note(view, t),
        schweinchen_note=schweinchen_note(view, t),
        calls=calls_shown(view, t),
        summary=summary(table, game_id, view.result, view, t) if view.result else None,
        hand_number=len(table.game.results) + 1,
        hands_per_game=table.game.rules.hands_per_game,
        game_over=over,
        standings=standings(totals, t) if over else (),
        notices=tuple(t.gettext(NOTICES[code]) for code in table.notices) if animate else (),
        error=error,
        your_turn=view.to_act == HUMAN,
        ready_ms=max((_finished_at(trick) for trick in tricks), default=0),
        speech=speech(table, view, tricks, t) if animate else (),
    )


def _finished_at(trick: TrickShow) -> int:
    last_card = max((card.delay_ms for card in trick.cards), default=0)
    return max(last_card, trick.gather_at_ms or 0)
