"""Who held Re, in a challenge board's cell (`app.challenges.words.re_words`): the board's
player sits in seat 0, the bots by name. "Kontra; Re: Jonas, Emma" was hard to read (an
outside audit); each case now says the player's team and who was with or against them."""

from __future__ import annotations

import pytest

from app.challenges.words import re_words
from app.languages.i18n import translations
from app.languages.words import BOT_NAMES

ENGLISH = translations("en")
LENA, JONAS, EMMA = BOT_NAMES


@pytest.mark.parametrize(
    ("re", "words"),
    [
        ([0], "Re alone"),
        ([0, 2], f"Re with {JONAS}"),
        ([1, 3], f"Kontra against {LENA}, {EMMA}"),
        ([2], f"Kontra against {JONAS}"),
    ],
)
def test_the_cell_says_the_players_team_and_who_was_re(re: list[int], words: str) -> None:
    assert re_words({"re": re}, ENGLISH) == words


def test_the_words_are_translated() -> None:
    assert re_words({"re": [1, 3]}, translations("de")) == f"Kontra gegen {LENA}, {EMMA}"
