"""A search bot's call rule replayed offline on the calls `bench/calls.py` labelled, with the
style's every knob: the confidences, the margin and the fewest distinct worlds.

A team makes a step at the first card where a call clears the rule (no call in an Armut game,
none by a soloist's defenders, no reply once the other team has called: the careful style's
limits); every call of a team succeeds or fails with the highest step it made, as at the
table. Besides the calls and their success, what they bring: the game points the calling
teams gain by them over the same tricks scored without them (a failed call costs its team
the hand or its extras), per hand. Records without `distinct` or `team_gain` (collected
before those were written) count every world as distinct and no gain.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Any, NamedTuple

from engine import Contract, Step


class Rule(NamedTuple):
    plain: float
    """Share of the distinct worlds a first Re or Kontra of a normal game must win in."""
    bold: float
    """The same for every other call."""
    margin: float
    """Game points the call must add to the best card."""
    distinct: int
    """The fewest distinct worlds a first Re or Kontra of a normal game is made on."""
    bold_distinct: int
    """The same for every other call."""


class Replay(NamedTuple):
    rule: Rule
    calls: int
    successful: int
    points: int
    """Game points the calling teams gained by their calls, in all hands together."""


PLAIN = (0.8, 0.85, 0.9, 0.95, 1.0)
BOLD = (0.95, 1.0)
MARGINS = (0.5, 1.0)
DISTINCT = (1, 8, 12, 16)
BOLD_DISTINCT = (1, 12, 16, 20, 24)


def replay(deals: Sequence[dict[str, Any]], rule: Rule) -> Replay:
    calls = successful = points = 0
    for hand in deals:
        made = made_steps(hand["calls"], rule)
        for team, steps in made.items():
            highest = max(steps)
            record = next(
                c for c in hand["calls"] if c["team"] == team and c["step"] == highest.name
            )
            calls += len(steps)
            successful += len(steps) * record["came_true"]
            points += record.get("team_gain", 0)
    return Replay(rule, calls, successful, points)


def made_steps(considered: Iterable[dict[str, Any]], rule: Rule) -> dict[str, set[Step]]:
    """The steps each team makes under `rule`: only the team that clears it first calls."""
    steps: dict[str, set[Step]] = defaultdict(set)
    first: str | None = None
    for call in sorted(considered, key=lambda c: c["cards_played"]):
        if not allowed(call) or (first is not None and call["team"] != first):
            continue
        if clears(call, rule):
            first = call["team"]
            steps[first].add(Step[call["step"]])
    return steps


def allowed(call: dict[str, Any]) -> bool:
    contract = Contract(call["contract"]) if call["contract"] else None
    if contract is Contract.ARMUT:
        return False
    return not (contract is not None and contract.is_solo and call["team"] == "kontra")


def clears(call: dict[str, Any], rule: Rule) -> bool:
    plain = call["step"] == "TEAM" and call["contract"] == Contract.NORMAL.value
    confidence, least = (rule.plain, rule.distinct) if plain else (rule.bold, rule.bold_distinct)
    distinct: int = call.get("distinct", least)
    return bool(call["gain"] >= rule.margin and call["won_share"] >= confidence) and (
        distinct >= least
    )


def grid() -> list[Rule]:
    return [Rule(*values) for values in product(PLAIN, BOLD, MARGINS, DISTINCT, BOLD_DISTINCT)]


def report(deals: Sequence[dict[str, Any]], current: Rule, best: int = 25) -> None:
    """The current rule, then the rules of the grid with at least 85 % successful calls by
    the game points their calls bring, then the rest that bring the most."""
    replays = [replay(deals, rule) for rule in grid()]
    hands = len(deals)
    print(
        f"call rules on {hands} hands: plain | bold | margin | distinct -> calls, success, "
        "points per 100 hands"
    )
    print("  current:", line(replay(deals, current), hands))
    good = [r for r in replays if r.calls and r.successful / r.calls >= 0.85]
    print("  >= 85 % successful, most points first:")
    for found in sorted(good, key=lambda r: (-r.points, -r.calls))[:best]:
        print("   ", line(found, hands))
    print("  any success, most points first:")
    for found in sorted(replays, key=lambda r: (-r.points, -r.calls))[:10]:
        print("   ", line(found, hands))


def line(found: Replay, hands: int) -> str:
    rule = found.rule
    share = f"{found.successful / found.calls:.1%}" if found.calls else "-"
    return (
        f"{rule.plain:.2f} | {rule.bold:.2f} | {rule.margin:.1f} | "
        f"{rule.distinct:2d}/{rule.bold_distinct:2d} -> "
        f"{found.calls:4d} calls, {share}, {100 * found.points / max(hands, 1):+.1f}"
    )
