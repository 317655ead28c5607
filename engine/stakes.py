"""The numbers a hand's score is made of that the pages explain as well as the scoring uses
(docs/rules.md §7, §8): one owner, so How to play and the review's reasons say what the
engine counts."""

from __future__ import annotations

from engine.announcements import Step

RE_TARGET = 121
"""Card points Re needs to win when no level (no 90 …) is announced; Kontra needs
`KONTRA_TARGET`, and the other way round when only Kontra was announced."""
KONTRA_TARGET = 120
TEAM_CALL = 2
"""What each Re and each Kontra announced adds, to the winners."""
DOPPELKOPF_POINTS = 40
"""A trick worth this many card points or more is a Doppelkopf (an extra point)."""
DDV_AGAINST = {Step.NO90: 120, Step.NO60: 90, Step.NO30: 60, Step.SCHWARZ: 30}
"""DDV scoring: the card points that earn a side 1 against each level the other announced."""
