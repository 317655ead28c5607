"""`python bench/search.py --vs`: two bots timed on the same positions, interleaved, so that
a loaded machine slows both alike and their ratio still says which costs more."""

from __future__ import annotations

import pytest

from bench.search import interleaved, played
from engine import PAGAT


def test_both_bots_are_timed_on_the_same_positions(capsys: pytest.CaptureFixture[str]) -> None:
    moments = played("search-v2", PAGAT, 1, 4)[:4]
    interleaved("search-v3", "search-v2", moments)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("search-v3: mean ") and lines[1].startswith("search-v2: mean ")
    assert lines[2].startswith("ratio search-v3/search-v2: mean ")
