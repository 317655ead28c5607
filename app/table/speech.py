"""The latest step read aloud for the screen reader's live region, once: the contract when
it settles, each bot card, trick, announcement and the end of a hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.languages.i18n import Translator
from app.languages.words import CONTRACTS, POSITIONS, call_name, seat_name, team_name
from app.table.card_faces import PlayedCard, TrickShow
from app.table.service import HUMAN, Table
from app.table.table_notes import schweinchen_note
from engine import Act, Contract, HandResult, Phase, SeatView


@dataclass(frozen=True)
class Spoken:
    """A line the screen reader's live region reads when the table shows it; `shown`: also
    a short notice over the table (a change of who plays with whom)."""

    at_ms: int
    text: str
    shown: bool = False


PLAYING = (Phase.PLAY, Phase.DONE)
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
    plays = sum(1 for entry in step if entry["act"] == Act.PLAY)
    new_cards = iter(shown[len(shown) - plays :])
    lines: list[Spoken] = []
    if view.phase in PLAYING and any(entry["act"] in _BEFORE_PLAY for entry in step):
        lines.append(Spoken(0, contract_words(view, t), view.declarer is not None))
    schweinchen = schweinchen_note(view, t)
    schweinchen_at, silent_solo_at = view.schweinchen_shown_at(), view.silent_solo_shown_at()
    for position, entry in enumerate(step, start=table.step_start):
        clock = lines[-1].at_ms if lines else 0
        if entry["act"] == Act.ANNOUNCE and entry["seat"] != HUMAN:
            words = _call_words(entry, t)
            lines.append(Spoken(clock, t.gettext("%(name)s announces %(call)s") % words))
        elif entry["act"] == Act.PLAY:
            trick, played = next(new_cards)
            said = _play_words(trick, played, entry["seat"] != HUMAN, t)
            if schweinchen and position == schweinchen_at:
                said.insert(1, Spoken(said[0].at_ms, schweinchen, True))
            if position == silent_solo_at:
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
    gainer = result.scored_for
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
