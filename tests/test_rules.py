"""The rule set of docs/rules.md: the two presets, their toggle defaults and the short keys."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from engine import DDV, PAGAT, PRESETS, RulesError, RuleSet, with_toggles

DEFAULTS: dict[str, tuple[Any, Any]] = {
    "hands_per_game": (8, 12),
    "armut": (True, False),
    "second_dulle_beats_first": (False, False),
    "soloist_leads": (False, False),
    "charlie_capture": (True, False),
    "schweinchen": (False, False),
    "without_nines": (False, False),
    "scoring": ("pagat", "ddv"),
    "hochzeit_deadline_shift": ("tricks", "tricks_minus_one"),
    "late_reply_allows_more": (True, False),
}
"""The toggle table at the top of docs/rules.md: (pagat, ddv) per toggle."""


def test_the_toggles_are_exactly_those_of_the_rules_table() -> None:
    assert [field.name for field in dataclasses.fields(RuleSet)] == list(DEFAULTS)


TOGGLE_ROW = re.compile(r"^\| `(\w+)` \| `?([\w ]+?)`? \| `?([\w ]+?)`? \|", re.MULTILINE)


def written(value: Any) -> str:
    """A default as the document's table writes it."""
    return {True: "on", False: "off"}.get(value, str(value))


def test_the_rules_documents_table_says_what_the_presets_hold() -> None:
    """`DEFAULTS` is the table of docs/rules.md written out; the document is read here too, so
    that a toggle changed in one and not the other fails."""
    document = (Path(__file__).parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
    table = {name: (pagat, ddv) for name, pagat, ddv in TOGGLE_ROW.findall(document)}
    assert table == {name: (written(p), written(d)) for name, (p, d) in DEFAULTS.items()}


def test_the_presets_are_pagat_and_ddv_and_pagat_is_the_default() -> None:
    assert set(PRESETS) == {"pagat", "ddv"}
    assert PRESETS["pagat"] == PAGAT == RuleSet()
    assert PRESETS["ddv"] == DDV


@pytest.mark.parametrize(("preset", "column"), [("pagat", 0), ("ddv", 1)])
@pytest.mark.parametrize("toggle", list(DEFAULTS))
def test_toggle_default(preset: str, column: int, toggle: str) -> None:
    assert getattr(PRESETS[preset], toggle) == DEFAULTS[toggle][column]


@pytest.mark.parametrize(
    ("preset", "cards"), [("pagat", 12), ("ddv", 12), ("pagat+without_nines", 10)]
)
def test_cards_per_seat(preset: str, cards: int) -> None:
    assert RuleSet.from_key(preset).cards_per_seat == cards


KEYS: list[tuple[str, dict[str, Any], str]] = [
    ("pagat", {}, "pagat"),
    ("ddv", {}, "ddv"),
    ("pagat", {"second_dulle_beats_first": True}, "pagat+second_dulle_beats_first"),
    ("ddv", {"armut": True}, "ddv+armut"),
    ("pagat", {"charlie_capture": False}, "pagat+charlie_capture=off"),
    ("pagat", {"hands_per_game": 4}, "pagat+hands_per_game=4"),
    ("pagat", {"scoring": "ddv"}, "pagat+scoring=ddv"),
    ("ddv", {"hochzeit_deadline_shift": "tricks"}, "ddv+hochzeit_deadline_shift=tricks"),
    (
        "pagat",
        {"without_nines": True, "schweinchen": True, "soloist_leads": True},
        "pagat+soloist_leads+schweinchen+without_nines",
    ),
    (
        "ddv",
        {"late_reply_allows_more": True, "second_dulle_beats_first": True},
        "ddv+second_dulle_beats_first+late_reply_allows_more",
    ),
    (
        "pagat",
        {"charlie_capture": False, "scoring": "ddv", "hands_per_game": 10},
        "pagat+hands_per_game=10+charlie_capture=off+scoring=ddv",
    ),
    ("pagat", {"armut": True, "hands_per_game": 8}, "pagat"),
    ("ddv", {"armut": False}, "ddv"),
    (
        "pagat",
        {
            "hands_per_game": 12,
            "armut": False,
            "charlie_capture": False,
            "scoring": "ddv",
            "hochzeit_deadline_shift": "tricks_minus_one",
            "late_reply_allows_more": False,
        },
        "ddv",
    ),
    (
        "ddv",
        {
            "hands_per_game": 8,
            "armut": True,
            "charlie_capture": True,
            "scoring": "pagat",
            "hochzeit_deadline_shift": "tricks",
            "late_reply_allows_more": True,
        },
        "pagat",
    ),
    (
        "pagat",
        {
            "hands_per_game": 12,
            "armut": False,
            "charlie_capture": False,
            "scoring": "ddv",
            "late_reply_allows_more": False,
            "schweinchen": True,
        },
        "ddv+schweinchen+hochzeit_deadline_shift=tricks",
    ),
]
"""(preset, toggles changed on it, expected key): the preset giving the shorter key, then each
toggle that differs from it in the table's order, `+name` on, `+name=off`, `+name=value`."""


@pytest.mark.parametrize(("preset", "changes", "key"), KEYS)
def test_key_names_the_rule_set(preset: str, changes: dict[str, Any], key: str) -> None:
    rules = with_toggles(PRESETS[preset], changes)
    for name, value in changes.items():
        assert getattr(rules, name) == value
    assert rules.key == key


@pytest.mark.parametrize(("preset", "changes", "key"), KEYS)
def test_from_key_round_trips(preset: str, changes: dict[str, Any], key: str) -> None:
    rules = with_toggles(PRESETS[preset], changes)
    assert RuleSet.from_key(key) == rules
    assert RuleSet.from_key(rules.key).key == key


@pytest.mark.parametrize(
    ("key", "toggle", "value"),
    [
        ("pagat+second_dulle_beats_first", "second_dulle_beats_first", True),
        ("pagat+armut=off", "armut", False),
        ("ddv+armut", "armut", True),
        ("pagat+hands_per_game=1", "hands_per_game", 1),
        ("pagat+hands_per_game=16", "hands_per_game", 16),
        ("ddv+scoring=pagat", "scoring", "pagat"),
        (
            "pagat+hochzeit_deadline_shift=tricks_minus_one",
            "hochzeit_deadline_shift",
            "tricks_minus_one",
        ),
    ],
)
def test_from_key_sets_the_named_toggle_and_leaves_the_rest(
    key: str, toggle: str, value: Any
) -> None:
    preset = PRESETS[key.split("+")[0]]
    rules = RuleSet.from_key(key)
    assert getattr(rules, toggle) == value
    for field in dataclasses.fields(RuleSet):
        if field.name != toggle:
            assert getattr(rules, field.name) == getattr(preset, field.name)


@pytest.mark.parametrize(
    "key",
    [
        "",
        "PAGAT",
        "Pagat",
        "skat",
        "+armut",
        "pagat+",
        "pagat+nonsense",
        "pagat+Armut",
        "pagat+armut=maybe",
        "pagat+armut=true",
        "pagat+armut=1",
        "pagat+hands_per_game",
        "pagat+hands_per_game=",
        "pagat+hands_per_game=many",
        "pagat+hands_per_game=0",
        "pagat+hands_per_game=-1",
        "pagat+hands_per_game=2.5",
        "pagat+hands_per_game=²",
        "pagat+scoring=skat",
        "pagat+scoring",
        "pagat+hochzeit_deadline_shift=never",
        "pagat ddv",
    ],
)
def test_bad_key_raises_rules_error(key: str) -> None:
    with pytest.raises(RulesError):
        RuleSet.from_key(key)


@pytest.mark.parametrize(
    ("spelling", "canonical"),
    [
        ("pagat+armut=on", "pagat"),
        ("pagat+armut", "pagat"),
        ("pagat+hands_per_game=08", "pagat"),
        ("pagat+schweinchen+schweinchen", "pagat+schweinchen"),
        ("pagat+without_nines+schweinchen", "pagat+schweinchen+without_nines"),
        (
            "pagat+armut=off+hands_per_game=12+charlie_capture=off+scoring=ddv"
            "+hochzeit_deadline_shift=tricks_minus_one+late_reply_allows_more=off",
            "ddv",
        ),
    ],
)
def test_other_spellings_of_a_key_are_refused_naming_the_key(spelling: str, canonical: str) -> None:
    """One rule set has one key, so daily games and leaderboards cannot split."""
    with pytest.raises(RulesError, match=canonical.replace("+", r"\+")):
        RuleSet.from_key(spelling)


@pytest.mark.parametrize(
    "changes",
    [
        {"nonsense": True},
        {"armut": "on"},
        {"armut": 1},
        {"armut": None},
        {"hands_per_game": "8"},
        {"hands_per_game": True},
        {"hands_per_game": 0},
        {"hands_per_game": -4},
        {"hands_per_game": 8.0},
        {"scoring": "skat"},
        {"scoring": True},
        {"hochzeit_deadline_shift": "never"},
        {"hochzeit_deadline_shift": ["tricks"]},
        {"scoring": {}},
        {"late_reply_allows_more": "off"},
    ],
)
def test_unknown_toggle_or_bad_value_raises_rules_error(changes: dict[str, Any]) -> None:
    for preset in (PAGAT, DDV):
        with pytest.raises(RulesError):
            with_toggles(preset, changes)


@pytest.mark.parametrize("hands", [0, -1])
def test_a_game_of_no_hands_is_refused(hands: int) -> None:
    with pytest.raises(RulesError):
        RuleSet(hands_per_game=hands)
