"""When the table shows each change of the latest step: the seats keep step with the cards.

A step (the player's action and the bots' answers) reaches the browser as one table, whose
bots' cards appear one by one (`--delay` on each card, the trick's winner at `--win`). All
else the step changed must wait for the card that caused it: a seat's tricks change with the
trick's winner, a team badge with the card or call that told it (a Q♣, a Hochzeit's
clarifying trick, a Re), the totals with the hand's last trick, and the turn marker passes
from seat to seat as each bot's card comes (the player's own turn, the highlighted cards and
the call row wait for `--ready`, the end of it all, in the stylesheet). This module replays
the step to find those moments, and the sounds that go with them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from app.table.card_faces import PlayedCard, TrickShow
from app.table.presenter import TableModel
from app.table.service import HUMAN, Table
from engine import Act, Action, Hand, Phase, Team
from engine.game import totals_of
from engine.view import known_teams


@dataclass(frozen=True)
class SeatPace:
    """One seat's changes in the latest step, for the table to show in their moment."""

    tricks_before: int
    tricks_at_ms: int
    """When the seat's count of tricks changes (0: it does not, or at once)."""
    team_at_ms: int
    """When the seat's team badge appears (0: it was shown before the step)."""
    called_at_ms: int
    """When the seat's latest call appears at its seat (0: it was shown before the step)."""
    total_before: int
    totals_at_ms: int
    """When the game totals take in the hand just finished (0: none finished)."""
    turns: tuple[tuple[int, int], ...]
    """From when until when the seat is to play while the bots' cards are shown."""

    @property
    def turn_animation(self) -> str:
        """The turns as the stylesheet's `animation` list (`--turns`): the marker shown at
        each turn's start and hidden at its end, in order (of two in effect, the later in the
        list wins). Instant animations, so that a reduced motion keeps them."""
        return ", ".join(
            f"turn-on 0s {start}ms forwards, turn-off 0s {until}ms forwards"
            for start, until in self.turns
        )


@dataclass(frozen=True)
class Cue:
    """A sound the table plays as it shows a card, a trick's winner or a call."""

    sound: str
    at_ms: int


@dataclass(frozen=True)
class StepPace:
    seats: tuple[SeatPace, ...]
    cues: tuple[Cue, ...]

    @property
    def calls_at_ms(self) -> tuple[int, ...]:
        """When each call the step made shows, in order: the last calls of the hand's list,
        which the game's panel shows no sooner than the seat's badge."""
        return tuple(cue.at_ms for cue in self.cues if cue.sound == "call")

    @property
    def cue_list(self) -> str:
        """The cues as the table's `data-cues`: `card@0 card@500 trick@1500`."""
        return " ".join(f"{cue.sound}@{cue.at_ms}" for cue in self.cues)


@dataclass(frozen=True)
class _Moment:
    """The hand as the player knows it after one action of the step, and when the table shows
    that: `shown_ms` the action itself (a card appears), `at_ms` what follows from it (for the
    card that completes a trick, the trick's winner)."""

    shown_ms: int
    at_ms: int
    teams: tuple[Team | None, ...]
    tricks: Counter[int]
    calls: Counter[int]
    to_act: int | None
    over: bool


def step_pace(table: Table, model: TableModel) -> StepPace:
    """The moments of the latest step of `table`, shown as `model` (built with `animate`)."""
    replay = _hand_before_step(table)
    start = _moment(replay, 0, 0)
    moments: list[_Moment] = []
    cues: list[Cue] = []
    cards = _new_cards(model.tricks, _step(table))
    clock = 0
    for entry in _step(table):
        action = Action.from_record(entry)
        replay.apply(action, checked=False)
        shown = at = clock
        if entry["act"] == Act.PLAY:
            trick, played = next(cards)
            shown = at = played.delay_ms
            cues.append(Cue("card", shown))
            if trick.winner is not None and played is trick.cards[-1]:
                at = trick.winner_at_ms
                cues.append(Cue("trick", at))
        elif entry["act"] == Act.ANNOUNCE:
            cues.append(Cue("call", at))
        moments.append(_moment(replay, shown, at))
        clock = at
    totals = totals_of(table.game.results)
    seats = tuple(_seat_pace(seat, start, moments, totals[seat]) for seat in range(4))
    return StepPace(seats, tuple(cues))


def still_pace(model: TableModel) -> StepPace:
    """A table shown as it is, all at once (a page loaded, not the answer to a step)."""
    seats = tuple(SeatPace(seat.tricks, 0, 0, 0, seat.total, 0, ()) for seat in model.seats)
    return StepPace(seats, ())


def _step(table: Table) -> list[dict[str, Any]]:
    return table.log[-1][table.step_start :]


def _hand_before_step(table: Table) -> Hand:
    """The current hand replayed up to the latest step (the actions were checked when
    played)."""
    hand = table.game.hand
    replay = Hand(hand.rules, hand.dealt, hand.dealer)
    for entry in table.log[-1][: table.step_start]:
        replay.apply(Action.from_record(entry), checked=False)
    return replay


def _new_cards(
    tricks: Sequence[TrickShow], step: Sequence[dict[str, Any]]
) -> Iterator[tuple[TrickShow, PlayedCard]]:
    """The shown cards the step played, in order: the last ones of the tricks shown."""
    shown = [(trick, played) for trick in tricks for played in trick.cards]
    plays = sum(1 for entry in step if entry["act"] == Act.PLAY)
    return iter(shown[len(shown) - plays :])


def _moment(hand: Hand, shown_ms: int, at_ms: int) -> _Moment:
    return _Moment(
        shown_ms=shown_ms,
        at_ms=at_ms,
        teams=known_teams(hand, HUMAN),
        tricks=Counter(trick.winner for trick in hand.tricks),
        calls=Counter(action.seat for action in hand.actions if action.act is Act.ANNOUNCE),
        to_act=hand.to_act,
        over=hand.phase is Phase.DONE,
    )


def _seat_pace(seat: int, start: _Moment, moments: Sequence[_Moment], total: int) -> SeatPace:
    return SeatPace(
        tricks_before=start.tricks[seat],
        tricks_at_ms=_last_change(start, moments, lambda m: m.tricks[seat]),
        team_at_ms=_last_change(start, moments, lambda m: m.teams[seat]),
        called_at_ms=_last_change(start, moments, lambda m: m.calls[seat]),
        total_before=total,
        totals_at_ms=_last_change(start, moments, lambda m: m.over),
        turns=_turns(seat, start, moments),
    )


def _last_change(start: _Moment, moments: Sequence[_Moment], value: Any) -> int:
    """When the table shows the latest change of `value` in the step (0: none)."""
    at, before = 0, value(start)
    for moment in moments:
        if value(moment) != before:
            at, before = moment.at_ms, value(moment)
    return at


def _turns(seat: int, start: _Moment, moments: Sequence[_Moment]) -> tuple[tuple[int, int], ...]:
    """The times a bot seat is to play while the cards are shown: from the moment the
    action before it is shown until its own card appears. The player's turn at the end of
    the step shows with `--ready` instead."""
    if seat == HUMAN:
        return ()
    turns = []
    for before, after in zip([start, *moments], moments, strict=False):
        if before.to_act == seat and before.at_ms < after.shown_ms:
            turns.append((before.at_ms, after.shown_ms))
    return tuple(turns)
