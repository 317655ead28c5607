"""Reading actions from records (`Action.from_record`): card plays, which are looked up whole
for speed, read exactly as every other entry, and malformed ones are refused all the same."""

from __future__ import annotations

import pytest

from engine import Act, Action, Card
from engine.cards import CARDS
from engine.errors import ActionError


@pytest.mark.parametrize("seat", range(4))
def test_every_card_played_from_every_seat_is_read(seat: int) -> None:
    for card in CARDS:
        read = Action.from_record({"seat": seat, "act": "play", "card": str(card)})
        assert read == Action(seat, Act.PLAY, card=card)
        assert read.card is Card.parse(str(card))


def test_other_fields_of_a_play_entry_are_ignored_as_before() -> None:
    entry = {"seat": 2, "act": "play", "card": "QC", "note": "from an old record"}
    assert Action.from_record(entry) == Action(2, Act.PLAY, card=Card.parse("QC"))


@pytest.mark.parametrize(
    "entry",
    [
        {"seat": True, "act": "play", "card": "QC"},
        {"seat": 1.0, "act": "play", "card": "QC"},
        {"seat": 4, "act": "play", "card": "QC"},
        {"seat": -1, "act": "play", "card": "QC"},
        {"seat": "1", "act": "play", "card": "QC"},
        {"act": "play", "card": "QC"},
        {"seat": 1, "act": "play"},
        {"seat": 1, "act": "play", "card": ["QC"]},
        {"seat": 1, "act": "play", "card": {"QC": 1}},
        {"seat": 1, "act": "play", "card": "QX"},
        {"seat": 1, "act": "play", "card": "qc"},
        {"seat": 1, "act": "play", "card": None},
        {"seat": [1], "act": "play", "card": "QC"},
    ],
)
def test_a_malformed_play_entry_is_refused(entry: dict[str, object]) -> None:
    with pytest.raises(ActionError):
        Action.from_record(entry)
