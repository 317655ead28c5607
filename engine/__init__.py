"""Doppelkopf rules: cards, contracts, hands, announcements, scoring. Standard library only.

The public API is re-exported here; `engine.replay` is the command-line replay of hand records.
"""

from engine.actions import RESERVATIONS, SOLOS, Act, Action
from engine.announcements import Announcement, Call, Step, Team
from engine.cards import CARDS, Card, CardSet, Rank, Suit, deck, format_cards, parse_cards
from engine.contracts import TRUMP, CardOrder, Contract, card_order
from engine.deal import Deal, deal
from engine.errors import (
    ActionError,
    CardCountError,
    CardError,
    EngineError,
    IllegalAction,
    RulesError,
)
from engine.game import Game, Standing
from engine.hand import Hand
from engine.phases import Phase
from engine.rebuild import GuessError, Hidden, dealt_hands, hand_from_view, hidden_of
from engine.record import (
    HandRecord,
    IllegalRecordAction,
    InvalidRecord,
    parse_record,
    record_from_json,
)
from engine.rollout import Policy, play_out
from engine.rules import DDV, PAGAT, PRESETS, HochzeitShift, RuleSet, Scoring, with_toggles
from engine.score_items import ItemKind, ScoreItem
from engine.scoring import HandResult
from engine.trick import Trick
from engine.view import SeatView, view_of

__all__ = [
    "CARDS",
    "DDV",
    "PAGAT",
    "PRESETS",
    "RESERVATIONS",
    "SOLOS",
    "TRUMP",
    "Act",
    "Action",
    "ActionError",
    "Announcement",
    "Call",
    "Card",
    "CardCountError",
    "CardError",
    "CardOrder",
    "CardSet",
    "Contract",
    "Deal",
    "EngineError",
    "Game",
    "GuessError",
    "Hand",
    "HandRecord",
    "HandResult",
    "Hidden",
    "HochzeitShift",
    "IllegalAction",
    "IllegalRecordAction",
    "InvalidRecord",
    "Phase",
    "Policy",
    "Rank",
    "RuleSet",
    "RulesError",
    "ItemKind",
    "ScoreItem",
    "Scoring",
    "SeatView",
    "Standing",
    "Step",
    "Suit",
    "Team",
    "Trick",
    "card_order",
    "deal",
    "dealt_hands",
    "deck",
    "hand_from_view",
    "hidden_of",
    "format_cards",
    "parse_cards",
    "parse_record",
    "play_out",
    "record_from_json",
    "view_of",
    "with_toggles",
]
