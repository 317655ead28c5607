"""How well a search bot's values predict its calls and its solos, from self-play.

Usage: python bench/calls.py [--bot search-v2] [--deals 200] [--rules pagat] [--workers 2]
                             [--solo-candidates] [--out calls.jsonl]
       python bench/calls.py --analyse calls.jsonl

The bot plays all four seats with its calls switched off. At every card it plays while a
call is open to it, each call is valued as the bot would value it (share of the sampled
worlds won, game points gained over the best card), and labelled at the end of the hand by
whether the seat's team would have won with that call made (the same tricks scored under
that step). `--analyse` then replays the bot's rule offline for a grid of confidences: each
seat makes a call at the first card where the call clears the confidence, and the figures
say how many calls that gives and how many would have come true. Solos declared (silent ones
included) are counted with their result. `--solo-candidates` plays only deals in which some
seat's hand is worth simulating a solo on (the others never give one), so that solos come
faster without changing their share won.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bots.heuristic.evaluation import QUEEN_OF_CLUBS, has_both, solo_value  # noqa: E402
from bots.registry import bot_named  # noqa: E402
from bots.search.bot import SearchBot  # noqa: E402
from bots.search.evaluate import evaluate_in_full  # noqa: E402
from bots.search.reservations import SOLO_WORTH_A_LOOK  # noqa: E402
from engine import SOLOS, Act, Contract, Hand, Phase, RuleSet, Step, deal, view_of  # noqa: E402

NEVER = 2.0
"""A confidence no share of worlds reaches: the collecting bot never calls."""
GRID = (0.8, 0.85, 0.9, 0.95, 1.0)


def silent(bot: SearchBot) -> SearchBot:
    style = replace(bot.style, call_confidence=NEVER, bold_confidence=NEVER)
    return replace(bot, style=style)


def worth_a_solo_look(hand: Hand) -> bool:
    return any(
        has_both(cards, QUEEN_OF_CLUBS)
        or max(solo_value(cards, act.contract) for act in SOLOS) >= SOLO_WORTH_A_LOOK
        for cards in hand.hands
    )


def play_deal(job: tuple[str, str, str, int, bool]) -> dict[str, Any] | None:
    """One deal in self-play: the calls considered and the solos, or None when skipped."""
    bot_id, rules_key, seed, number, solo_candidates = job
    bot = silent(bot_named(bot_id))
    rules = RuleSet.from_key(rules_key)
    rngs = [random.Random(f"{seed}/{number}/{seat}") for seat in range(4)]
    for redeal in range(100):
        dealt = deal(f"{seed}/{number}", 0, redeal, rules.without_nines)
        hand = Hand(rules, dealt.hands, dealt.dealer)
        if redeal == 0 and solo_candidates and not worth_a_solo_look(hand):
            return None
        considered = play_hand(hand, bot, rngs)
        if hand.phase is Phase.DONE:
            return labelled(hand, considered, number)
    raise RuntimeError("no hand after 100 redeals")


def play_hand(hand: Hand, bot: SearchBot, rngs: list[random.Random]) -> list[dict[str, Any]]:
    considered = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = view_of(hand, seat)
        calls = [a for a in view.legal if a.act is Act.ANNOUNCE]
        if calls and view.phase is Phase.PLAY and any(a.act is Act.PLAY for a in view.legal):
            considered += valued_calls(view, bot, random.Random(f"{seat}/{len(view.tricks)}"))
        hand.apply(bot.choose(view, rngs[seat]))
    return considered


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
        }
        for v in values
        if v.value.action.act is Act.ANNOUNCE and v.value.action.call is not None
    ]


def labelled(hand: Hand, considered: list[dict[str, Any]], number: int) -> dict[str, Any]:
    for call in considered:
        team = hand.team_of[call["seat"]]
        assert team is not None
        steps = {t: Step.NONE for t in hand.calls}
        steps[team] = Step[call["step"]]
        call["came_true"] = hand.score_of(call["seat"], steps) > 0
    result = hand.result()
    solo = hand.contract is not None and (
        hand.contract.is_declared_solo or hand.contract is Contract.SILENT_SOLO
    )
    soloist = result.soloist
    return {
        "deal": number,
        "contract": hand.contract.value if hand.contract else None,
        "solo_won": (result.winner is hand.team_of[soloist])
        if solo and soloist is not None
        else None,
        "calls": considered,
    }


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
    won = sum(d["solo_won"] for d in solos)
    print(f"{len(deals)} hands; solos {len(solos)}, won {won}")
    print("confidence: plain first Re/Kontra | every other call -> calls, came true")
    for plain in GRID:
        for bold in GRID:
            made, true = first_crossings(deals, {"plain": plain, "bold": bold})
            share = f"{true / made:.1%}" if made else "-"
            print(f"  {plain:.2f} | {bold:.2f} -> {made:4d} calls, {share}")


def first_crossings(deals: list[dict[str, Any]], confidence: dict[str, float]) -> tuple[int, int]:
    """Calls made (the first card of each seat and step where the call clears its confidence
    with a positive gain) and how many came true."""
    made = true = 0
    for hand in deals:
        first: dict[tuple[int, str], bool] = {}
        by_seat: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for call in hand["calls"]:
            by_seat[call["seat"]].append(call)
        for seat, calls in by_seat.items():
            for call in calls:
                key = (seat, call["step"])
                if key in first or call["contract"] == Contract.ARMUT.value:
                    continue
                if call["gain"] >= 0.5 and call["won_share"] >= confidence[kind(call)]:
                    first[key] = call["came_true"]
        made += len(first)
        true += sum(first.values())
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
