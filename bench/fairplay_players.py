"""Players for calibrating the fair-play analysis: honest ones, and cheaters who know the deal.

A player decides for seat 0 from the whole hand. Honest players look only at the seat's view;
the cheaters also read the other hands. The cheaters exist for the bench and the tests: they
are no bots of the registry and are never offered at the table.

- `casual-v1`, `heuristic-v1`, `search-v2`: the bots as they play at the table;
- `noisy`: a random one of the best three actions by the search's values from the view, a
  player who sees the hand well but not perfectly;
- `random-v1` and `first-card` (the first legal card or reservation, never a call): styles far
  from the search's, to see that a fixed habit is not taken for knowledge of the deal;
- `clairvoyant-P`: with probability P the best action in the true deal
  (`evaluate_known`), otherwise as `search-v2`;
- `scout`: plays its cards as `search-v2`, but reserves and announces by the true deal, as a
  player who scouted the day's deals and only dares to use them for calls;
- `rehearsed-P`: with probability P the action that did best when the table's bots (the
  daily's, which need no chance) played the deal on for every seat, otherwise as `search-v2`:
  a player who scouted the deals and played the day again offline against exact copies of
  the bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from bots.levels import DAILY_LEVEL, LEVELS
from bots.registry import bot_named
from bots.search.evaluate import evaluate, evaluate_known
from bots.table import play_out
from engine import Act, Action, Hand, Phase, view_of

Player = Callable[[Hand, int, random.Random], Action]
"""Chooses the seat's action in the (whole) hand."""

STRONG = bot_named("search-v2")
TABLE_BOT = bot_named(LEVELS[DAILY_LEVEL])
"""The daily's bots, which the rehearsing cheater copies."""
EXCHANGES = (Phase.ARMUT_GIVE, Phase.ARMUT_RETURN)
NOISY_CHOICES = 3


@dataclass(frozen=True)
class Honest:
    bot_id: str

    def __call__(self, hand: Hand, seat: int, rng: random.Random) -> Action:
        return bot_named(self.bot_id).choose(view_of(hand, seat), rng)


def noisy(hand: Hand, seat: int, rng: random.Random) -> Action:
    view = view_of(hand, seat)
    if len(view.legal) == 1 or view.phase in EXCHANGES:
        return STRONG.choose(view, rng)
    best = evaluate(view, rng)[:NOISY_CHOICES]
    return rng.choice(best).action


def first_card(hand: Hand, seat: int, rng: random.Random) -> Action:
    legal = [action for action in hand.legal_actions(seat) if action.act is not Act.ANNOUNCE]
    return legal[0]


def knowing_best(hand: Hand, seat: int, rng: random.Random) -> Action:
    """The best action in the true deal."""
    return evaluate_known(hand, seat, rng)[0].value.action


def rehearsed_best(hand: Hand, seat: int, rng: random.Random) -> Action:
    """The action that did best when copies of the table's bots played the deal on for every
    seat, the cheater's own included, as an outside check's rehearsal did. Written here on its
    own, not with the analysis' `bots.fairplay.weighing.against_the_table`: the bench's cheater
    must not be the detector's own code (it weighs scores alone, without card points)."""

    def rehearsed(action: Action) -> float:
        twin = hand.copy()
        twin.apply(action, checked=False)
        finished = play_out(twin, [TABLE_BOT] * 4, [rng] * 4)
        return finished.score_of(seat) if finished.phase is Phase.DONE else 0.0

    return max(hand.legal_actions(seat), key=rehearsed)


@dataclass(frozen=True)
class Knowing:
    """With probability `share` the best action by a reading of the whole deal (`best`),
    otherwise as `search-v2`."""

    share: float
    best: Player = knowing_best

    def __call__(self, hand: Hand, seat: int, rng: random.Random) -> Action:
        view = view_of(hand, seat)
        if len(view.legal) == 1 or view.phase in EXCHANGES or rng.random() >= self.share:
            return STRONG.choose(view, rng)
        return self.best(hand, seat, rng)


def scout(hand: Hand, seat: int, rng: random.Random) -> Action:
    view = view_of(hand, seat)
    if len(view.legal) == 1 or view.phase in EXCHANGES:
        return STRONG.choose(view, rng)
    if view.phase is not Phase.PLAY:
        return knowing_best(hand, seat, rng)
    best = knowing_best(hand, seat, rng)
    if best.act is Act.ANNOUNCE:
        return best
    choice = STRONG.choose(view, rng)
    if choice.act is Act.PLAY:
        return choice
    cards = [action for action in view.legal if action.act is Act.PLAY]
    return evaluate(view, rng, actions=cards)[0].action


HONEST: dict[str, Player] = {
    "casual-v1": Honest("casual-v1"),
    "heuristic-v1": Honest("heuristic-v1"),
    "search-v2": Honest("search-v2"),
    "noisy": noisy,
    "random-v1": Honest("random-v1"),
    "first-card": first_card,
}
CHEATERS: dict[str, Player] = {
    "clairvoyant-1": Knowing(1.0),
    "clairvoyant-0.5": Knowing(0.5),
    "clairvoyant-0.25": Knowing(0.25),
    "scout": scout,
    "rehearsed-1": Knowing(1.0, rehearsed_best),
    "rehearsed-0.5": Knowing(0.5, rehearsed_best),
}
PLAYERS: dict[str, Player] = HONEST | CHEATERS
