"""Does the app's review charge a strong player for noise? Seat 0 is played by a search bot,
each hand is reviewed as the app reviews it (`app.learning.review_jobs.weigh_by_search`, every
decision of seat 0, forced ones included), and the mean loss per hand is printed with its
standard error, for the review's measure and for the old one.

Usage: python bench/review_bias.py [--bot search-v3] [--hands 200] [--minutes 40] [--seed review]

`--bot reviewer` seats the review's own judgement: the action the review's evaluation values
highest, on worlds of the seat's own (the review's argmax, not a bot's style): a player the
split measure must charge nothing on average, whatever the evaluation's noise.

- split (the review): the best action picked on one set of worlds, its advantage over the
  chosen action measured on an independent set;
- same worlds (the review before): the best action's value less the chosen one's on the
  first set, never below 0 (ties under `TIE` cost nothing), read from the same decisions'
  options, so both come from one run.

The other seats are `heuristic-v1` (the review does not depend on them). Each hand's figures
are printed as one JSON line as soon as it is reviewed (`--minutes` stops after the hand that
passes it), the summary at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from app.learning.review import TIE, Decision, human_moments  # noqa: E402
from app.learning.review_jobs import review_evaluation, weigh_by_search  # noqa: E402
from bots.measures import mean_and_error  # noqa: E402
from bots.registry import bot_named  # noqa: E402
from engine import PAGAT, Action, Hand, HandRecord, SeatView, deal, view_of  # noqa: E402


def reviewers_choice(view: SeatView, rng: random.Random) -> Action:
    """The action the review's evaluation values highest on worlds drawn from `rng`."""
    if len(view.legal) == 1:
        return view.legal[0]
    anything = view.legal[0]
    return review_evaluation(view, rng, anything)[0].value.action


def played(bot_id: str, number: int, seed: str) -> HandRecord:
    """One hand with `bot_id` in seat 0 and `heuristic-v1` in the others."""
    model = bot_named("heuristic-v1")
    tested = reviewers_choice if bot_id == "reviewer" else bot_named(bot_id).choose
    dealt = deal(f"{seed}-{number}", number % 4, 0)
    hand = Hand(PAGAT, dealt.hands, dealt.dealer)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        choose = tested if seat == 0 else model.choose
        hand.apply(choose(view_of(hand, seat), random.Random(number)))
    return HandRecord.of_hand(hand)


def same_worlds_loss(decision: Decision) -> float:
    """The old review's loss, from the first set's values."""
    if decision.forced:
        return 0.0
    mine = next(o.expected for o in decision.options if o.action == decision.chosen)
    loss = decision.options[0].expected - mine
    return loss if loss >= TIE else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="search-v3")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=40.0)
    parser.add_argument("--seed", default="review")
    args = parser.parse_args()
    began = time.monotonic()
    split, same, decisions, graded, within = [], [], 0, 0, 0
    for number in range(args.hands):
        record = played(args.bot, number, args.seed)
        clock = time.perf_counter()
        weighed = [weigh_by_search(m, f"{args.seed}/{number}") for m in human_moments(record)]
        seconds = time.perf_counter() - clock
        split.append(sum(d.loss for d in weighed))
        same.append(sum(same_worlds_loss(d) for d in weighed))
        decisions += len(weighed)
        graded += sum(bool(d.grade) for d in weighed)
        within += sum(d.within_noise for d in weighed)
        kinds: dict[str, float] = {}
        for decision in weighed:
            kinds[decision.kind] = round(kinds.get(decision.kind, 0.0) + decision.loss, 3)
        line: dict[str, object] = {"hand": number, "decisions": len(weighed)}
        line["split"] = round(split[-1], 3)
        line |= {"same": round(same[-1], 3), "seconds": round(seconds, 2), "kinds": kinds}
        print(json.dumps(line), flush=True)
        if time.monotonic() - began > args.minutes * 60:
            break
    for name, losses in (("split (the review)", split), ("same worlds (before)", same)):
        mean, error = mean_and_error(losses)
        print(f"{name}: mean loss per hand {mean:+.3f} ± {error:.3f} (SE), {len(losses)} hands")
    print(f"decisions: {decisions}, mistakes or blunders: {graded}, within the noise: {within}")


if __name__ == "__main__":
    main()
