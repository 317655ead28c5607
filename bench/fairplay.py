"""`python bench/fairplay.py`: the fair-play analysis calibrated on honest players and measured
against cheaters.

Each player of `bench/fairplay_players.py` plays whole ranked daily games (8 hands `pagat`,
12 hands `ddv`) in seat 0 against the daily level's bots, on the deals of many days; each
game is then analysed as the server analyses a ranked attempt (`bots.fairplay`, the deal read
by the search and against the table's bots). The
weighings are appended to `--out` (one JSON line per game, so an interrupted run goes on
where it stopped and `--report` can recompute verdicts under other settings without
searching again). Prints, per player: games, tells, matches against what an honest player
matches, the share of games held at the analysis' threshold and at others (the curve), and
the analysis' time per 8 hands.

    python bench/fairplay.py --games 500 --workers 2          # play, analyse, report
    python bench/fairplay.py --report                          # report what --out holds
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from datetime import date, timedelta
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.table.levels import DAILY_LEVEL, LEVELS
from app.table.service import HUMAN, human_action, new_table, next_hand
from bench.fairplay_players import CHEATERS, HONEST, PLAYERS, Player
from bots.fairplay import Weighed, verdict_of, weigh_game
from bots.fairplay.verdict import HOLD_BELOW
from bots.measures import percentile
from bots.registry import bot_named
from engine import HandRecord, Phase, RuleSet
from engine.daily import daily_seed, ranked_rules

FIRST_DAY = date(2026, 1, 1)
SECRET = "fair-play-bench"
THRESHOLDS = (1e-2, 1e-3, 1e-4, 1e-5, 1e-6)
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "var" / "fairplay.jsonl"


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    parser.add_argument("--games", type=int, default=500, help="games per honest player")
    parser.add_argument("--cheater-games", type=int, default=100, help="games per cheater")
    parser.add_argument("--rules", default="pagat,ddv", help="presets, games split evenly")
    parser.add_argument("--players", default=",".join(PLAYERS), help="players to run")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="weighings, appended")
    parser.add_argument("--report", action="store_true", help="only report what --out holds")
    args = parser.parse_args(argv)
    unknown = set(args.players.split(",")) - set(PLAYERS)
    if unknown:
        parser.error(f"unknown players: {', '.join(sorted(unknown))} (known: {', '.join(PLAYERS)})")
    return args


def game_seed(rules_key: str, number: int) -> str:
    return daily_seed(SECRET, FIRST_DAY + timedelta(days=number), rules_key)


def play_and_weigh(player: str, rules_key: str, number: int) -> dict[str, Any]:
    """Runs in a worker process: one whole daily game played and analysed."""
    seed = game_seed(rules_key, number)
    started = time.perf_counter()
    records = play_game(PLAYERS[player], ranked_rules(rules_key), seed)
    played = time.perf_counter()
    cpu = time.process_time()
    weighed = weigh_game(records, HUMAN, seed, table_bot=LEVELS[DAILY_LEVEL])
    return {
        "player": player,
        "rules": rules_key,
        "number": number,
        "hands": len(records),
        "play_s": round(played - started, 3),
        "analysis_s": round(time.perf_counter() - played, 3),
        "analysis_cpu_s": round(time.process_time() - cpu, 3),
        "weighed": [asdict(item) for item in weighed],
    }


def play_game(player: Player, rules: RuleSet, seed: str) -> list[HandRecord]:
    """A whole game with `player` in the human's seat and the daily level's bots in the
    others, stepped as the server steps it (the same bot answers to the same play)."""
    table = new_table(rules, seed, bot_named(LEVELS[DAILY_LEVEL]))
    while not table.game.is_over:
        hand = table.game.hand
        if hand.phase is Phase.DONE:
            next_hand(table)
            continue
        rng = random.Random(f"{seed}/player/{len(table.log)}/{len(table.log[-1])}")
        human_action(table, player(hand, HUMAN, rng))
    return table.game.finished_records


def planned(args: argparse.Namespace) -> Iterator[tuple[str, str, int]]:
    """Game by game, every player in turn: a run stopped early is balanced."""
    presets = args.rules.split(",")
    players = args.players.split(",")
    for number in range(max(args.games, args.cheater_games)):
        for player in players:
            if number < (args.games if player in HONEST else args.cheater_games):
                yield player, presets[number % len(presets)], number


def done_already(out: Path) -> set[tuple[str, str, int]]:
    if not out.exists():
        return set()
    return {(r["player"], r["rules"], r["number"]) for r in read_results(out)}


def read_results(out: Path) -> list[dict[str, Any]]:
    with out.open() as lines:
        return [json.loads(line) for line in lines if line.strip()]


def run(args: argparse.Namespace) -> None:
    args.out.parent.mkdir(parents=True, exist_ok=True)
    skip = done_already(args.out)
    todo = [job for job in planned(args) if job not in skip]
    print(f"{len(todo)} games to play and analyse ({len(skip)} in {args.out})", flush=True)
    with ProcessPoolExecutor(args.workers) as pool, args.out.open("a") as out:
        futures = [pool.submit(play_and_weigh, *job) for job in todo]
        for count, future in enumerate(futures, start=1):
            out.write(json.dumps(future.result()) + "\n")
            out.flush()
            if count % 20 == 0:
                print(f"  {count}/{len(todo)}", flush=True)


def verdicts(results: list[dict[str, Any]]) -> dict[str, list[tuple[dict[str, Any], Any]]]:
    by_player: dict[str, list[tuple[dict[str, Any], Any]]] = defaultdict(list)
    for result in results:
        weighed = [Weighed(**item) for item in result["weighed"]]
        by_player[result["player"]].append((result, verdict_of(weighed)))
    return by_player


def report(results: list[dict[str, Any]]) -> None:
    by_player = verdicts(results)
    curve = " | ".join(f"held < {t:.0e}" for t in THRESHOLDS)
    print(f"\nThreshold in force: honest chance < {HOLD_BELOW:.0e}\n")
    print(f"| player | games | tells | matched | honest expect | held | {curve} |")
    print("|---|---|---|---|---|---|" + "---|" * len(THRESHOLDS))
    for player in [*HONEST, *CHEATERS]:
        rows = by_player.get(player, [])
        if not rows:
            continue
        found = [v for _, v in rows]
        shares = [_share(found, threshold) for threshold in THRESHOLDS]
        print(
            f"| {player} | {len(found)} | {statistics.fmean(len(v.tells) for v in found):.1f} "
            f"| {statistics.fmean(v.matched for v in found):.1f} "
            f"| {statistics.fmean(v.expected for v in found):.1f} "
            f"| {_share(found, HOLD_BELOW)} | " + " | ".join(shares) + " |"
        )
    per_8 = [8 * r["analysis_s"] / r["hands"] for r in results]
    cpu_8 = [8 * r["analysis_cpu_s"] / r["hands"] for r in results]
    print(
        f"\nAnalysis per 8 hands: median {statistics.median(per_8):.1f} s, "
        f"p95 {percentile(per_8, 0.95):.1f} s, most {max(per_8):.1f} s wall; "
        f"median {statistics.median(cpu_8):.1f} s CPU ({len(results)} games)"
    )


def _share(found: list[Any], threshold: float) -> str:
    held = sum(v.honest_chance < threshold for v in found)
    return f"{100 * held / len(found):.1f} % ({held})"


def main(argv: list[str] | None = None) -> None:
    args = arguments(argv)
    if not args.report:
        run(args)
    report(read_results(args.out))


if __name__ == "__main__":
    main()
