"""What a search bot makes of its values: how sure a call or a solo must be.

Perfect-information play-outs see every card, so the sampled worlds flatter whoever plays
boldly: a world's team plays better than a real one, and a soloist's opponents look helpless
less often than they are. A style corrects for that with margins and confidences. The search
bots differ only here, and a bot's id names its style for ever (stored games replay their
logged actions, but regression positions and measured figures belong to one style).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Style:
    call_margin: float = 0.5
    """Game points an announcement must add to the best card's expected score."""
    call_confidence: float = 0.85
    """Share of the sampled worlds a first Re or Kontra of a normal game must win in."""
    bold_confidence: float = 0.85
    """The same for every other call the style allows (further steps, replies, a Hochzeit
    or a solo): those went wrong most often in self-play."""
    call_worlds: int = 0
    """The fewest distinct worlds a first Re or Kontra of a normal game is made on. A
    believing search (`search-v3`) values a call over its distinct worlds only (resampled
    copies of the likely ones would overstate its chance); where the evidence narrowed them
    to a handful, their share says little."""
    bold_worlds: int = 0
    """The same for every other call."""
    calls_in_armut: bool = True
    """Whether to call in an Armut game, where the worlds know least (the exchange is half
    hidden)."""
    replies: bool = True
    """Whether to call after the other team has called."""
    solo_margin: float = 1.0
    """Game points a solo must gain over the choice it replaces."""
    solo_confidence: float = 0.0
    """Share of the simulated deals a solo must win in (a paired style only)."""
    paired_solo: bool = False
    """False: a solo the model did not choose must beat the model's choice by `solo_margin`.
    True: any solo, the model's included, must beat the best way of not playing alone by
    `solo_margin` on average over the same deals and by more than the noise of that
    difference."""


FIRST = Style()
"""`search-v1` as measured in `bench/RESULTS.md`."""

CAREFUL = Style(
    call_confidence=0.9,
    bold_confidence=1.0,
    calls_in_armut=False,
    replies=False,
    solo_confidence=0.8,
    paired_solo=True,
)
"""`search-v2`: the changes self-play asked for (`bench/RESULTS.md`, search-v1 against
itself, and `bench/calls.py`): a first Re or Kontra of a normal game when 90 % of the worlds
win, every other call only when all of them do (a further step that fails takes the team's
earlier calls down with it), none in an Armut game and no replies, and solos only when they
clearly pay and win in 80 % of the simulated deals."""

BELIEVING = replace(CAREFUL, call_confidence=0.95, call_worlds=8, bold_worlds=16)
"""`search-v3`: the careful style calibrated on its own believed worlds (`python bench/calls.py
--bot search-v3`, `bench/RESULTS.md`). A call is valued over the distinct worlds only (a median
33 of 40, 16 at the tenth percentile, where search-v2 has 40 independent ones), so "won in
every world" may prove less: a first Re or Kontra of a normal game must win in 95 % of at
least 8 distinct worlds, every other call in all of at least 16."""
