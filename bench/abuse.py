"""`python bench/abuse.py`: do hints and reviews starve the strong bots? (issue 26, point 1)

Starts `python -m app.operations.serve` as `bench/web.py` does (a fresh SQLite database, one server
process, `DOKO_SEARCH_WORKERS` and `DOKO_BACKGROUND_WORKERS` as set, 1 each by default; the
rate limits counted unless --rate-limits off). Two measured players play all along, each
from an address of its own with a pause before each click (--think-ms): one against the
strong bots, one against the normal ones. Each round has three phases of --seconds:

- quiet: nobody else;
- hints: two cookies from one address loop "hint, then the first offered action" as fast as
  the answers come;
- reviews: six cookies from one address, each with finished hands, open the review of one
  hand after the other and poll it every second as the page does, until it is done.

Between phases the bench waits until the reviews started are done (not measured), so that no
phase inherits another's work. Prints each round's figures, then their medians per phase and
the targets: strong p95 under abuse at most 1.5x the quiet one, normal p95 at most 50 ms.
Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

if __package__ in (None, ""):
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from bench.web_player import HX, Page, Player, human_actions
from bench.web_server import running_server
from bots.measures import percentile

HINTERS = 2
REVIEWERS = 6
HINTER_ADDRESS = "198.51.100.7"
REVIEWER_ADDRESS = "198.51.100.8"
PHASES = ("quiet", "hints", "reviews")
REVIEW_POLL_S = 1.0
"""The review page asks again every second while the review is computed."""
SETTLE_S = 120.0
"""The longest wait for the reviews started in a phase to be done."""
STRONG_TARGET = 1.5
NORMAL_TARGET_MS = 50.0


class Phases:
    """The phase the run is in; every thread reads it."""

    def __init__(self) -> None:
        self.now = "setup"

    def __call__(self) -> str:
        return self.now


class Measured(Player):
    """A player whose clicks are noted with the phase they began in."""

    def __init__(self, base: str, args: argparse.Namespace, number: int, phases: Phases):
        super().__init__(base, args, number, deadline=float("inf"))
        self.phases = phases
        self.clicks: list[tuple[str, float]] = []
        self.stopped = False

    def out_of_time(self) -> bool:
        return self.stopped

    def request(self, kind: str, method: str, url: str, **options: object) -> httpx.Response:
        phase = self.phases()
        response = super().request(kind, method, url, **options)
        for click in human_actions(self.tally.samples[-1:]):
            self.clicks.append((phase, click.client_ms))
        return response


class Hinter(Player):
    """Asks for a hint before every click, while its phase lasts."""

    def __init__(
        self, base: str, args: argparse.Namespace, number: int, phases: Phases, label: str
    ):
        super().__init__(base, args, number, deadline=float("inf"))
        self.client.headers["X-Forwarded-For"] = HINTER_ADDRESS
        self.phases, self.label = phases, label
        self.hints: Counter[int] = Counter()

    def out_of_time(self) -> bool:
        return self.phases() != self.label

    def think(self) -> None:
        """No pause: the hint is the pause."""

    def act(self, game_url: str, page: Page, action: str) -> str:
        form = {"version": page.version}
        asked = self.client.post(f"{game_url}/hint", data=form, headers=HX)
        self.hints[asked.status_code] += 1
        return super().act(game_url, page, page.actions[0])


class Reviewer(Player):
    """Plays hands to their end at the normal level (not measured), then has them reviewed."""

    def __init__(self, base: str, args: argparse.Namespace, number: int, hands: int):
        super().__init__(base, args, number, deadline=float("inf"))
        self.client.headers["X-Forwarded-For"] = REVIEWER_ADDRESS
        self.wanted = hands
        self.finished: list[str] = []
        self.played_in_game = 0
        self.reviews: Counter[int] = Counter()
        self.late = 0
        """Reviews not done within `SETTLE_S` of being opened."""

    def out_of_time(self) -> bool:
        return len(self.finished) >= self.wanted

    def think(self) -> None:
        """Setting up: no pause."""

    def deal_next(self, game_url: str, page: Page) -> str:
        self.played_in_game += 1
        self.finished.append(f"{game_url}/hands/{self.played_in_game}/review")
        if self.out_of_time():
            return ""
        return super().deal_next(game_url, page)

    def play_game(self, first: bool) -> None:
        self.played_in_game = 0
        super().play_game(first)

    def review(self, url: str) -> None:
        """Opens the review, then polls it as the page does until it is done (also after
        the phase, so that it is done before the next one)."""
        answer = self.client.get(url)
        began = time.monotonic()
        while time.monotonic() - began < SETTLE_S:
            self.reviews[answer.status_code] += 1
            if "review-summary" in answer.text:
                return
            time.sleep(REVIEW_POLL_S)
            answer = self.client.get(url, headers=HX)
        self.late += 1

    def review_while(self, phases: Phases, phase: str) -> None:
        while phases() == phase and self.finished:
            self.review(self.finished.pop(0))


@dataclass
class Figures:
    """One phase of one round, from the measured players' clicks."""

    strong: list[float] = field(default_factory=list)
    normal: list[float] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"strong p50 {statistics.median(self.strong):6.0f} ms, "
            f"p95 {percentile(self.strong, 0.95):6.0f} ms ({len(self.strong)} clicks); "
            f"normal p95 {percentile(self.normal, 0.95):5.1f} ms ({len(self.normal)} clicks)"
        )


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python bench/abuse.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each phase")
    parser.add_argument("--think-ms", type=float, default=200.0, help="measured players' pause")
    parser.add_argument("--review-hands", type=int, default=2, help="hands per reviewer per round")
    parser.add_argument("--rate-limits", choices=("on", "off"), default="on")
    parser.add_argument("--seed", default="abuse")
    args = parser.parse_args(argv)
    if min(args.rounds, args.seconds, args.review_hands) <= 0:
        parser.error("--rounds, --seconds and --review-hands must be positive")
    # What bench.web_player.Player reads.
    args.strong, args.reconnect, args.arrival_s, args.games = 1, False, 0.0, 10_000
    args.rules, args.hands = "pagat", 8
    return args


def started(target: Callable[..., Any], *args: Any) -> threading.Thread:
    thread = threading.Thread(target=target, args=args, daemon=True)
    thread.start()
    return thread


def run(base: str, args: argparse.Namespace) -> tuple[list[dict[str, Figures]], str]:
    """The rounds' figures, and the tallies of the abusers' answers."""
    phases = Phases()
    hands = args.review_hands * args.rounds
    reviewers = [Reviewer(base, args, 100 + n, hands) for n in range(REVIEWERS)]
    print("setting up: the reviewers play their hands", flush=True)
    for thread in [started(r.play_game, True) for r in reviewers]:
        thread.join()
    measured = [Measured(base, args, number, phases) for number in (0, 1)]
    players = [started(p.run, threading.Barrier(1)) for p in measured]
    hints: Counter[int] = Counter()
    rounds: list[dict[str, Figures]] = []
    for number in range(args.rounds):
        for phase in PHASES:
            label = f"{phase}-{number}"
            phases.now = label
            hinters = [
                Hinter(base, args, 200 + number * HINTERS + n, phases, label)
                for n in range(HINTERS if phase == "hints" else 0)
            ]
            helpers = [started(h.run, threading.Barrier(1)) for h in hinters]
            if phase == "reviews":
                helpers += [started(r.review_while, phases, label) for r in reviewers]
            time.sleep(args.seconds)
            phases.now = "settle"
            for helper in helpers:
                helper.join(SETTLE_S + 30)
            for hinter in hinters:
                hints.update(hinter.hints)
        rounds.append(figures(measured, number))
        print_round(number, rounds[-1])
    for player in measured:
        player.stopped = True
    for thread in players:
        thread.join(60)
    reviews: Counter[int] = Counter()
    for reviewer in reviewers:
        reviews.update(reviewer.reviews)
    errors = [error for player in measured for error in player.tally.errors]
    late = sum(reviewer.late for reviewer in reviewers)
    tallies = f"hints answered: {dict(sorted(hints.items()))}; "
    tallies += f"review pages: {dict(sorted(reviews.items()))}; "
    tallies += f"reviews not done within {SETTLE_S:g} s: {late}; "
    tallies += f"measured players' errors: {len(errors)} {errors[:3]}"
    return rounds, tallies


def figures(measured: list[Measured], number: int) -> dict[str, Figures]:
    strong, normal = measured
    return {
        phase: Figures(
            [ms for label, ms in strong.clicks if label == f"{phase}-{number}"],
            [ms for label, ms in normal.clicks if label == f"{phase}-{number}"],
        )
        for phase in PHASES
    }


def print_round(number: int, round_figures: dict[str, Figures]) -> None:
    for phase, phase_figures in round_figures.items():
        print(f"round {number + 1} {phase:8} {phase_figures.line()}", flush=True)


def summary(rounds: list[dict[str, Figures]]) -> bool:
    """Medians of the rounds' figures per phase, and whether the targets are met."""
    met = True
    quiet_p95 = 0.0
    for phase in PHASES:
        strong_p50 = statistics.median(statistics.median(r[phase].strong) for r in rounds)
        strong_p95 = statistics.median(percentile(r[phase].strong, 0.95) for r in rounds)
        normal_p95 = statistics.median(percentile(r[phase].normal, 0.95) for r in rounds)
        verdict = ""
        if phase == "quiet":
            quiet_p95 = strong_p95
        else:
            ratio = strong_p95 / quiet_p95
            strong_ok, normal_ok = ratio <= STRONG_TARGET, normal_p95 <= NORMAL_TARGET_MS
            met = met and strong_ok and normal_ok
            verdict = (
                f"  (strong {ratio:.2f}x quiet: {'ok' if strong_ok else 'MISSED'}; "
                f"normal: {'ok' if normal_ok else 'MISSED'})"
            )
        print(
            f"median {phase:8} strong p50 {strong_p50:.0f} ms, p95 {strong_p95:.0f} ms; "
            f"normal p95 {normal_p95:.1f} ms{verdict}"
        )
    return met


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    load = os.getloadavg()[0]
    limits = args.rate_limits == "on"
    with running_server(workers=1, rate_limits=limits) as (base, log):
        rounds, tallies = run(base, args)
        log_errors = [line for line in log.read_text().splitlines() if "rror" in line]
    print(
        f"rounds: {args.rounds} x {len(PHASES)} phases of {args.seconds:g} s; rate limits "
        f"{args.rate_limits}; search workers {os.environ.get('DOKO_SEARCH_WORKERS', '1')}, "
        f"background workers {os.environ.get('DOKO_BACKGROUND_WORKERS', '1')}; "
        f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after"
    )
    print(tallies + f"; server log errors: {len(log_errors)}")
    met = summary(rounds)
    print(
        f"targets (strong p95 <= {STRONG_TARGET}x quiet, normal p95 <= {NORMAL_TARGET_MS:g} ms): "
        f"{'met' if met else 'missed'}"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
