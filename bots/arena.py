"""`python -m bots.arena`: measures a bot against another in duplicate format.

Each deal is played four times, the tested bot in each seat in turn and the other bot in the
other three, so the luck of the cards cancels. The unit of the confidence interval is the deal
(the mean of its four rotations). A bot against itself needs no rotations: each deal is played
once and every seat counts as the tested bot (its solos, its announcements). With --workers the
deals are shared out among processes; the figures are the same as with one (every deal has its
own seeds), only faster.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

from bots.measures import interval95, percentile
from bots.protocol import Bot
from bots.registry import bot_named
from bots.search.budget import DEFAULT_BUDGET
from engine import Act, Action, Hand, HandRecord, Phase, RuleSet, deal, view_of
from engine.json_lines import reader_gone


@dataclass
class Tally:
    """Everything the arena counts for the tested bot."""

    deal_means: list[float] = field(default_factory=list)
    hands: int = 0
    won: int = 0
    declared: Counter[str] = field(default_factory=Counter)
    declared_won: Counter[str] = field(default_factory=Counter)
    announcements: int = 0
    announcements_won: int = 0
    decision_ms: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Counts another tally's deals in this one (the workers' results)."""
        self.deal_means += other.deal_means
        self.hands += other.hands
        self.won += other.won
        self.declared += other.declared
        self.declared_won += other.declared_won
        self.announcements += other.announcements
        self.announcements_won += other.announcements_won
        self.decision_ms += other.decision_ms


@dataclass(frozen=True)
class Match:
    tested: Bot
    other: Bot
    rules: RuleSet
    seed: str

    @property
    def is_self_play(self) -> bool:
        """The same bot in every seat (`--vs` names the tested bot, which then plays every
        seat with the tested bot's budget)."""
        return self.tested is self.other


def timed_turn(hand: Hand, bot: Bot, rng: random.Random, timings: list[float] | None) -> Action:
    seat = hand.to_act
    assert seat is not None
    view = view_of(hand, seat)
    began = time.perf_counter()
    action = bot.choose(view, rng)
    if timings is not None:
        timings.append((time.perf_counter() - began) * 1000)
    hand.apply(action)
    return action


def rotation_bots(match: Match, seat: int) -> list[Bot]:
    """The seats' bots in the rotation with the tested bot in `seat`."""
    return [match.tested if s == seat else match.other for s in range(4)]


def rotation_rngs(match: Match, number: int, seat: int) -> list[random.Random]:
    """Each seat's rng in that rotation of deal `number`: the same in every run of the match."""
    return [random.Random(f"{match.seed}/{number}/{seat}/{s}") for s in range(4)]


def dealt_hand(match: Match, number: int, redeal: int) -> Hand:
    """Deal `number` of the match (its `redeal`th dealing after Armut redeals), as dealt."""
    dealt = deal(f"{match.seed}/{number}", 0, redeal, match.rules.without_nines)
    return Hand(match.rules, dealt.hands, dealt.dealer)


def play_rotation(match: Match, number: int, seat: int, tally: Tally) -> list[Hand]:
    """One deal with the tested bot in `seat`; Armut redeals are played until a hand counts.
    In self-play every seat's decisions are timed."""
    bots = rotation_bots(match, seat)
    timed = range(4) if match.is_self_play else (seat,)
    rngs = rotation_rngs(match, number, seat)
    hands = []
    for redeal in range(100):
        hand = dealt_hand(match, number, redeal)
        while not hand.is_over:
            to_act = hand.to_act
            assert to_act is not None
            timings = tally.decision_ms if to_act in timed else None
            timed_turn(hand, bots[to_act], rngs[to_act], timings)
        hands.append(hand)
        if hand.phase is Phase.DONE:
            return hands
    raise RuntimeError("no hand after 100 redeals")


def count_hand(hand: Hand, seat: int, tally: Tally) -> float:
    """Adds one finished hand to the tally; returns the tested seat's score."""
    result = hand.result()
    team = hand.team_of[seat]
    won = result.winner is not None and result.winner == team
    tally.hands += 1
    tally.won += won
    if hand.declarer == seat:
        contract = hand.contract.value if hand.contract else "?"
        tally.declared[contract] += 1
        tally.declared_won[contract] += won
    own_calls = [a for a in hand.actions if a.seat == seat and a.act is Act.ANNOUNCE]
    tally.announcements += len(own_calls)
    tally.announcements_won += len(own_calls) * won
    return float(result.scores[seat])


def play_deal(match: Match, number: int) -> tuple[Tally, list[str]]:
    """One deal in its four rotations (once in self-play): its tally and its hand records
    (JSON lines)."""
    tally = Tally()
    scores, lines = [], []
    for seat in range(1 if match.is_self_play else 4):
        hands = play_rotation(match, number, seat, tally)
        counted = range(4) if match.is_self_play else (seat,)
        scores += [count_hand(hands[-1], each, tally) for each in counted]
        lines += [json.dumps(HandRecord.of_hand(hand).to_json()) for hand in hands]
    tally.deal_means.append(sum(scores) / 4)
    return tally, lines


def _play_numbered(job: tuple[Match, int]) -> tuple[Tally, list[str]]:
    return play_deal(*job)


def run_match(
    match: Match, deals: int, records: TextIO | None, progress: bool, workers: int = 1
) -> Tally:
    """Every deal, in order (records and deal means come out alike for any `workers`)."""
    tally = Tally()
    jobs = [(match, number) for number in range(deals)]
    with contextlib.ExitStack() as stack:
        results: Iterator[tuple[Tally, list[str]]] = map(_play_numbered, jobs)
        if workers > 1:
            pool = stack.enter_context(multiprocessing.get_context("fork").Pool(workers))
            results = pool.imap(_play_numbered, jobs)
        for done, (deal_tally, lines) in enumerate(results, start=1):
            tally.add(deal_tally)
            if records is not None:
                records.writelines(line + "\n" for line in lines)
            if progress:
                _progress(done, deals)
    return tally


def _progress(done: int, total: int) -> None:
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} deals")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def summary(match: Match, deals: int, tally: Tally) -> dict[str, Any]:
    means = tally.deal_means
    mean, low, high = interval95(means)
    timings = sorted(tally.decision_ms)
    return {
        "bot": match.tested.id,
        "vs": match.other.id,
        "rules": match.rules.key,
        "deals": deals,
        "hands": tally.hands,
        "mean": round(mean, 3),
        "ci95": [round(low, 3), round(high, 3)],
        "won_share": round(tally.won / tally.hands, 3),
        "declared": {
            name: {"count": n, "share": round(n / tally.hands, 4), "won": tally.declared_won[name]}
            for name, n in sorted(tally.declared.items())
        },
        "announcements": tally.announcements,
        "announcement_success": _share(tally.announcements_won, tally.announcements),
        "decision_ms_mean": round(statistics.fmean(timings), 3) if timings else 0.0,
        "decision_ms_p95": round(percentile(timings, 0.95), 3) if timings else 0.0,
        "decision_ms_max": round(timings[-1], 3) if timings else 0.0,
    }


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 3) if whole else None


def report_lines(report: dict[str, Any]) -> Iterator[str]:
    yield f"{report['bot']} vs {report['vs']} ({report['rules']}), {report['deals']} deals"
    low, high = report["ci95"]
    yield f"mean game points per hand: {report['mean']:+.3f}  (95% CI {low:+.3f} .. {high:+.3f})"
    yield f"hands won by its team: {report['won_share']:.1%}"
    for name, row in report["declared"].items():
        yield f"declared {name}: {row['count']} ({row['share']:.2%}), won {row['won']}"
    success = report["announcement_success"]
    shown = "n/a" if success is None else f"{success:.1%}"
    yield f"announcements: {report['announcements']}, successful {shown}"
    yield (
        f"decision time: mean {report['decision_ms_mean']:.3f} ms, "
        f"p95 {report['decision_ms_p95']:.3f} ms, longest {report['decision_ms_max']:.3f} ms"
    )


class _Help(argparse.ArgumentDefaultsHelpFormatter):
    """Shows the defaults that are values, not those of required options and flags."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None or action.default is False:
            return action.help
        return super()._get_help_string(action)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bots.arena",
        description=__doc__,
        formatter_class=_Help,
    )
    parser.add_argument("--bot", required=True, help="the tested bot, e.g. search-v1")
    parser.add_argument("--vs", required=True, help="the bot in the other three seats")
    parser.add_argument("--deals", type=int, default=100, help="deals, each played 4 times")
    parser.add_argument("--seed", default="arena", help="seed of the deals and the bots' rngs")
    parser.add_argument("--rules", default="pagat", help="a rule-set key, e.g. ddv")
    parser.add_argument(
        "--budget",
        type=int,
        help="worlds per decision of a tested search bot (default: its own, "
        f"{DEFAULT_BUDGET.worlds} for search-v1 and search-v2)",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes sharing the deals")
    parser.add_argument("--records", help="write every hand as a JSON-lines hand record")
    parser.add_argument("--json", action="store_true", help="end with one JSON object")
    args = parser.parse_args(argv)
    try:
        tested = bot_named(args.bot, args.budget)
        other = tested if args.vs == args.bot else bot_named(args.vs)
        match = Match(tested, other, RuleSet.from_key(args.rules), args.seed)
    except ValueError as error:
        parser.error(str(error))
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    try:
        with contextlib.ExitStack() as stack:
            try:
                records = (
                    stack.enter_context(open(args.records, "w", encoding="utf-8"))
                    if args.records
                    else None
                )
            except OSError as error:
                parser.error(f"cannot write --records {args.records}: {error.strerror}")
            tally = run_match(match, args.deals, records, sys.stderr.isatty(), args.workers)
        report = summary(match, args.deals, tally)
        for line in report_lines(report):
            print(line, flush=True)
        if args.json:
            print(json.dumps(report), flush=True)
    except BrokenPipeError:
        reader_gone()
    return 0


if __name__ == "__main__":
    sys.exit(main())
