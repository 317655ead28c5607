"""The evidence `search-v3` reads: every public decision of the other seats, as a
log-likelihood of a world.

A world is likely when a sensible player, dealt the cards the world gives a seat, would have
made the choices that seat made. The sensible player is `heuristic-v1`, softened:

- `hand_log_likelihood`: the reservations (a declared solo on a hand the model declares that
  very solo on, its best one, sharply: `SOLO_SOFTNESS`) and the calls of every step
  (Re/Kontra on a strong hand, no 90 and beyond on a stronger one, no call at the first card
  on a weaker one). These read only the dealt hands, so they are cheap and weigh many
  candidate worlds.
- `play_log_likelihood`: each card another seat played, against the card `heuristic-v1` would
  have played from that seat's view in the world (the Hochzeit's partner-seeking is one of
  its rules): the model's card has `1 - DEVIATION`, every other legal card shares the rest.
  This replays the hand, so it weighs fewer worlds, those the hand evidence kept, and only
  the latest `PLAY_WINDOW` cards; a card's likelihood is shared by the worlds that give its
  seat the same cards there.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from bots.heuristic.announcements import SOLO_NO90_MARGIN, TEAM_CALL_THRESHOLD
from bots.heuristic.evaluation import hand_value, solo_value
from bots.heuristic.play import choose_card
from bots.heuristic.reservations import SOLO_THRESHOLD
from bots.knowledge import Knowledge
from bots.search.inference import (
    FLOOR,
    Evidence,
    _announcement_evidence,
    _reservation_check,
    dealt_of,
    held_then,
)
from bots.search.sampling import World, hidden_of_world, played_since
from engine import SOLOS, Act, Action, CardSet, Contract, Hand, SeatView, Step, view_of
from engine.rebuild import dealt_hands, with_exchange

SOLO_SOFTNESS = 0.15
"""How fast a declared solo's likelihood falls below the model's threshold (in `solo_value`
units, a factor e per step): the model declares its best solo from 14 and never below, so a
hand short of it is all but ruled out; a softer curve (0.3, logistic) left 40 % of the worlds
with hands the model would not declare on."""
RIVALS_FROM = 1.0
"""How close to the threshold a declared solo's value must be before the hand's other solos
are valued too (they cost seven valuations; far below, the hand is unlikely anyway)."""
STEP_MARGIN = 2.0
"""How much stronger a hand must be for each call beyond Re/Kontra (no 90, no 60 …)."""
DEVIATION = 0.38
"""How often a seat plays another card than the model's (the other players are no copies of
`heuristic-v1`: the search plays its own card when it is surely better). Measured: `search-v2`
seats in the arena play `heuristic-v1`'s card with 62 % of their cards chosen from two or more
in normal games (8407 cards, `bench/paired_arena.py --model-share`). Against 0.25, 0.38 won
+0.17 game points per hand on the same 100 arena deals (95 % CI -0.05 .. +0.39, pagat, seed
`final`)."""

PLAY_WINDOW = 8
"""Cards of the other seats weighed, the latest ones (about three tricks): the older ones cost
as much to replay and tell less about the cards still held."""

WorldCheck = Callable[[SeatView, World, tuple[CardSet, ...]], float]


def hand_evidence(view: SeatView) -> list[Evidence]:
    """The reservations and calls of the other seats, each a likelihood of a world."""
    evidence = [
        Evidence(seat, _solo_check(seat, act) if act.is_solo else _reservation_check(seat, act))
        for seat, act in view.declarations
        if seat != view.seat
    ]
    if view.contract in (Contract.NORMAL, Contract.ARMUT):
        evidence += _announcement_evidence(view)
    evidence += _further_steps(view)
    return [item for item in evidence if item.seat != view.seat]


def hand_log_likelihood(
    view: SeatView, world: World, evidence: list[Evidence], played: list[int]
) -> float:
    """The log-likelihood of the hand evidence in `world` (`played`: the view's
    `played_masks`)."""
    if not evidence:
        return 0.0
    dealt = dealt_of(view, world, played)
    return sum(math.log(item.check(view, world, dealt)) for item in evidence)


def _solo_check(seat: int, act: Act) -> WorldCheck:
    """The model declares its best solo from its threshold on: the declared one must be at
    the threshold and at least as good as every other solo of the hand."""

    def check(view: SeatView, world: World, dealt: tuple[CardSet, ...]) -> float:
        return solo_likelihood(dealt[seat].mask, act)

    return check


@lru_cache(maxsize=1 << 16)
def solo_likelihood(mask: int, act: Act) -> float:
    """How likely the model declares the solo `act` on the dealt hand `mask`; remembered, as
    the worlds' moves (`bots.search.moves`) return to the same hands often."""
    value = solo_value(CardSet(mask), act.contract)
    if value < SOLO_THRESHOLD - RIVALS_FROM:
        return _short_of(value - SOLO_THRESHOLD)
    rival = max(solo_value(CardSet(mask), other.contract) for other in SOLOS if other is not act)
    return _short_of(value - max(SOLO_THRESHOLD, rival))


def _short_of(distance: float) -> float:
    """1 where the model declares (at or above its threshold and its best solo), falling by
    a factor e for every `SOLO_SOFTNESS` short of it: the model's choice is a step, the
    slope only shows the moves (`bots.search.moves`) which way is up."""
    return 1.0 if distance >= 0 else max(math.exp(distance / SOLO_SOFTNESS), 1e-300)


def _logistic(distance: float, softness: float, floor: bool = True) -> float:
    """The model's curve around its threshold. With `floor`, hands far below it keep a least
    likelihood (a real player may still choose so); without, every step below still counts,
    so that strong evidence (a no 90) dominates and the moves always know which way is up."""
    exponent = min(-distance / softness, 700.0)
    likelihood = 1 / (1 + math.exp(exponent))
    return max(FLOOR, likelihood) if floor else max(likelihood, 1e-300)


def _further_steps(view: SeatView) -> list[Evidence]:
    """No 90 and beyond: the caller's hand at the call was strong for it."""
    evidence = []
    for index, action in enumerate(view.history):
        call = action.call
        if action.act is Act.ANNOUNCE and call is not None and call.step > Step.TEAM:
            since = played_since(view, action.seat, index)
            evidence.append(Evidence(action.seat, _step_check(action, since)))
    return evidence


def _step_check(action: Action, since: int) -> WorldCheck:
    assert action.call is not None
    beyond = int(action.call.step) - int(Step.TEAM)

    def check(view: SeatView, world: World, dealt: tuple[CardSet, ...]) -> float:
        hand = held_then(world, action.seat, since)
        contract = view.contract or Contract.NORMAL
        if contract.is_solo and view.declarer == action.seat:
            threshold = SOLO_THRESHOLD + SOLO_NO90_MARGIN + STEP_MARGIN * (beyond - 1)
            return _logistic(solo_value(hand, contract) - threshold, 1.0, floor=False)
        threshold = TEAM_CALL_THRESHOLD + STEP_MARGIN * beyond
        return _logistic(hand_value(hand, contract) - threshold, 1.5, floor=False)

    return check


Choices = dict[tuple[int, int, int, int], float]
"""Per history step, the acting seat's cards there and the world's Armut exchange, the
log-likelihood of the seat's card: a seat's view at a step is the public history, its own
cards and its part of the exchange, so worlds that agree on those share it."""


def play_log_likelihood(view: SeatView, world: World, known: Choices | None = None) -> float:
    """The log-likelihood of the other seats' cards in `world`: the hand replayed from the
    world's deal, each card another seat chose (from two or more) compared with the model's.
    `known` remembers the cards' likelihoods across the worlds of one view."""
    if not any(a.act is Act.PLAY and a.seat != view.seat for a in view.history):
        return 0.0
    known = {} if known is None else known
    hidden = hidden_of_world(view, world)
    given = hidden.armut_given.mask if hidden.armut_given is not None else 0
    returned = hidden.armut_returned.mask if hidden.armut_returned is not None else 0
    hand = Hand(view.rules, list(dealt_hands(view, hidden)), view.dealer)
    total = 0.0
    weighed = [i for i, a in enumerate(view.history) if a.act is Act.PLAY and a.seat != view.seat]
    since = weighed[-PLAY_WINDOW] if len(weighed) > PLAY_WINDOW else 0
    for index, action in enumerate(view.history):
        if index >= since and action.act is Act.PLAY and action.seat != view.seat and action.card:
            key = (index, hand.held_mask(action.seat), given, returned)
            if key not in known:
                known[key] = _card_log_likelihood(hand, action)
            total += known[key]
        hand.apply(with_exchange(action, hidden.armut_given, hidden.armut_returned), False)
    return total


def _card_log_likelihood(hand: Hand, action: Action) -> float:
    choices = hand.playable_mask(action.seat).bit_count()
    if choices < 2:
        return 0.0
    seat_view = view_of(hand, action.seat)
    cards = [a.card for a in seat_view.legal if a.act is Act.PLAY and a.card is not None]
    if choose_card(Knowledge(seat_view), cards) == action.card:
        return math.log(1 - DEVIATION)
    return math.log(DEVIATION / (choices - 1))
