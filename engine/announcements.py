"""Announcements (docs/rules.md §6): the steps, their card-count deadlines, replies and skips."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum

from engine.rules import HochzeitShift, RuleSet


class Team(StrEnum):
    RE = "re"
    KONTRA = "kontra"

    @property
    def other(self) -> Team:
        return Team.KONTRA if self is Team.RE else Team.RE


class Step(IntEnum):
    """A team's announcement level; each step implies the lower ones."""

    NONE = 0
    TEAM = 1
    NO90 = 2
    NO60 = 3
    NO30 = 4
    SCHWARZ = 5


class Call(StrEnum):
    """The word said at the table; `re`/`kontra` must be the caller's own team."""

    RE = "re"
    KONTRA = "kontra"
    NO90 = "no90"
    NO60 = "no60"
    NO30 = "no30"
    SCHWARZ = "schwarz"

    @property
    def step(self) -> Step:
        return _STEP_OF_CALL[self]


_STEP_OF_CALL = {
    Call.RE: Step.TEAM,
    Call.KONTRA: Step.TEAM,
    Call.NO90: Step.NO90,
    Call.NO60: Step.NO60,
    Call.NO30: Step.NO30,
    Call.SCHWARZ: Step.SCHWARZ,
}
_CALL_OF_STEP = {
    Step.NO90: Call.NO90,
    Step.NO60: Call.NO60,
    Step.NO30: Call.NO30,
    Step.SCHWARZ: Call.SCHWARZ,
}


def call_for(step: Step, team: Team) -> Call:
    """The word for a step said by `team` (step 1 is the team's own name)."""
    if step is Step.TEAM:
        return Call.RE if team is Team.RE else Call.KONTRA
    return _CALL_OF_STEP[step]


def step_name(step: Step, team: Team) -> str | None:
    """The step as docs/record-format.md's `announced` shows it."""
    return None if step is Step.NONE else call_for(step, team).value


_BASE_DEADLINE = {Step.TEAM: 11, Step.NO90: 10, Step.NO60: 9, Step.NO30: 8, Step.SCHWARZ: 7}


@dataclass(frozen=True)
class TeamCalls:
    """What one team has announced: its step (implied steps included) and whether its
    Re/Kontra was a late reply (§6.3)."""

    step: Step = Step.NONE
    late: bool = False


def deadline(step: Step, rules: RuleSet, shift: int) -> int:
    """Fewest cards the announcer may still hold to call `step` (§6.1, §6.4)."""
    return _BASE_DEADLINE[step] - (2 if rules.without_nines else 0) - shift


def hochzeit_shift(rules: RuleSet, clarification_trick: int | None) -> int:
    """§6.4: how far deadlines drop after a Hochzeit clarified in trick k (1-based)."""
    if clarification_trick is None:
        return 0
    if rules.hochzeit_deadline_shift is HochzeitShift.TRICKS:
        return clarification_trick
    return clarification_trick - 1


def callable_steps(
    own: TeamCalls, other: Step, cards: int, rules: RuleSet, shift: int
) -> list[Step]:
    """Every step the team may announce now with `cards` in the announcer's hand.

    A skip is legal exactly when each skipped call would be legal in turn (§6.2), so this walks
    the steps upward and stops at the first that is not.
    """
    steps: list[Step] = []
    late = own.late
    for step in range(own.step + 1, Step.SCHWARZ + 1):
        if step == Step.TEAM:
            if cards >= deadline(Step.TEAM, rules, shift):
                late = False
            elif other and cards >= deadline(Step(other), rules, shift) - 1:
                late = True
            else:
                break
        elif (late and not rules.late_reply_allows_more) or cards < deadline(
            Step(step), rules, shift
        ):
            break
        steps.append(Step(step))
    return steps


def after_call(own: TeamCalls, step: Step, cards: int, rules: RuleSet, shift: int) -> TeamCalls:
    """The team's record after calling `step` (assumed legal)."""
    late = own.late
    if own.step == Step.NONE:
        late = cards < deadline(Step.TEAM, rules, shift)
    return TeamCalls(step, late)


@dataclass(frozen=True, slots=True)
class Announcement:
    """A call as the table heard it: in which trick (1-based) and with how many cards left."""

    seat: int
    call: Call
    trick: int
    cards_left: int
