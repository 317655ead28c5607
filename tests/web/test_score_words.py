"""The end-of-hand sheet's scoring items say the engine's figures: DDV's card points against
an announcement come from `engine.stakes` (once copied into `app/languages/words.py`)."""

from __future__ import annotations

import pytest

from app.languages.i18n import translations
from app.languages.words import item_text
from engine import Team

ENGLISH = translations("en")


@pytest.mark.parametrize(
    ("item", "text"),
    [
        ("against_no90", "120 card points against Re’s No 90"),
        ("against_no60", "90 card points against Re’s No 60"),
        ("against_no30", "60 card points against Re’s No 30"),
        ("against_schwarz", "30 card points against Re’s Schwarz"),
    ],
)
def test_ddv_points_against_an_announcement(item: str, text: str) -> None:
    assert item_text(item, Team.KONTRA, "ddv", ENGLISH) == text


def test_pagat_says_the_announcement_failed() -> None:
    assert item_text("against_no60", Team.KONTRA, "pagat", ENGLISH) == "Re’s No 60 failed"
