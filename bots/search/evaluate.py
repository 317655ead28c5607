"""What each legal action is worth to the seat, from its view alone.

`evaluate(view, rng, budget)` is the search's reusable answer: for every legal action, the
expected game points the seat scores (its team's score as the seat writes it: a soloist's
threefold) and the spread of that score over the sampled worlds. Hints and post-hand reviews
ask it; `SearchBot` decides with it.

Card play: perfect-information Monte Carlo. Worlds are sampled consistent with the view and
weighed by how likely the other seats' choices are in them (`bots.search.inference`); each
card is played in each world and the hand finished by the play-out policy, or solved exactly
in the last tricks. An announcement is worth the best card's value with the announcement
made. Reservations and the Armut steps are valued by simulating whole hands over deals of the
other cards (`bots.search.contracts`).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from bots.search.beliefs import worlds_for
from bots.search.budget import DEFAULT_BUDGET, Budget
from bots.search.contracts import evaluate_before_play, simulated_values
from bots.search.playouts import Outcome, play_outcomes, position_outcome, solved_outcomes
from bots.search.racing import raced_outcomes
from bots.search.sampling import World, hidden_of_world
from bots.search.values import POINT_WEIGHT, ActionValue, Valued, best_first
from engine import Act, Action, Hand, Phase, SeatView, Step, hand_from_view, view_of

MIN_WORLDS = 4
"""Even with many legal cards, no fewer worlds than this."""


@dataclass
class Sampled:
    """The worlds an evaluation played its actions in, each as the whole hand at the decision
    (every card known; a world drawn twice is the same hand). Filled when asked for, so that
    the review can look at two actions in the same worlds again (`bots.search.contrast`)."""

    keep: int | None = None
    """A card whose finished play-outs to keep too (in `outcomes`, world by world)."""
    hands: list[Hand] = field(default_factory=list)
    outcomes: list[dict[int, Outcome]] = field(default_factory=list)
    """With `keep`: per world, what each card led to, the kept card's finished hand
    included (not where the last tricks were solved exactly)."""
    exact: bool = False
    """The last tricks were solved exactly in them."""


def evaluate(
    view: SeatView,
    rng: random.Random,
    budget: Budget = DEFAULT_BUDGET,
    actions: Sequence[Action] | None = None,
    sampled: Sampled | None = None,
) -> list[ActionValue]:
    """Every legal action of `view` (or the given ones) with its value, best first; the
    worlds it was valued in go into `sampled` when given."""
    return [valued.value for valued in evaluate_in_full(view, rng, budget, actions, sampled)]


def evaluate_in_full(
    view: SeatView,
    rng: random.Random,
    budget: Budget = DEFAULT_BUDGET,
    actions: Sequence[Action] | None = None,
    sampled: Sampled | None = None,
) -> list[Valued]:
    """`evaluate` with the tie-break and the share of worlds won (the bot's decisions)."""
    chosen = list(view.legal if actions is None else actions)
    sampled = Sampled() if sampled is None else sampled
    if view.phase is Phase.PLAY:
        values = _card_play(view, rng, budget, chosen, sampled)
    else:
        values = evaluate_before_play(view, rng, budget, chosen, sampled.hands)
    return best_first(values)


def _card_play(
    view: SeatView, rng: random.Random, budget: Budget, actions: list[Action], sampled: Sampled
) -> list[Valued]:
    plays = [a for a in actions if a.act is Act.PLAY and a.card is not None]
    calls = [a for a in actions if a.act is Act.ANNOUNCE and a.call is not None]
    cards = [a.card.index for a in plays if a.card is not None]
    steps = [a.call.step for a in calls if a.call is not None]
    if not cards:
        return _calls_off_turn(view, rng, budget, calls, steps, sampled)
    per_world = _outcomes(view, rng, budget, cards, steps, sampled)
    return _card_values(plays, calls, per_world, distinct_calls=budget.believes)


def _card_values(
    plays: list[Action],
    calls: list[Action],
    per_world: list[dict[int, Outcome]],
    distinct_calls: bool = False,
) -> list[Valued]:
    """Each card's value over the worlds' outcomes; a call is worth its best card. With
    `distinct_calls` a call is valued over the distinct worlds only: resampled worlds repeat
    the likely ones, and a call that wins in forty copies of five worlds is no sure call."""
    cards = [a.card.index for a in plays if a.card is not None]
    values = [
        _value(action, [o[card] for o in per_world if card in o], 0)
        for action, card in zip(plays, cards, strict=True)
    ]
    if distinct_calls:
        per_world = list({id(outcome): outcome for outcome in per_world}.values())
    for index, action in enumerate(calls, start=1):
        best = max(
            (_value(action, [o[card] for o in per_world if card in o], index) for card in cards),
            key=lambda valued: (valued.value.expected, valued.card_points),
        )
        values.append(best)
    return values


def _calls_off_turn(
    view: SeatView,
    rng: random.Random,
    budget: Budget,
    calls: list[Action],
    steps: list[Step],
    sampled: Sampled,
) -> list[Valued]:
    """Announcements while another seat is to play: the hand is played on by the policy."""
    if not calls:
        return []
    hands = [_hand(view, world) for world in worlds_for(view, rng, budget.worlds, budget)]
    sampled.hands.extend(hands)
    outcomes = [position_outcome(hand, view.seat, steps) for hand in hands]
    return [_value(action, outcomes, index) for index, action in enumerate(calls, start=1)]


def _outcomes(
    view: SeatView,
    rng: random.Random,
    budget: Budget,
    cards: list[int],
    steps: list[Step],
    sampled: Sampled,
) -> list[dict[int, Outcome]]:
    """Per sampled world, what each card leads to (a world drawn twice is played once); a
    racing budget plays the cards clearly behind in fewer worlds (`bots.search.racing`)."""
    exact = _tricks_left(view) <= budget.solver_tricks
    sampled.exact = exact

    seen: dict[tuple[int, ...], tuple[Hand, dict[int, Outcome]]] = {}
    pool = _Pool(size=budget.solver_worlds if exact else budget.worlds)

    def play(count: int, played: list[int]) -> list[dict[int, Outcome]]:
        keep = sampled.keep if sampled.keep in played else None
        if not budget.racing:
            seen.clear()
        per_world = []
        for world in _worlds(view, rng, count, budget, pool):
            if world.held not in seen:
                hand = _hand(view, world)
                if exact:
                    seen[world.held] = hand, solved_outcomes(hand, view.seat, played, steps)
                else:
                    seen[world.held] = hand, play_outcomes(hand, view.seat, played, steps, keep)
            hand, outcome = seen[world.held]
            sampled.hands.append(hand)
            per_world.append(outcome)
        return per_world

    if exact:
        return play(budget.solver_worlds, cards)
    if budget.racing and len(cards) > 2:
        per_world = raced_outcomes(budget, cards, play)
    else:
        per_world = play(max(MIN_WORLDS, min(budget.worlds, budget.playouts // len(cards))), cards)
    if sampled.keep is not None:
        sampled.outcomes = per_world
    return per_world


@dataclass
class _Pool:
    """The worlds of one racing decision, drawn once and handed out round by round."""

    size: int
    worlds: list[World] = field(default_factory=list)
    used: int = 0


def _worlds(
    view: SeatView, rng: random.Random, count: int, budget: Budget, pool: _Pool
) -> list[World]:
    """`count` worlds to play in. A racing budget draws its worlds once per decision (the
    believed worlds cost more to weigh than to play): the first round gets the first ones,
    the close cards the rest, never more than `budget.worlds` in all. Otherwise fresh worlds
    every time."""
    if not budget.racing:
        return worlds_for(view, rng, count, budget)
    if not pool.worlds:
        pool.worlds = worlds_for(view, rng, max(count, pool.size), budget)
    chosen = pool.worlds[pool.used : pool.used + count]
    pool.used += len(chosen)
    return chosen


def evaluate_known(
    hand: Hand, seat: int, rng: random.Random, budget: Budget = DEFAULT_BUDGET
) -> list[Valued]:
    """Every legal action of `seat` valued in the one world where every card is known, as
    `evaluate_in_full` values them in sampled worlds: what a player who could see the deal
    would expect (fair-play analysis compares the player's choices with it)."""
    view = view_of(hand, seat)
    actions = list(view.legal)
    if view.phase is not Phase.PLAY:
        return best_first(simulated_values(view, actions, [hand], rng))
    plays = [a for a in actions if a.act is Act.PLAY and a.card is not None]
    calls = [a for a in actions if a.act is Act.ANNOUNCE and a.call is not None]
    cards = [a.card.index for a in plays if a.card is not None]
    steps = [a.call.step for a in calls if a.call is not None]
    if not cards:
        outcome = position_outcome(hand, seat, steps)
        return best_first([_value(a, [outcome], i) for i, a in enumerate(calls, start=1)])
    exact = _tricks_left(view) <= budget.solver_tricks
    outcomes = solved_outcomes if exact else play_outcomes
    return best_first(_card_values(plays, calls, [outcomes(hand, seat, cards, steps)]))


def _tricks_left(view: SeatView) -> int:
    """Tricks still to be completed, the current one included. The teams are settled by
    then: a Hochzeit is clarified within its first three tricks."""
    return view.rules.cards_per_seat - len(view.tricks)


def _hand(view: SeatView, world: World) -> Hand:
    return hand_from_view(view, hidden_of_world(view, world), checked=False)


def _value(action: Action, outcomes: list[Outcome], option: int) -> Valued:
    scores = [outcome.scores[option] for outcome in outcomes]
    spread = statistics.pstdev(scores) if len(scores) > 1 else 0.0
    points = statistics.fmean(outcome.points for outcome in outcomes)
    won = sum(score > 0 for score in scores) / len(scores)
    utilities = tuple(o.scores[option] + POINT_WEIGHT * o.points for o in outcomes)
    return Valued(ActionValue(action, statistics.fmean(scores), spread), points, won, utilities)
