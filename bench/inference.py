"""How much the worlds believe the table: after a declared solo, and after a soloist's no 90.

Usage: python bench/inference.py [--deals 4000] [--rules pagat] [--seed inference]

Deals are played by `heuristic-v1` in every seat; in those where a seat declares a solo, each
defender's view is taken at its first card (and, where the soloist said no 90, at the
defender's first card after the call). The model says no 90 as a soloist only from a solo
value of 18, too rarely to measure, so here a soloist says it at his first card from 16.
For each view the worlds of `search-v2` (`bots.search.inference`) and `search-v3`
(`bots.search.beliefs`) are drawn at the default budgets, and counted:

- solo: the share of worlds in which the soloist's dealt hand is one `heuristic-v1` declares
  that very solo on (the players here are `heuristic-v1`, so the real hands all are);
- no 90: the share of worlds in which the soloist, the hand played on by the play-out
  policy, takes at least 151 card points (makes the no 90).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bots.heuristic.announcements import SOLO_NO90_MARGIN  # noqa: E402
from bots.heuristic.bot import HeuristicBot  # noqa: E402
from bots.heuristic.evaluation import solo_value  # noqa: E402
from bots.heuristic.reservations import SOLO_THRESHOLD, reservation_for  # noqa: E402
from bots.search.beliefs import believed_worlds  # noqa: E402
from bots.search.budget import BELIEVING_BUDGET, DEFAULT_BUDGET  # noqa: E402
from bots.search.inference import dealt_of, played_masks, weighted_worlds  # noqa: E402
from bots.search.playouts import team_points  # noqa: E402
from bots.search.policy import policy_card  # noqa: E402
from bots.search.sampling import World, hidden_of_world  # noqa: E402
from engine import (  # noqa: E402
    Act,
    Action,
    Hand,
    Phase,
    RuleSet,
    SeatView,
    Step,
    deal,
    hand_from_view,
    play_out,
    view_of,
)

MODEL = HeuristicBot()
BOLD_BY = 2.0
"""How much weaker than the model's no-90 hand a soloist here still says no 90."""
WORLDS = 40

Draw = Callable[[SeatView, random.Random], list[World]]
DRAWS: dict[str, Draw] = {
    "search-v2": lambda view, rng: weighted_worlds(view, rng, WORLDS, DEFAULT_BUDGET),
    "search-v3": lambda view, rng: believed_worlds(view, rng, WORLDS, BELIEVING_BUDGET),
}


Moment = tuple[SeatView, Hand]


def solo_views(rules_key: str, deals: int, seed: str) -> tuple[list[Moment], list[Moment]]:
    """Defenders' views at their first card in solos, and after a no 90 of the soloist,
    each with the real hand at that moment."""
    rules = RuleSet.from_key(rules_key)
    first: list[Moment] = []
    after_call: list[Moment] = []
    rng = random.Random(seed)
    for number in range(deals):
        dealt = deal(f"{seed}-{number}", number % 4, 0, rules.without_nines)
        if not any(reservation_for(h, set(Act)).is_solo for h in dealt.hands):
            continue
        hand = Hand(rules, dealt.hands, dealt.dealer)
        seen: set[tuple[int, bool]] = set()
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            view = view_of(hand, seat)
            solo = view.contract is not None and view.contract.is_solo
            if view.phase is Phase.PLAY and solo and seat != view.declarer:
                called = _no90(view)
                if (seat, called) not in seen:
                    seen.add((seat, called))
                    (after_call if called else first).append((view, hand.copy()))
            hand.apply(_no90_call(hand, view) or MODEL.choose(view, rng))
    return first, after_call


def _no90_call(hand: Hand, view: SeatView) -> Action | None:
    """The soloist's no 90 at his first card when his dealt hand is within `BOLD_BY` of the
    model's own no-90 value (the model alone says it too rarely to be measured)."""
    declarer = view.declarer
    if view.phase is not Phase.PLAY or view.seat != declarer or view.contract is None:
        return None
    if not view.contract.is_solo or _no90(view):
        return None
    calls = [a for a in view.legal if a.call is not None and a.call.step is Step.NO90]
    wanted = SOLO_THRESHOLD + SOLO_NO90_MARGIN - BOLD_BY
    dealt = hand.dealt[declarer]
    return calls[0] if calls and solo_value(dealt, view.contract) >= wanted else None


def _no90(view: SeatView) -> bool:
    return any(
        a.act is Act.ANNOUNCE and a.call is not None and a.call.step >= Step.NO90
        for a in view.history
    )


def solo_share(view: SeatView, worlds: list[World]) -> float:
    """The share of worlds whose soloist would declare this solo."""
    declarer = view.declarer
    assert declarer is not None and view.contract is not None
    wanted = next(act for act in Act if act.is_solo and act.contract is view.contract)
    played = played_masks(view)
    hits = 0
    for world in worlds:
        hand = dealt_of(view, world, played)[declarer]
        hits += reservation_for(hand, set(Act)) is wanted
    return hits / len(worlds)


def no90_share(view: SeatView, worlds: list[World]) -> float:
    """The share of worlds in which the soloist makes the no 90 (policy play-out)."""
    declarer = view.declarer
    assert declarer is not None
    made = 0
    for world in worlds:
        hand = hand_from_view(view, hidden_of_world(view, world), checked=False)
        finished = play_out(hand, policy_card)
        made += team_points(finished, declarer) >= 151
    return made / len(worlds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--rules", default="pagat")
    parser.add_argument("--seed", default="inference")
    args = parser.parse_args()
    first, after_call = solo_views(args.rules, args.deals, args.seed)
    print(f"views: {len(first)} at a defender's first card, {len(after_call)} after a no 90")
    for name, draw in DRAWS.items():
        rng = random.Random(args.seed)
        solo = [solo_share(view, draw(view, rng)) for view, _ in first]
        print(f"{name}: solo declared in {statistics.fmean(solo):.1%} of the worlds", end="")
        if after_call:
            made = [no90_share(view, draw(view, rng)) for view, _ in after_call]
            print(f"; no 90 made in {statistics.fmean(made):.1%}", end="")
        print()
    if after_call:
        real = [_made(hand, view) for view, hand in after_call]
        print(f"real deals, played on by the policy: no 90 made in {statistics.fmean(real):.1%}")


def _made(hand: Hand, view: SeatView) -> bool:
    assert view.declarer is not None
    return team_points(play_out(hand.copy(), policy_card), view.declarer) >= 151


if __name__ == "__main__":
    main()
