"""The end-of-hand sheet's line for each scoring item (docs/rules.md §8), read from the item's
kind and step: the level's card points, the call's word and, in DDV scoring, the card points
that beat the other team's announcement, all as the engine counts them."""

from __future__ import annotations

import pytest

from app.languages import words
from app.languages.i18n import LANGUAGES, translations
from app.languages.words import item_text
from engine import ItemKind, ScoreItem, Step, Team
from engine.rules import Scoring

ENGLISH = translations("en")
RE, KONTRA = Team.RE, Team.KONTRA


@pytest.mark.parametrize(
    ("item", "scoring", "text"),
    [
        (ScoreItem(RE, ItemKind.UNDER, 1, Step.NO90), Scoring.PAGAT, "Kontra under 90"),
        (ScoreItem(KONTRA, ItemKind.UNDER, 1, Step.NO30), Scoring.DDV, "Re under 30"),
        (
            ScoreItem(RE, ItemKind.UNDER, 1, Step.SCHWARZ),
            Scoring.PAGAT,
            "Kontra took no trick (schwarz)",
        ),
        (ScoreItem(RE, ItemKind.ANNOUNCED, 1, Step.NO60), Scoring.PAGAT, "No 60 announced"),
        (
            ScoreItem(KONTRA, ItemKind.OPPONENTS_ANNOUNCED, 1, Step.SCHWARZ),
            Scoring.DDV,
            "Re announced Schwarz",
        ),
        (ScoreItem(KONTRA, ItemKind.AGAINST, 2, Step.NO90), Scoring.PAGAT, "Re’s “No 90” failed"),
        (
            ScoreItem(KONTRA, ItemKind.AGAINST, 1, Step.NO90),
            Scoring.DDV,
            "120 card points against Re’s “No 90”",
        ),
        (
            ScoreItem(RE, ItemKind.AGAINST, 1, Step.NO60),
            Scoring.DDV,
            "90 card points against Kontra’s “No 60”",
        ),
        (
            ScoreItem(RE, ItemKind.AGAINST, 1, Step.SCHWARZ),
            Scoring.DDV,
            "30 card points against Kontra’s “Schwarz”",
        ),
        (ScoreItem(RE, ItemKind.KONTRA_ANNOUNCED, 2), Scoring.PAGAT, "Kontra was announced"),
    ],
)
def test_an_item_with_a_step_names_it(item: ScoreItem, scoring: Scoring, text: str) -> None:
    assert item_text(item, scoring, ENGLISH) == text


@pytest.mark.parametrize(
    "kind",
    [
        kind
        for kind in ItemKind
        if kind
        not in (ItemKind.UNDER, ItemKind.ANNOUNCED, ItemKind.OPPONENTS_ANNOUNCED, ItemKind.AGAINST)
    ],
)
@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_item_without_a_step_has_words_in_every_language(
    kind: ItemKind, language: str
) -> None:
    text = item_text(ScoreItem(RE, kind, 1), Scoring.PAGAT, translations(language))
    assert text and text != kind.value


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_doppelkopf_line_takes_its_points_from_the_engine(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It once wrote 40 itself, a copy of `engine.stakes.DOPPELKOPF_POINTS`."""
    monkeypatch.setattr(words, "DOPPELKOPF_POINTS", 45)
    text = item_text(ScoreItem(RE, ItemKind.DOPPELKOPF, 1), Scoring.PAGAT, translations(language))
    assert "45" in text and "40" not in text


@pytest.mark.parametrize(
    ("item", "name"),
    [
        (ScoreItem(RE, ItemKind.UNDER, 1, Step.NO60), "under_60"),
        (ScoreItem(RE, ItemKind.UNDER, 1, Step.SCHWARZ), "schwarz"),
        (ScoreItem(KONTRA, ItemKind.AGAINST, 2, Step.NO30), "against_no30"),
        (ScoreItem(RE, ItemKind.OPPONENTS_ANNOUNCED, 1, Step.NO90), "opponents_announced_no90"),
        (ScoreItem(RE, ItemKind.FOX, 1, trick=3), "fox"),
    ],
)
def test_records_keep_the_items_names(item: ScoreItem, name: str) -> None:
    """Hand records name items by string (the record format); the structure does not change
    them."""
    assert item.to_json() == {"team": item.team.value, "item": name, "points": item.points}
