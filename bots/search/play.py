"""The search's card play and announcements: the best card by `evaluate`, or an announcement
when making it now raises the expected score clearly.

Perfect-information play-outs see every card, so a world's team plays better than a real one
and announcements look safer than they are: a call must beat the best card without it by
`CALL_MARGIN` game points.
"""

from __future__ import annotations

import random

from bots.search.budget import Budget
from bots.search.evaluate import evaluate
from engine import Act, Action, SeatView

CALL_MARGIN = 0.5
"""Game points an announcement must add to the best card's expected score."""


def choose_play(view: SeatView, rng: random.Random, budget: Budget) -> Action:
    values = evaluate(view, rng, budget)
    card = next(value for value in values if value.action.act is Act.PLAY)
    call = next((value for value in values if value.action.act is Act.ANNOUNCE), None)
    if call is not None and call.expected >= card.expected + CALL_MARGIN:
        return call.action
    return card.action
