"""Why one action beat another, in the search's own play-outs: the review's reason.

Both actions are played out in the same sampled worlds the evaluation valued them in
(`evaluate`'s `Sampled`), and each finished hand is read for what a player talks about: who
took this trick, whether a fox was caught, whether the side made its announcement, who won
the hand. The difference seen in the most worlds, in favour of the better action, is the
reason (`Difference`); when none stands out, the card points or just the score.

Play-outs are the search's: the play-out policy, or in the last tricks, where the search
solves exactly, the solver's line of play (each seat plays its best card in turn). Before
the card play the rest of the reservations and the Armut are `heuristic-v1`'s, as there.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bots.search.contracts import finish
from bots.search.evaluate import Sampled
from bots.search.playouts import Outcome
from bots.search.policy import policy_card
from bots.search.solver import EndgameSolver
from engine import Act, Action, Hand, ItemKind, Phase, SeatView, Step, Team, play_out

ANNOUNCE = "announce"
"""The better action is an announcement the player did not make: the side made it."""
ANNOUNCE_FAILED = "announce_failed"
"""The player announced, and the better action did not: the side fell short of it."""
POINTS = "points"
"""No single fact stands out: the side took more card points."""
SCORE = "score"
"""Nothing stands out at all: only the average score differs."""
MIN_POINTS = 5
"""Card points a side must take more on average for `POINTS` to be the reason."""


@dataclass(frozen=True)
class Facts:
    """What one finished play-out shows, from the deciding seat's side."""

    trick: bool
    """The side took the trick being played when the decision was made."""
    partner: bool
    """… and the partner, not the seat itself, took it."""
    fox_kept: bool
    """The other side caught none of the side's foxes from then on."""
    fox_caught: bool
    charlie: bool
    """The side scored Charlie (won the last trick with J♣, or caught the other's)."""
    doppelkopf: bool
    announcement: bool
    """The side announced and made it (False when it announced nothing)."""
    won: bool
    points: int
    """The side's card points in the whole hand."""


@dataclass(frozen=True)
class Difference:
    """The reason `better` beat `chosen`: `kind` (a fact of `Facts` or one of the kinds
    above), in how many of the `worlds` the better action had it and the chosen one not
    (`count`), how often each had it (`better_count`, `chosen_count`), and for `POINTS` the
    side's average card points more."""

    kind: str
    count: int
    worlds: int
    better_count: int = 0
    chosen_count: int = 0
    points: int = 0


FactOf = Callable[[Facts], bool]
REASONS: tuple[tuple[str, FactOf], ...] = (
    ("fox_kept", lambda f: f.fox_kept),
    ("fox_caught", lambda f: f.fox_caught),
    ("announcement", lambda f: f.announcement),
    ("partner", lambda f: f.partner),
    ("trick", lambda f: f.trick),
    ("charlie", lambda f: f.charlie),
    ("doppelkopf", lambda f: f.doppelkopf),
    ("won", lambda f: f.won),
)
"""The facts a reason may name, the more telling first where two are seen equally often."""


def contrast(
    view: SeatView, sampled: Sampled, chosen: Action, better: Action, rng: random.Random
) -> Difference:
    """Why `better` beat `chosen` for the seat of `view`, from both played out in the worlds
    `evaluate` valued them in (`sampled`); `rng` decides for the model before the card play."""
    lines = _lines(view, sampled, chosen, better, rng)
    return main_difference(chosen, better, [(_facts(view, a), _facts(view, b)) for a, b in lines])


def _lines(
    view: SeatView, sampled: Sampled, chosen: Action, better: Action, rng: random.Random
) -> list[tuple[Hand, Hand]]:
    """Per world, the hand finished after the chosen and after the better action (a world
    drawn twice is played once)."""
    if view.phase is not Phase.PLAY:
        return [
            (_simulated(deal, chosen, rng), _simulated(deal, better, rng)) for deal in sampled.hands
        ]
    exact = sampled.exact
    kept = sampled.outcomes or [{}] * len(sampled.hands)
    finished: dict[int, tuple[Hand, Hand]] = {}
    for start, outcomes in zip(sampled.hands, kept, strict=True):
        if id(start) not in finished:
            lines = (_line(start, chosen, exact, outcomes), _line(start, better, exact, outcomes))
            finished[id(start)] = lines
    return [finished[id(start)] for start in sampled.hands]


def _line(start: Hand, action: Action, exact: bool, outcomes: dict[int, Outcome]) -> Hand:
    """The hand finished after `action`: the evaluation's own play-out of a card when it was
    kept, else played out here."""
    card = action.card.index if action.act is Act.PLAY and action.card is not None else None
    kept = outcomes.get(card) if card is not None else None
    if kept is not None and kept.finished is not None:
        return kept.finished
    return _played(start, action, exact)


def _simulated(deal: Hand, action: Action, rng: random.Random) -> Hand:
    hand = deal.copy()
    hand.apply(action, checked=False)
    return finish(hand, rng)


def _played(start: Hand, action: Action, exact: bool) -> Hand:
    """The hand after `action`, played to its end by the search's players; an announcement
    is followed by the seat's card."""
    hand = start.copy()
    seat = action.seat
    hand.apply(action, checked=False)
    if action.act is Act.ANNOUNCE and hand.to_act == seat:
        hand.play(seat, _line_card(hand, exact))
    return _solved_line(hand) if exact else play_out(hand, policy_card)


def _line_card(hand: Hand, exact: bool) -> int:
    seat = hand.to_act
    assert seat is not None
    if not exact:
        return policy_card(hand, seat)
    values = EndgameSolver(hand, seat).values()
    return max(values, key=values.__getitem__)


def _solved_line(start: Hand) -> Hand:
    """The last tricks as the exact solver plays them: each seat its best card in turn."""
    hand = start.copy()
    while hand.to_act is not None:
        hand.play(hand.to_act, _line_card(hand, exact=True))
    return hand


def _facts(view: SeatView, hand: Hand) -> Facts | None:
    """What the finished `hand` shows for the seat of `view` (None: dealt again)."""
    if hand.phase is not Phase.DONE:
        return None
    seat = view.seat
    result = hand.result()
    team = hand.team_of[seat] or Team.KONTRA
    other = team.other
    number = len(view.tricks) + 1 if view.phase is Phase.PLAY else 0
    items = [item for item in result.items if item.trick is None or item.trick >= number]
    scored = {(item.team, item.kind) for item in items}
    taker = hand.tricks[number - 1].winner if number else None
    took = taker is not None and (hand.team_of[taker] or Team.KONTRA) is team
    return Facts(
        trick=took,
        partner=took and taker != seat,
        fox_kept=(other, ItemKind.FOX) not in scored,
        fox_caught=(team, ItemKind.FOX) in scored,
        charlie=(team, ItemKind.CHARLIE) in scored or (team, ItemKind.CHARLIE_CAUGHT) in scored,
        doppelkopf=(team, ItemKind.DOPPELKOPF) in scored,
        announcement=result.announced[team] >= Step.TEAM and result.winner is team,
        won=result.winner is team,
        points=result.tally.points[team],
    )


def main_difference(
    chosen: Action, better: Action, pairs: Sequence[tuple[Facts | None, Facts | None]]
) -> Difference:
    """The reason from each world's facts after the chosen and the better action (None: the
    world was dealt again)."""
    worlds = len(pairs)
    played = [(a, b) for a, b in pairs if a is not None and b is not None]
    reason = _announcement_reason(chosen, better, played, worlds)
    if reason is None:
        reason = _most_frequent(played, worlds)
    if reason is not None:
        return reason
    more = statistics.fmean(b.points - a.points for a, b in played) if played else 0.0
    if more >= MIN_POINTS:
        return Difference(POINTS, 0, worlds, points=round(more))
    return Difference(SCORE, 0, worlds)


def _most_frequent(played: list[tuple[Facts, Facts]], worlds: int) -> Difference | None:
    """The fact the better action has and the chosen one lacks in the most worlds (counted
    net of the worlds where it is the other way round)."""
    best: Difference | None = None
    lead = 0
    for kind, fact in REASONS:
        gains = sum(fact(b) and not fact(a) for a, b in played)
        losses = sum(fact(a) and not fact(b) for a, b in played)
        if gains - losses > lead:
            lead = gains - losses
            best = Difference(
                kind,
                gains,
                worlds,
                better_count=sum(fact(b) for _, b in played),
                chosen_count=sum(fact(a) for a, _ in played),
            )
    return best


def _announcement_reason(
    chosen: Action, better: Action, played: list[tuple[Facts, Facts]], worlds: int
) -> Difference | None:
    """Between announcing and not (or announcing more and less), the reason is whether the
    side makes it: the announcement only changes the score."""
    step_chosen = _step(chosen)
    step_better = _step(better)
    if step_better > step_chosen:
        made = sum(b.announcement for _, b in played)
        return Difference(ANNOUNCE, made, worlds, better_count=made)
    if step_chosen > step_better:
        failed = sum(not a.announcement for a, _ in played)
        return Difference(ANNOUNCE_FAILED, failed, worlds, chosen_count=failed)
    return None


def _step(action: Action) -> Step:
    return action.call.step if action.act is Act.ANNOUNCE and action.call else Step.NONE
