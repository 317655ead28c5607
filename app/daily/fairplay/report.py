"""The operators' view of the checks, as lines of plain text: a day's checked attempts, and
one attempt with its verdict and every tell. The tells name cards: this is the only place
they are shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.daily.attempts import same_network
from app.languages.i18n import in_utc
from app.storage.models import DailyAttempt, FairPlayCheck, FairPlayDecision, GameRow, Player
from app.storage.work import WorkStatus
from app.table.service import replay_game
from engine import Act, HandRecord, RuleSet


def when(moment: datetime | None) -> str:
    return in_utc(moment).strftime("%Y-%m-%d %H:%M UTC") if moment is not None else "-"


def signed(total: int | None) -> str:
    return f"{total:+d}" if total is not None else "-"


def chance(value: float | None) -> str:
    return f"{value:.2g}" if value is not None else "-"


def player_name(player: Player) -> str:
    return f"{player.id[:8]} ({player.nickname})" if player.nickname else player.id[:8]


def day_lines(session: Session, day: date) -> Iterator[str]:
    """Every checked attempt of the day, both rule sets, in the order they finished."""
    query = (
        select(DailyAttempt, FairPlayCheck, Player)
        .join(FairPlayCheck, FairPlayCheck.attempt_id == DailyAttempt.id)
        .join(Player, Player.id == DailyAttempt.player_id)
        .where(DailyAttempt.day == day)
        .order_by(DailyAttempt.finished_at, DailyAttempt.id)
    )
    found = session.execute(query).all()
    if not found:
        yield f"no attempt of {day.isoformat()} has been checked"
        return
    yield "attempt  rules  state         check    honest chance  matched/expected  total  player"
    for attempt, check, player in found:
        expected = f"{check.expected:.1f}" if check.expected is not None else "-"
        matched = f"{check.matched if check.matched is not None else '-'}/{expected}"
        yield (
            f"{attempt.id:<8} {attempt.rules_key:<6} {attempt.fair_play:<13} "
            f"{check.status:<8} {chance(check.honest_chance):<14} {matched:<17} "
            f"{signed(attempt.total):<6} {player_name(player)}"
        )


def attempt_lines(session: Session, attempt: DailyAttempt) -> Iterator[str]:
    """The attempt, its check and tells, the decisions taken on it, and the same network."""
    player = session.get(Player, attempt.player_id)
    assert player is not None
    yield f"attempt {attempt.id}: {attempt.day.isoformat()} {attempt.rules_key}"
    yield f"  player {player_name(player)}, game {attempt.game_id}"
    yield f"  started {when(attempt.started_at)}, finished {when(attempt.finished_at)}"
    won = "-" if attempt.hands_won is None else attempt.hands_won
    yield f"  total {signed(attempt.total)}, hands won {won}"
    yield f"  fair play: {attempt.fair_play}"
    check = session.get(FairPlayCheck, attempt.id)
    if check is None:
        yield "check: none"
    else:
        yield from check_lines(check, _records(session, attempt.game_id))
    yield from decision_lines(session, attempt.id)
    yield from same_network_lines(session, attempt)


def check_lines(check: FairPlayCheck, records: list[HandRecord]) -> Iterator[str]:
    yield f"check: {check.status} by {check.evaluator}"
    yield f"  started {when(check.started_at)}, finished {when(check.finished_at)}"
    if check.status != WorkStatus.DONE:
        return
    yield (
        f"  decisions weighed {check.decisions}, key decisions (tells) {len(check.tells)}, "
        f"matched {check.matched}, an honest player matches {check.expected:.1f} on average"
    )
    verdict = "held" if check.held else "passed"
    yield f"  honest chance {chance(check.honest_chance)}: {verdict}"
    for tell in check.tells:
        yield tell_line(tell, records)


def tell_line(tell: dict[str, Any], records: list[HandRecord]) -> str:
    """One tell: where it was (the hand as its record numbers it, Armut redeals counted),
    what was chosen, the deal's best, the view's best and how likely an honest player
    takes one of the deal's best there."""
    hand = tell["hand"]
    place = f"hand {hand + 1}, {trick_of(records[hand], tell['index'])}"
    mark = "matched" if tell["matched"] else "not matched"
    best = " or ".join(tell["clairvoyant"])
    return (
        f"  {place}: chose {tell['chosen']} ({mark}); deal's best {best}; "
        f"view's best {tell['view_best']}; honest chance {tell['honest']:.2f}"
    )


def trick_of(record: HandRecord, index: int) -> str:
    """Which trick the action at `index` of the hand belongs to (before the first card:
    the reservations)."""
    played = sum(1 for action in record.actions[:index] if action.act is Act.PLAY)
    if not played and record.actions[index].act is not Act.PLAY:
        return "before the first trick"
    return f"trick {played // 4 + 1}"


def decision_lines(session: Session, attempt_id: int) -> Iterator[str]:
    query = (
        select(FairPlayDecision)
        .where(FairPlayDecision.attempt_id == attempt_id)
        .order_by(FairPlayDecision.decided_at, FairPlayDecision.id)
    )
    decisions = list(session.scalars(query))
    yield "decisions: none" if not decisions else "decisions:"
    for decision in decisions:
        yield f"  {when(decision.decided_at)} {decision.decision}: {decision.reason}"


def same_network_lines(session: Session, attempt: DailyAttempt) -> Iterator[str]:
    """Other ranked attempts of the same deals from the same network (or its IPv6 /48),
    started before this one, finished or not: evidence for the operator (a scout's throwaway
    attempt), never a hold by itself: families and offices share an address."""
    if attempt.network is None:
        yield "same network: not known (forgotten a week after the day closes)"
        return
    earlier = same_network(session, attempt)
    if not earlier:
        yield "same network: no earlier attempt"
        return
    yield f"same network: {len(earlier)} earlier attempt(s)"
    for other in earlier:
        started = f"  attempt {other.id}: started {when(other.started_at)}, "
        if other.finished_at is None:
            yield f"{started}not finished"
        else:
            yield (
                f"{started}finished {when(other.finished_at)}, total {signed(other.total)}, "
                f"fair play {other.fair_play}"
            )


def _records(session: Session, game_id: str) -> list[HandRecord]:
    """The game's finished hands, as the check numbered them."""
    row = session.get(GameRow, game_id)
    assert row is not None
    game, _ = replay_game(RuleSet.from_key(row.rules_key), row.seed, row.log, checked=False)
    return game.finished_records
