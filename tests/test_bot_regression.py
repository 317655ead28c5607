"""Regression positions of the heuristic bot: tests/bots/positions.json holds about 60
incomplete hands (pagat and ddv; reservations, every step of the Armut, moments to announce,
cards in solos, Hochzeiten and normal games early to late) with the decision the bot took there.

Stored games and the daily game replay bots by id, so a bot id must keep its behaviour: any
change of decision here needs a new bot version id and regenerated positions
(`python scripts/make_bot_positions.py`).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from bots.registry import bot_named
from engine import Action, parse_record, view_of

POSITIONS = Path(__file__).resolve().parent / "bots" / "positions.json"
DATA: dict[str, Any] = json.loads(POSITIONS.read_text(encoding="utf-8"))
BY_NAME: dict[str, dict[str, Any]] = {entry["name"]: entry for entry in DATA["positions"]}
REGENERATE = "python scripts/make_bot_positions.py"


def kind(name: str) -> str:
    """`pagat-armut-give-2` -> `pagat-armut-give`."""
    return name.rsplit("-", 1)[0]


def test_the_file_covers_every_kind_of_decision() -> None:
    """About 60 distinct positions of the stored bot, spread over both rule sets and every
    kind of decision, so a change of behaviour anywhere is likely to show."""
    assert DATA["bot"] == "heuristic-v1"
    assert len(BY_NAME) == len(DATA["positions"]) >= 55
    kinds = Counter(kind(name) for name in BY_NAME)
    for rules in ("pagat", "ddv"):
        for wanted in ("reservation-healthy", "reservation-declared", "announce-made"):
            assert kinds[f"{rules}-{wanted}"] >= 2, (rules, wanted)
        for wanted in ("announce-held", "solo", "hochzeit", "play-early", "play-late"):
            assert kinds[f"{rules}-{wanted}"] >= 2, (rules, wanted)
    for wanted in ("armut-give", "armut-accept", "armut-decline", "armut-return"):
        assert kinds[f"pagat-{wanted}"] >= 2, wanted
    records = {json.dumps(entry["record"], sort_keys=True) for entry in BY_NAME.values()}
    assert len(records) == len(BY_NAME), "two positions are the same"


@pytest.mark.parametrize("name", BY_NAME)
def test_the_bot_still_decides_as_recorded(name: str) -> None:
    """The stored decision, from the seat's own view, with `random.Random(0)` as the stored
    positions were made (and as `python -m bots.decide` asks by default)."""
    entry = BY_NAME[name]
    hand = parse_record(json.dumps(entry["record"])).replay()
    seat = entry["seat"]
    assert hand.to_act == seat, f"{name}: seat {seat} is not to act in the stored record"
    view = view_of(hand, seat)
    stored = Action.from_record(entry["decision"])
    assert stored in view.legal, f"{name}: the stored decision {stored} is not legal"
    decided = bot_named(DATA["bot"]).choose(view, random.Random(0))
    assert decided == stored, (
        f"{DATA['bot']} now decides '{decided.notation}' at {name} (seat {seat}, "
        f"seed {entry['seed']}) where it decided '{stored.notation}'. A change of behaviour "
        f"needs a new bot version id (bots/registry.py), then regenerate the positions with "
        f"`{REGENERATE}`."
    )
