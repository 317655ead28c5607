"""Play-outs on the fast path, for the benchmark and the bots' look-ahead.

Card play skips `apply`'s checks and `Action` objects: a policy picks a card type from
`playable_mask` and `Hand.play` plays it. `play_out` works on a copy, so a search can play
the same position out again and again; `random_playout` is the benchmark's and plays the
other phases too. `tests/test_rollout.py` shows that both paths give the same hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.cards import mask_indices
from engine.hand import Hand
from engine.phases import Phase

Policy = Callable[[Hand, int], int]
"""Chooses the card type the seat plays in the hand (one of `hand.playable_mask(seat)`)."""


def play_out(hand: Hand, policy: Policy) -> Hand:
    """A copy of `hand` with its card play finished by `policy` for every seat; `hand` itself
    is left as it was. Raises `ValueError` before the card play has begun."""
    if hand.phase not in (Phase.PLAY, Phase.DONE):
        raise ValueError(f"play-outs start in the card play, not in the {hand.phase} phase")
    twin = hand.copy()
    while twin.to_act is not None:
        seat = twin.to_act
        twin.play(seat, policy(twin, seat))
    return twin


def random_card(hand: Hand, rng: random.Random) -> int:
    """A uniformly random playable card type for the seat to play."""
    assert hand.to_act is not None
    choices = list(mask_indices(hand.playable_mask(hand.to_act)))
    return choices[rng.randrange(len(choices))]


def random_playout(hand: Hand, rng: random.Random) -> Hand:
    """Plays `hand` itself to its end with uniformly random legal actions (no announcements)."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        if hand.phase is Phase.PLAY:
            hand.play(seat, random_card(hand, rng))
        else:
            actions = hand.legal_actions(seat)
            hand.apply(actions[rng.randrange(len(actions))])
    return hand
