"""How well a search bot's values predict its calls and its solos, from self-play.

Usage: python bench/calls.py [--bot search-v2] [--deals 200] [--rules pagat] [--workers 2]
                             [--solo-candidates] [--out calls.jsonl]
       python bench/calls.py --analyse calls.jsonl

The bot plays all four seats with its calls switched off. At every card it plays while a
call is open to it, each call is valued as the bot would value it (share of the sampled
worlds won, game points gained over the best card), and labelled at the end of the hand by
whether the seat's team would have won with that call made (the same tricks scored under
that step). `--analyse` then replays the bot's rule offline for a grid of confidences: a team
makes a step at the first card where it clears the confidence, and the figures say how many
calls that gives and how many would have been successful. Solos declared (silent ones
included) are counted with their result and the share of simulated deals they won when the
bot chose them. `--solo-candidates` plays only deals in which some
seat's hand is worth simulating a solo on (the others never give one), so that solos come
faster without changing their share won.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench import calls_rules  # noqa: E402
from bots.heuristic.evaluation import has_both, solo_value  # noqa: E402
from bots.registry import bot_named  # noqa: E402
from bots.search.bot import SearchBot  # noqa: E402
from bots.search.evaluate import evaluate_in_full  # noqa: E402
from bots.search.reservations import SOLO_WORTH_A_LOOK, plays_alone  # noqa: E402
from bots.search.values import POINT_WEIGHT  # noqa: E402
from engine import (  # noqa: E402
    SOLOS,
    Act,
    CardSet,
    Contract,
    Hand,
    Phase,
    RuleSet,
    Step,
    Team,
    deal,
    view_of,
)
from engine.cards import QUEEN_OF_CLUBS  # noqa: E402

NEVER = 2.0
"""A confidence no share of worlds reaches: the collecting bot never calls."""
GRID = (0.8, 0.85, 0.9, 0.95, 1.0)
SOLO_GRID = (0.0, 0.7, 0.8, 0.9, 1.0)
CURRENT = calls_rules.Rule(plain=0.9, bold=1.0, margin=0.5, distinct=12, bold_distinct=12)
"""search-v3's call rule before it was calibrated on its own worlds."""


def silent(bot: SearchBot) -> SearchBot:
    style = replace(bot.style, call_confidence=NEVER, bold_confidence=NEVER)
    return replace(bot, style=style)


def worth_a_solo_look(hands: Sequence[CardSet]) -> bool:
    return any(
        has_both(cards, QUEEN_OF_CLUBS)
        or max(solo_value(cards, act.contract) for act in SOLOS) >= SOLO_WORTH_A_LOOK
        for cards in hands
    )


def play_deal(job: tuple[str, str, str, int, bool]) -> dict[str, Any] | None:
    """One deal in self-play: the calls considered and the solos, or None when skipped."""
    bot_id, rules_key, seed, number, solo_candidates = job
    searching = bot_named(bot_id)
    if not isinstance(searching, SearchBot):
        raise ValueError(f"{bot_id} does not search")
    bot = searching if solo_candidates else silent(searching)
    rules = RuleSet.from_key(rules_key)
    rngs = [random.Random(f"{seed}/{number}/{seat}") for seat in range(4)]
    for redeal in range(100):
        dealt = deal(f"{seed}/{number}", 0, redeal, rules.without_nines)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        if redeal == 0 and solo_candidates and not worth_a_solo_look(dealt.hands):
            return None
        played = play_hand(hand, bot, rngs, solos_only=solo_candidates)
        if played is None:
            return None
        if hand.phase is Phase.DONE:
            return labelled(hand, *played, number)
    raise RuntimeError("no hand after 100 redeals")


def play_hand(
    hand: Hand, bot: SearchBot, rngs: list[random.Random], solos_only: bool
) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]] | None:
    """Plays the hand; returns the calls considered (none when `solos_only`) and, per seat
    that chose to play alone, the share of simulated deals its solo won and its `solo_value`
    (None for a silent solo). With `solos_only` a hand that is no solo is dropped once the
    reservations are over (None), and the bot's own calls are made."""
    considered: list[dict[str, Any]] = []
    alone: dict[int, dict[str, Any]] = {}
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = view_of(hand, seat)
        if solos_only and view.phase is not Phase.RESERVATIONS and not alone:
            return None
        calls = [a for a in view.legal if a.act is Act.ANNOUNCE]
        open_call = calls and any(a.act is Act.PLAY for a in view.legal)
        if open_call and view.phase is Phase.PLAY and not solos_only:
            considered += valued_calls(view, bot, random.Random(f"{seat}/{len(view.tricks)}"))
        action = bot.choose(view, rngs[seat])
        if view.phase is Phase.RESERVATIONS and plays_alone(view, action.act):
            alone[seat] = {
                "share": solo_share(view, action, bot),
                "value": solo_value(view.hand, action.act.contract) if action.act.is_solo else None,
            }
        hand.apply(action)
    return considered, alone


def solo_share(view: Any, action: Any, bot: SearchBot) -> float:
    """The share of deals the solo wins when simulated as the bot simulates it (its own rng)."""
    (valued,) = evaluate_in_full(view, random.Random(f"solo/{view.seat}"), bot.budget, [action])
    return valued.won_share


def valued_calls(view: Any, bot: SearchBot, rng: random.Random) -> list[dict[str, Any]]:
    values = evaluate_in_full(view, rng, bot.budget)
    best_card = max(
        (v for v in values if v.value.action.act is Act.PLAY), key=lambda v: v.value.expected
    )
    team = view.team
    return [
        {
            "seat": view.seat,
            "cards_played": sum(len(t.cards) for t in view.tricks) + len(view.current_trick),
            "contract": view.contract.value if view.contract else None,
            "step": v.value.action.call.step.name,
            "known_team": team is not None,
            "won_share": round(v.won_share, 3),
            "gain": round(v.value.expected - best_card.value.expected, 3),
            "card_points": round(v.card_points, 1),
            "distinct": len(v.utilities),
            "points": sorted(card_points_of(v.utilities)),
        }
        for v in values
        if v.value.action.act is Act.ANNOUNCE and v.value.action.call is not None
    ]


def card_points_of(utilities: Sequence[float]) -> list[int]:
    """The team's card points in each world, read back from `Valued.utilities` (a world's
    score plus its card points times `POINT_WEIGHT`: at most 0.24 above the whole score)."""
    return [round((u - math.floor(u)) / POINT_WEIGHT) for u in utilities]


def labelled(
    hand: Hand, considered: list[dict[str, Any]], alone: dict[int, dict[str, Any]], number: int
) -> dict[str, Any]:
    for call in considered:
        team = hand.team_of[call["seat"]]
        assert team is not None
        steps = {t: Step.NONE for t in hand.calls}
        steps[team] = Step[call["step"]]
        call["came_true"] = hand.score_of(call["seat"], steps) > 0
        call["team"] = team.value
        call["team_gain"] = team_gain(hand, team, steps)
    result = hand.result()
    solo = hand.contract is not None and (
        hand.contract.is_declared_solo or hand.contract is Contract.SILENT_SOLO
    )
    soloist = result.soloist if solo else None
    return {
        "deal": number,
        "contract": hand.contract.value if hand.contract else None,
        "solo_won": None if soloist is None else result.winner is hand.team_of[soloist],
        "solo": None if soloist is None else alone.get(soloist),
        "calls": considered,
    }


def team_gain(hand: Hand, team: Team, steps: dict[Team, Step]) -> int:
    """Game points the call's team gains by it, over its seats (a soloist's count thrice):
    the same tricks scored with and without the step."""
    silent_steps = {t: Step.NONE for t in hand.calls}
    seats = [seat for seat in range(4) if hand.team_of[seat] is team]
    return sum(hand.score_of(seat, steps) - hand.score_of(seat, silent_steps) for seat in seats)


def collect(options: argparse.Namespace) -> None:
    jobs = [
        (options.bot, options.rules, options.seed, number, options.solo_candidates)
        for number in range(options.deals)
    ]
    with multiprocessing.Pool(options.workers) as pool, open(options.out, "w") as out:
        for found in pool.imap_unordered(play_deal, jobs):
            if found is not None:
                out.write(json.dumps(found) + "\n")
                out.flush()
    analyse(options.out)


def kind(call: dict[str, Any]) -> str:
    plain = call["step"] == "TEAM" and call["contract"] == Contract.NORMAL.value
    return "plain" if plain else "bold"


def analyse(path: str) -> None:
    with open(path) as lines:
        deals = [json.loads(line) for line in lines]
    solos = [d for d in deals if d["solo_won"] is not None]
    print(f"{len(deals)} hands, {len(solos)} solos, won {sum(d['solo_won'] for d in solos)}")
    for share in SOLO_GRID:
        kept = [d for d in solos if d["solo"] is None or d["solo"]["share"] >= share]
        kept_won = sum(d["solo_won"] for d in kept)
        print(
            f"  solos winning >= {share:.0%} of their simulated deals: {len(kept)}, won {kept_won}"
        )
    print("confidence: first Re/Kontra of a normal game | any other call -> calls, successful")
    for plain in GRID:
        for bold in GRID:
            made, true = first_crossings(deals, {"plain": plain, "bold": bold})
            successful = f"{true / made:.1%}" if made else "-"
            print(f"  {plain:.2f} | {bold:.2f} -> {made:4d} calls, {successful}")
    calls_rules.report(deals, CURRENT)


def first_crossings(deals: list[dict[str, Any]], confidence: dict[str, float]) -> tuple[int, int]:
    """Calls made and how many were successful. A team makes a step at the first card where
    it clears its confidence with a gain of half a game point (a partner does not repeat it;
    no calls in an Armut game); every call of a team succeeds or fails with the highest step
    it made, as at the table."""
    made = true = 0
    for hand in deals:
        came_true = {(call["team"], call["step"]): call["came_true"] for call in hand["calls"]}
        steps: dict[str, set[Step]] = defaultdict(set)
        for call in hand["calls"]:
            if call["contract"] == Contract.ARMUT.value:
                continue
            if call["gain"] >= 0.5 and call["won_share"] >= confidence[kind(call)]:
                steps[call["team"]].add(Step[call["step"]])
        for team, made_steps in steps.items():
            made += len(made_steps)
            true += len(made_steps) * came_true[(team, max(made_steps).name)]
    return made, true


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--bot", default="search-v2", help="a search bot's id")
    parser.add_argument("--deals", type=int, default=200, help="deals dealt")
    parser.add_argument("--rules", default="pagat", help="rule set key")
    parser.add_argument("--seed", default="calls", help="seed of the deals")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument(
        "--solo-candidates", action="store_true", help="only deals worth a solo look"
    )
    parser.add_argument("--out", default="calls.jsonl", help="where the labelled calls go")
    parser.add_argument("--analyse", metavar="FILE", help="only analyse a file collected before")
    options = parser.parse_args()
    if options.analyse:
        analyse(options.analyse)
    else:
        collect(options)


if __name__ == "__main__":
    main()
