"""The numbers a hand's score is made of that the pages explain as well as the scoring uses
(docs/rules.md §7, §8): one owner, so How to play and the review's reasons say what the
engine counts."""

from __future__ import annotations

from engine.announcements import Step
from engine.cards import deck

TOTAL_POINTS = sum(card.points for card in deck())
"""The card points of a deck, 240 (the nines count nothing, so without them too)."""
RE_TARGET = TOTAL_POINTS // 2 + 1
"""Card points Re needs to win when no level (no 90 …) is announced; Kontra needs
`KONTRA_TARGET`, and the other way round when only Kontra was announced."""
KONTRA_TARGET = TOTAL_POINTS // 2
LEVEL_POINTS = {Step.NO90: 90, Step.NO60: 60, Step.NO30: 30}
"""The card points a team must reach not to be under a level (schwarz: a trick)."""
LEVEL_TARGETS = {level: TOTAL_POINTS - points + 1 for level, points in LEVEL_POINTS.items()}
"""What a team that announced a level must take itself (§7): enough to leave the other team
under it, so a change of a level's threshold moves the target with it (151, 181, 211)."""
SOLO_FACTOR = 3
"""A lone player against three wins or loses the hand's value this many times (§8.3)."""
TEAM_CALL = 2
"""What each Re and each Kontra announced adds, to the winners."""
DOPPELKOPF_POINTS = 40
"""A trick worth this many card points or more is a Doppelkopf (an extra point)."""
DDV_AGAINST = {Step.NO90: 120, Step.NO60: 90, Step.NO30: 60, Step.SCHWARZ: 30}
"""DDV scoring: the card points that earn a side 1 against each level the other announced."""
