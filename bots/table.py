"""Letting bots take their seats' turns in a hand."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bots.protocol import Bot
from engine import Action, Hand, view_of


def bot_turn(hand: Hand, bot: Bot, rng: random.Random) -> Action:
    """Asks the bot of the seat to act for its action, from that seat's view, and applies it."""
    seat = hand.to_act
    if seat is None:
        raise ValueError("nobody is to act: the hand is over")
    action = bot.choose(view_of(hand, seat), rng)
    hand.apply(action)
    return action


def play_out(hand: Hand, bots: Sequence[Bot], rngs: Sequence[random.Random]) -> Hand:
    """Plays the hand to its end (or a redeal), each seat by its own bot and rng."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        bot_turn(hand, bots[seat], rngs[seat])
    return hand
