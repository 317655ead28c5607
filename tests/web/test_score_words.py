"""The end-of-hand sheet's scoring items say the engine's figures: DDV's card points against
an announcement come from `engine.stakes` (once copied into the app's words)."""

from __future__ import annotations

import pytest

from app.languages.i18n import translations
from app.languages.words import item_text
from engine import ItemKind, ScoreItem, Step, Team
from engine.rules import Scoring

ENGLISH = translations("en")


@pytest.mark.parametrize(
    ("step", "text"),
    [
        (Step.NO90, "120 card points against Re’s No 90"),
        (Step.NO60, "90 card points against Re’s No 60"),
        (Step.NO30, "60 card points against Re’s No 30"),
        (Step.SCHWARZ, "30 card points against Re’s Schwarz"),
    ],
)
def test_ddv_points_against_an_announcement(step: Step, text: str) -> None:
    item = ScoreItem(Team.KONTRA, ItemKind.AGAINST, 1, step)
    assert item_text(item, Scoring.DDV, ENGLISH) == text


def test_pagat_says_the_announcement_failed() -> None:
    item = ScoreItem(Team.KONTRA, ItemKind.AGAINST, 2, Step.NO60)
    assert item_text(item, Scoring.PAGAT, ENGLISH) == "Re’s No 60 failed"
