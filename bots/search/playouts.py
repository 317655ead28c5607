"""Card play valued in sampled worlds: play-outs by the policy, exact solves at the end.

For every world the seat's candidate cards are each played, then the hand is finished by the
play-out policy (or, in the last tricks, solved exactly) and scored for the seat. Since the
policy does not announce, one finished hand scores every announcement the seat might make now
too: the same tricks under other steps (`Hand.score_of(seat, announced)`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bots.search.policy import policy_card
from bots.search.solver import VALUE_SCALE, EndgameSolver
from engine import Hand, Step, Team, play_out


@dataclass(frozen=True)
class Outcome:
    """What one card led to in one world: the seat's game points under each announcement
    option (index 0: none made now) and its team's card points."""

    scores: tuple[int, ...]
    points: int
    finished: Hand | None = None
    """The hand played to its end, kept only for the card asked for (the review reads it
    again to say why another card was better, `bots.search.contrast`)."""


def announced_options(hand: Hand, seat: int, steps: Sequence[Step]) -> list[dict[Team, Step]]:
    """The teams' steps if the seat announces nothing now, then if it announces each step."""
    current = {team: calls.step for team, calls in hand.calls.items()}
    team = hand.team_of[seat]
    options = [current]
    for step in steps:
        assert team is not None
        options.append({**current, team: max(current[team], step)})
    return options


def team_points(hand: Hand, seat: int) -> int:
    team = hand.team_of[seat]
    return sum(trick.points for trick in hand.tricks if hand.team_of[trick.winner] is team)


def play_outcomes(
    hand: Hand, seat: int, cards: Sequence[int], steps: Sequence[Step], keep: int | None = None
) -> dict[int, Outcome]:
    """Each card played now by `seat`, the rest of the hand by the policy (the finished hand
    kept for the card `keep`: keeping every card's would give the garbage collector more to
    walk than it saves)."""
    options = announced_options(hand, seat, steps)
    outcomes = {}
    for card in cards:
        twin = hand.copy()
        twin.play(seat, card)
        finished = play_out(twin, policy_card)
        scores = tuple(finished.score_of(seat, option) for option in options)
        kept = finished if card == keep else None
        outcomes[card] = Outcome(scores, team_points(finished, seat), kept)
    return outcomes


def position_outcome(hand: Hand, seat: int, steps: Sequence[Step]) -> Outcome:
    """The hand played on from here by the policy, every seat included."""
    finished = play_out(hand, policy_card)
    scores = tuple(finished.score_of(seat, o) for o in announced_options(hand, seat, steps))
    return Outcome(scores, team_points(finished, seat))


def solved_outcomes(
    hand: Hand, seat: int, cards: Sequence[int], steps: Sequence[Step]
) -> dict[int, Outcome]:
    """Each card with the exact value of the rest of the hand, per announcement option."""
    per_option = [
        EndgameSolver(hand, seat, option).values()
        for option in announced_options(hand, seat, steps)
    ]
    outcomes = {}
    for card in cards:
        values = [values[card] for values in per_option]
        points = values[0] % VALUE_SCALE
        outcomes[card] = Outcome(tuple(v // VALUE_SCALE for v in values), points)
    return outcomes
