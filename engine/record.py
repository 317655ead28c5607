"""Hand records (docs/record-format.md): reading, checking, writing and replaying them.

Everything structural is checked before any action is replayed, so a malformed record is
told apart from one whose actions the rules refuse.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from engine.actions import Act, Action
from engine.cards import CardSet, deck, parse_cards
from engine.errors import EngineError, IllegalAction
from engine.hand import Hand
from engine.rules import PRESETS, RuleSet, preset_named, with_toggles

FORMAT = "doppelkopf-hand/1"


class InvalidRecord(EngineError):
    """A record that is not well-formed (bad JSON, unknown names, wrong cards, …)."""


class IllegalRecordAction(EngineError):
    """A well-formed record with an action the rules refuse, at 0-based `index`."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.reason = reason


@dataclass(frozen=True)
class HandRecord:
    rules: RuleSet
    dealer: int
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    actions: tuple[Action, ...]

    def new_hand(self) -> Hand:
        return Hand(self.rules, self.hands, self.dealer)

    @property
    def is_redeal(self) -> bool:
        """A finished hand in which no card was played: everybody declined the Armut."""
        return not any(action.act is Act.PLAY for action in self.actions)

    def replay(self) -> Hand:
        """The hand after every action; raises `IllegalRecordAction` at the first refusal."""
        hand = self.new_hand()
        for index, action in enumerate(self.actions):
            try:
                hand.apply(action)
            except IllegalAction as error:
                raise IllegalRecordAction(index, str(error)) from None
        return hand

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "rules": rules_to_json(self.rules),
            "dealer": self.dealer,
            "hands": [str(hand) for hand in self.hands],
            "actions": [action.to_record() for action in self.actions],
        }

    @staticmethod
    def of_hand(hand: Hand) -> HandRecord:
        a, b, c, d = hand.dealt
        return HandRecord(hand.rules, hand.dealer, (a, b, c, d), tuple(hand.actions))


def rules_to_json(rules: RuleSet) -> str | dict[str, Any]:
    """A preset name, or the preset with the toggles that differ from it."""
    preset = rules.preset
    changed = rules.toggles(PRESETS[preset])
    if not changed:
        return preset
    return {"preset": preset, **{name: _json_value(value) for name, value in changed.items()}}


def _json_value(value: Any) -> Any:
    return value if isinstance(value, (bool, int)) else str(value)


def parse_record(text: str) -> HandRecord:
    """Reads a record's JSON text; raises `InvalidRecord` with the reason."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InvalidRecord(f"bad JSON: {error}") from None
    except RecursionError:
        raise InvalidRecord("bad JSON: nested too deep") from None
    except ValueError as error:
        # Python refuses to read integers of more than 4300 digits (a guard against slow
        # conversions); no field of a record is near that.
        raise InvalidRecord(f"bad JSON: {error}") from None
    return record_from_json(data)


def record_from_json(data: Any) -> HandRecord:
    if not isinstance(data, dict):
        raise InvalidRecord("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise InvalidRecord(f"unknown format {data.get('format')!r} (expected {FORMAT})")
    try:
        rules = _rules_from_json(data.get("rules"))
        hands = _hands_from_json(data.get("hands"), rules)
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise InvalidRecord("actions must be a list")
        parsed = tuple(Action.from_record(entry) for entry in actions)
    except EngineError as error:
        raise InvalidRecord(str(error)) from None
    dealer = data.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 3:
        raise InvalidRecord(f"dealer must be 0-3, not {dealer!r}")
    return HandRecord(rules, dealer, hands, parsed)


def _rules_from_json(value: Any) -> RuleSet:
    if isinstance(value, str):
        return preset_named(value)
    if isinstance(value, dict):
        toggles = dict(value)
        preset = toggles.pop("preset", None)
        if not isinstance(preset, str):
            raise InvalidRecord("rules object needs a preset name")
        return with_toggles(preset_named(preset), toggles)
    raise InvalidRecord(f"rules must be a preset name or an object, not {value!r}")


def _hands_from_json(value: Any, rules: RuleSet) -> tuple[CardSet, CardSet, CardSet, CardSet]:
    if not isinstance(value, list) or len(value) != 4:
        raise InvalidRecord("hands must be a list of four hands")
    hands = []
    for seat, text in enumerate(value):
        if not isinstance(text, str):
            raise InvalidRecord(f"hand {seat} must be a string of cards")
        cards = parse_cards(text)
        if len(cards) != rules.cards_per_seat:
            raise InvalidRecord(f"hand {seat} has {len(cards)} cards, not {rules.cards_per_seat}")
        hands.append(cards)
    everything = sorted(card.index for hand in hands for card in hand)
    if everything != sorted(card.index for card in deck(rules.without_nines)):
        raise InvalidRecord("the hands are not exactly the deck")
    a, b, c, d = (CardSet.of(hand) for hand in hands)
    return a, b, c, d
