"""Random play-outs on the fast path, for the benchmark and the bots' look-ahead.

Card play skips `apply`'s checks and `Action` objects: it draws from `playable_mask` and calls
`Hand.play`. The other phases are rare and go through the checked path. `tests/test_rollout.py`
shows that both paths give the same hands.
"""

from __future__ import annotations

import random

from engine.cards import mask_indices
from engine.hand import Hand
from engine.phases import Phase


def random_card(hand: Hand, rng: random.Random) -> int:
    """A uniformly random playable card type for the seat to play."""
    assert hand.to_act is not None
    choices = list(mask_indices(hand.playable_mask(hand.to_act)))
    return choices[rng.randrange(len(choices))]


def random_playout(hand: Hand, rng: random.Random) -> Hand:
    """Plays `hand` to its end with uniformly random legal actions (no announcements)."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if hand.phase is Phase.PLAY:
            hand.play(seat, random_card(hand, rng))
        else:
            actions = hand.legal_actions(seat)
            hand.apply(actions[rng.randrange(len(actions))])
    return hand
