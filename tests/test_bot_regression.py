"""Regression positions of the bots: tests/bots/positions.json (heuristic-v1),
tests/bots/search-v1.json, search-v2.json and search-v3.json hold about 60 incomplete hands each
(pagat and ddv; reservations, every step of the Armut, moments to announce, cards in solos,
Hochzeiten and normal games early to late) with the decision the bot took there.

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

FOLDER = Path(__file__).resolve().parent / "bots"
FILES = {
    "heuristic-v1": FOLDER / "positions.json",
    "search-v1": FOLDER / "search-v1.json",
    "search-v2": FOLDER / "search-v2.json",
    "search-v3": FOLDER / "search-v3.json",
}
DATA: dict[str, dict[str, Any]] = {
    bot_id: json.loads(path.read_text(encoding="utf-8")) for bot_id, path in FILES.items()
}
CASES = [(bot_id, entry["name"]) for bot_id, data in DATA.items() for entry in data["positions"]]


def kind(name: str) -> str:
    """`pagat-armut-give-2` -> `pagat-armut-give`."""
    return name.rsplit("-", 1)[0]


@pytest.mark.parametrize("bot_id", FILES)
def test_the_file_covers_every_kind_of_decision(bot_id: str) -> None:
    """About 60 distinct positions of the stored bot, spread over both rule sets and every
    kind of decision, so a change of behaviour anywhere is likely to show."""
    data = DATA[bot_id]
    assert data["bot"] == bot_id
    by_name = {entry["name"]: entry for entry in data["positions"]}
    assert len(by_name) == len(data["positions"]) >= 55
    kinds = Counter(kind(name) for name in by_name)
    for rules in ("pagat", "ddv"):
        for wanted in ("reservation-healthy", "reservation-declared", "announce-made"):
            assert kinds[f"{rules}-{wanted}"] >= 2, (rules, wanted)
        for wanted in ("announce-held", "solo", "hochzeit", "play-early", "play-late"):
            assert kinds[f"{rules}-{wanted}"] >= 2, (rules, wanted)
    for wanted in ("armut-give", "armut-accept", "armut-decline", "armut-return"):
        assert kinds[f"pagat-{wanted}"] >= 2, wanted
    records = {json.dumps(entry["record"], sort_keys=True) for entry in by_name.values()}
    assert len(records) == len(by_name), "two positions are the same"


@pytest.mark.parametrize(("bot_id", "name"), CASES)
def test_the_bot_still_decides_as_recorded(bot_id: str, name: str) -> None:
    """The stored decision, from the seat's own view, with `random.Random(0)` as the stored
    positions were made (and as `python -m bots.decide` asks by default)."""
    data = DATA[bot_id]
    entry = next(e for e in data["positions"] if e["name"] == name)
    hand = parse_record(json.dumps(entry["record"])).replay()
    seat = entry["seat"]
    assert hand.to_act == seat, f"{name}: seat {seat} is not to act in the stored record"
    view = view_of(hand, seat)
    stored = Action.from_record(entry["decision"])
    assert stored in view.legal, f"{name}: the stored decision {stored} is not legal"
    decided = bot_named(bot_id).choose(view, random.Random(0))
    assert decided == stored, (
        f"{bot_id} now decides '{decided.notation}' at {name} (seat {seat}, "
        f"seed {entry['seed']}) where it decided '{stored.notation}'. A change of behaviour "
        f"needs a new bot version id (bots/registry.py), then regenerate the positions with "
        f"`{data['regenerate']}`."
    )
