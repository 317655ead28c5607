"""Actions a seat takes and their stable notation (docs/record-format.md).

The short string of an action (`healthy`, `play 10H`, `announce no90`, `armut-give 9C AD KD`)
is what `--trace` lists and what the web table puts in `data-action`; the record form is a
JSON object with the seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeGuard

from engine.announcements import Call
from engine.cards import CARDS, Card
from engine.contracts import Contract
from engine.errors import ActionError, EngineError


class Act(StrEnum):
    HEALTHY = "healthy"
    HOCHZEIT = "hochzeit"
    ARMUT = "armut"
    SOLO_DIAMONDS = "solo-diamonds"
    SOLO_HEARTS = "solo-hearts"
    SOLO_SPADES = "solo-spades"
    SOLO_CLUBS = "solo-clubs"
    SOLO_QUEENS = "solo-queens"
    SOLO_JACKS = "solo-jacks"
    SOLO_FLEISCHLOS = "solo-fleischlos"
    ARMUT_GIVE = "armut-give"
    ARMUT_ACCEPT = "armut-accept"
    ARMUT_DECLINE = "armut-decline"
    ARMUT_RETURN = "armut-return"
    ANNOUNCE = "announce"
    PLAY = "play"

    @property
    def is_reservation(self) -> bool:
        return self in RESERVATIONS

    @property
    def is_solo(self) -> bool:
        return self.value.startswith("solo-")

    @property
    def contract(self) -> Contract:
        """The contract a winning solo reservation plays."""
        return Contract(self.value)


RESERVATIONS = (
    Act.HEALTHY,
    Act.HOCHZEIT,
    Act.ARMUT,
    Act.SOLO_DIAMONDS,
    Act.SOLO_HEARTS,
    Act.SOLO_SPADES,
    Act.SOLO_CLUBS,
    Act.SOLO_QUEENS,
    Act.SOLO_JACKS,
    Act.SOLO_FLEISCHLOS,
)
SOLOS = tuple(act for act in RESERVATIONS if act.is_solo)
_CARD_LIST_ACTS = (Act.ARMUT_GIVE, Act.ARMUT_RETURN)


@dataclass(frozen=True, slots=True)
class Action:
    """One seat's action; `cards` of an Armut give/return are kept in deck order."""

    seat: int
    act: Act
    card: Card | None = None
    call: Call | None = None
    cards: tuple[Card, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.cards:
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=_deck_position)))

    @property
    def notation(self) -> str:
        """The short form of `--trace` and `data-action`, without the seat."""
        if self.act is Act.PLAY:
            return f"play {self.card}"
        if self.act is Act.ANNOUNCE:
            return f"announce {self.call}"
        if self.act in _CARD_LIST_ACTS:
            return " ".join([self.act.value, *(str(card) for card in self.cards)])
        return self.act.value

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.notation}"

    @staticmethod
    def parse(seat: int, text: str) -> Action:
        """Reads a short form (`play 10H`); raises `ActionError` for anything malformed."""
        act_text, *rest = text.split(" ") if text else [""]
        act = _parse_act(act_text)
        if act is Act.PLAY:
            return Action(seat, act, card=_single_card(rest, text))
        if act is Act.ANNOUNCE:
            return Action(seat, act, call=_parse_call(rest[0] if len(rest) == 1 else text))
        if act in _CARD_LIST_ACTS:
            return Action(seat, act, cards=tuple(_parse_card(part) for part in rest))
        if rest:
            raise ActionError(f"{act} takes no argument: {text!r}")
        return Action(seat, act)

    def to_record(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"seat": self.seat, "act": self.act.value}
        if self.act is Act.PLAY:
            entry["card"] = str(self.card)
        elif self.act is Act.ANNOUNCE:
            entry["call"] = str(self.call)
        elif self.act in _CARD_LIST_ACTS:
            entry["cards"] = [str(card) for card in self.cards]
        return entry

    @staticmethod
    def from_record(entry: object) -> Action:
        """Reads one entry of a record's `actions`; raises `ActionError` when malformed. A
        card played, most of any record, is looked up whole: rebuilding a stored game reads
        hundreds, and parsing each was a third of the replay."""
        if _plain_play(entry):
            played = _PLAYED.get((entry["seat"], entry["card"]))
            if played is not None:
                return played
        if not isinstance(entry, dict):
            raise ActionError(f"an action must be an object, not {entry!r}")
        seat = entry.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise ActionError(f"seat must be 0-3, not {seat!r}")
        act = _parse_act(entry.get("act"))
        if act is Act.PLAY:
            return Action(seat, act, card=_parse_card(_required(entry, "card")))
        if act is Act.ANNOUNCE:
            return Action(seat, act, call=_parse_call(_required(entry, "call")))
        if act in _CARD_LIST_ACTS:
            cards = _required(entry, "cards")
            if not isinstance(cards, list):
                raise ActionError(f"{act} cards must be a list, not {cards!r}")
            return Action(seat, act, cards=tuple(_parse_card(card) for card in cards))
        return Action(seat, act)


def _deck_position(card: Card) -> int:
    return card.index


def _required(entry: dict[str, Any], name: str) -> Any:
    if name not in entry:
        raise ActionError(f"{entry.get('act')} needs a {name!r} field")
    return entry[name]


def _parse_act(text: object) -> Act:
    if isinstance(text, str) and text in _ACT_VALUES:
        return Act(text)
    raise ActionError(f"unknown act {text!r}")


def _parse_call(text: object) -> Call:
    if isinstance(text, str) and text in _CALL_VALUES:
        return Call(text)
    raise ActionError(f"unknown call {text!r}")


_ACT_VALUES = frozenset(act.value for act in Act)
_CALL_VALUES = frozenset(call.value for call in Call)


def _parse_card(text: object) -> Card:
    try:
        return Card.parse(text)  # type: ignore[arg-type]
    except EngineError as error:
        raise ActionError(str(error)) from None


_PLAYED = {
    (seat, str(card)): Action(seat, Act.PLAY, card=card) for seat in range(4) for card in CARDS
}
"""Every well-formed card-play entry's action, by the entry's seat and card."""


def _plain_play(entry: object) -> TypeGuard[dict[str, Any]]:
    """A card-play entry whose seat and card have the types they must: only such keys are
    looked up (a bool seat would find seat 1's entry; a list card cannot be hashed)."""
    return (
        type(entry) is dict
        and entry.get("act") == "play"
        and type(entry.get("seat")) is int
        and type(entry.get("card")) is str
    )


def _single_card(rest: list[str], text: str) -> Card:
    if len(rest) != 1:
        raise ActionError(f"play takes one card: {text!r}")
    return _parse_card(rest[0])
