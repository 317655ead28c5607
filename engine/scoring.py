"""Who wins a hand (docs/rules.md §7) and its game points under both tables (§8).

Every item is kept with a stable name so the table can explain a score in words; the hand's
value is the netted difference of the two teams' items. The items that depend only on the
card points and tricks each team took are worked out once per such outcome (`_table_items`),
so the bots' play-outs can score thousands of hands per decision with `re_net`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.announcements import Step, Team, step_name
from engine.cards import CHARLIE, FOX
from engine.contracts import Contract
from engine.rules import RuleSet, Scoring
from engine.score_items import ItemKind, ScoreItem
from engine.stakes import (
    DDV_AGAINST,
    DOPPELKOPF_POINTS,
    KONTRA_TARGET,
    LEVEL_POINTS,
    LEVEL_TARGETS,
    RE_TARGET,
    SOLO_FACTOR,
    TEAM_CALL,
    TOTAL_POINTS,
)
from engine.trick import Trick

LEVELS = (Step.NO90, Step.NO60, Step.NO30, Step.SCHWARZ)


@dataclass(frozen=True)
class Tally:
    """What the two teams took: card points and tricks."""

    points: dict[Team, int]
    tricks: dict[Team, int]

    def under(self, team: Team, level: Step) -> bool:
        """Whether `team` is under a level: fewer card points, or no trick for schwarz."""
        if level is Step.SCHWARZ:
            return self.tricks[team] == 0
        return self.points[team] < LEVEL_POINTS[level]

    def reached(self, team: Team, level: Step) -> bool:
        """Whether `team` reached a level's complement (90 / 60 / 30 card points, a trick)."""
        return not self.under(team, level)


@dataclass(frozen=True)
class HandResult:
    contract: Contract
    soloist: int | None
    re: tuple[int, ...]
    kontra: tuple[int, ...]
    tricks: tuple[Trick, ...]
    tally: Tally
    announced: dict[Team, Step]
    winner: Team | None
    items: tuple[ScoreItem, ...]
    value: int
    scores: tuple[int, int, int, int]

    def team_of(self, seat: int) -> Team:
        return Team.RE if seat in self.re else Team.KONTRA

    def won_by(self, seat: int) -> bool:
        """Whether `seat`'s team won the hand (no team wins a hand nobody won)."""
        return self.winner is self.team_of(seat)

    @property
    def scored_for(self) -> Team | None:
        """The team whose players gain the value (§8): the one whose items outweigh the
        other's, which is not always the winner (Re may win and Kontra's foxes outweigh it);
        None when the value is 0."""
        re_score = self.scores[self.re[0]]
        if re_score == 0:
            return None
        return Team.RE if re_score > 0 else Team.KONTRA

    def to_json(self) -> dict[str, Any]:
        """The result object of `python -m engine.replay` (docs/record-format.md)."""
        return {
            "contract": self.contract.value,
            "soloist": self.soloist,
            "re": list(self.re),
            "kontra": list(self.kontra),
            "tricks": [trick.to_json() for trick in self.tricks],
            "card_points": {team.value: self.tally.points[team] for team in Team},
            "tricks_won": {team.value: self.tally.tricks[team] for team in Team},
            "announced": {team.value: step_name(self.announced[team], team) for team in Team},
            "winner": self.winner.value if self.winner else None,
            "items": [item.to_json() for item in self.items],
            "value": self.value,
            "scores": list(self.scores),
        }


def winner_of(announced: dict[Team, Step], tally: Tally, tricks_per_hand: int) -> Team | None:
    """§7: the team that reaches its target, or None."""
    for team in Team:
        if _reaches_target(team, announced, tally, tricks_per_hand):
            return team
    return None


def _reaches_target(
    team: Team, announced: dict[Team, Step], tally: Tally, tricks_per_hand: int
) -> bool:
    own, other = announced[team], announced[team.other]
    if own is Step.SCHWARZ:
        return tally.tricks[team] == tricks_per_hand
    if own >= Step.NO90:
        return tally.points[team] >= LEVEL_TARGETS[own]
    if other >= Step.NO90:
        return tally.reached(team, other)
    kontra_only = announced[Team.KONTRA] >= Step.TEAM and announced[Team.RE] is Step.NONE
    needs_121 = (team is Team.RE) != kontra_only
    return tally.points[team] >= (RE_TARGET if needs_121 else KONTRA_TARGET)


def score_hand(
    rules: RuleSet,
    contract: Contract,
    team_of: Sequence[Team],
    tricks: Sequence[Trick],
    announced: dict[Team, Step],
    schweinchen: bool,
) -> HandResult:
    """Scores a finished hand; `team_of` gives each seat's team."""
    tally = _tally(team_of, tricks)
    winner = winner_of(announced, tally, rules.cards_per_seat)
    table = _table_items(
        rules.scoring, rules.cards_per_seat, _steps(announced), *_re_outcome(tally)
    )
    items = list(table)
    if not contract.is_solo:
        items += _extras(rules, team_of, tricks, schweinchen)
        if winner is Team.KONTRA:
            items.append(ScoreItem(Team.KONTRA, ItemKind.AGAINST_THE_OLD, 1))
    net = _net(items)
    re = tuple(seat for seat in range(4) if team_of[seat] is Team.RE)
    kontra = tuple(seat for seat in range(4) if team_of[seat] is Team.KONTRA)
    soloist = re[0] if contract.is_solo else None
    scores = tuple(seat_score(seat, net, team_of, soloist) for seat in range(4))
    return HandResult(
        contract,
        soloist,
        re,
        kontra,
        tuple(tricks),
        tally,
        dict(announced),
        winner,
        tuple(items),
        abs(net),
        scores,  # type: ignore[arg-type]
    )


def re_net(
    rules: RuleSet,
    contract: Contract,
    team_of: Sequence[Team],
    tricks: Sequence[Trick],
    announced: dict[Team, Step],
    schweinchen: bool,
) -> int:
    """Re's items less Kontra's, as `score_hand` nets them, without the explained result."""
    tally = _tally(team_of, tricks)
    outcome = _re_outcome(tally)
    net = _table_net(
        rules.scoring, rules.cards_per_seat, contract.is_solo, _steps(announced), *outcome
    )
    if not contract.is_solo:
        net += _net(_extras(rules, team_of, tricks, schweinchen))
    return net


def _steps(announced: dict[Team, Step]) -> tuple[Step, Step]:
    return announced[Team.RE], announced[Team.KONTRA]


def _re_outcome(tally: Tally) -> tuple[int, int]:
    """Re's card points and tricks; Kontra took the rest."""
    return tally.points[Team.RE], tally.tricks[Team.RE]


def _net(items: Sequence[ScoreItem]) -> int:
    return sum(i.points if i.team is Team.RE else -i.points for i in items)


@lru_cache(maxsize=65536)
def _table_items(
    scoring: Scoring, tricks: int, steps: tuple[Step, Step], re_points: int, re_tricks: int
) -> tuple[ScoreItem, ...]:
    """The items of the scoring table (§8.1 or §8.2) for one outcome of a hand of `tricks`
    tricks: everything but the extras and "against the old"."""
    tally = _outcome_tally(tricks, re_points, re_tricks)
    announced = {Team.RE: steps[0], Team.KONTRA: steps[1]}
    winner = winner_of(announced, tally, tricks)
    table = _ddv_items if scoring is Scoring.DDV else _pagat_items
    return tuple(table(winner, announced, tally))


@lru_cache(maxsize=65536)
def _table_net(
    scoring: Scoring,
    tricks: int,
    solo: bool,
    steps: tuple[Step, Step],
    re_points: int,
    re_tricks: int,
) -> int:
    """`_net` of the table items, "against the old" included (extras are added by the caller)."""
    net = _net(_table_items(scoring, tricks, steps, re_points, re_tricks))
    tally = _outcome_tally(tricks, re_points, re_tricks)
    announced = {Team.RE: steps[0], Team.KONTRA: steps[1]}
    if not solo and winner_of(announced, tally, tricks) is Team.KONTRA:
        net -= 1
    return net


def _outcome_tally(tricks: int, re_points: int, re_tricks: int) -> Tally:
    points = {Team.RE: re_points, Team.KONTRA: TOTAL_POINTS - re_points}
    won = {Team.RE: re_tricks, Team.KONTRA: tricks - re_tricks}
    return Tally(points, won)


def seat_score(seat: int, net: int, team_of: Sequence[Team], soloist: int | None) -> int:
    """§8.3: ±value per team player, ±`SOLO_FACTOR` × value for a soloist."""
    sign = 1 if team_of[seat] is Team.RE else -1
    return sign * net * (SOLO_FACTOR if seat == soloist else 1)


def _tally(team_of: Sequence[Team], tricks: Sequence[Trick]) -> Tally:
    points = {Team.RE: 0, Team.KONTRA: 0}
    won = {Team.RE: 0, Team.KONTRA: 0}
    for trick in tricks:
        team = team_of[trick.winner]
        points[team] += trick.points
        won[team] += 1
    return Tally(points, won)


def _announcement_items(announced: dict[Team, Step], winner: Team) -> list[ScoreItem]:
    """2 for each of Re and Kontra announced, both to the winners (§8.1, §8.2)."""
    kinds = {Team.RE: ItemKind.RE_ANNOUNCED, Team.KONTRA: ItemKind.KONTRA_ANNOUNCED}
    return [
        ScoreItem(winner, kinds[team], TEAM_CALL) for team in Team if announced[team] >= Step.TEAM
    ]


def _pagat_items(winner: Team | None, announced: dict[Team, Step], tally: Tally) -> list[ScoreItem]:
    """§8.1. When nobody wins, each team scores the levels the other is under and 2 for each
    step the other announced and failed."""
    if winner is None:
        return [item for team in Team for item in _pagat_levels(team, announced, tally)]
    items = [ScoreItem(winner, ItemKind.WON, 1), *_announcement_items(announced, winner)]
    items += _pagat_levels(winner, announced, tally)
    for level in LEVELS:
        if announced[winner] >= level:
            items.append(ScoreItem(winner, ItemKind.ANNOUNCED, 1, level))
    return items


def _pagat_levels(team: Team, announced: dict[Team, Step], tally: Tally) -> list[ScoreItem]:
    """Per level: 1 if the other team is under it, 2 if the other team announced it and
    `team` reached its complement (the announcement failed)."""
    items = []
    for level in LEVELS:
        if tally.under(team.other, level):
            items.append(ScoreItem(team, ItemKind.UNDER, 1, level))
        if announced[team.other] >= level and tally.reached(team, level):
            items.append(ScoreItem(team, ItemKind.AGAINST, 2, level))
    return items


def _ddv_items(winner: Team | None, announced: dict[Team, Step], tally: Tally) -> list[ScoreItem]:
    """§8.2, additive. When nobody wins only the levels, the points against announcements
    and the extras remain."""
    if winner is None:
        items = [i for team in Team for i in _ddv_levels(team, tally)]
    else:
        items = [ScoreItem(winner, ItemKind.WON, 1), *_ddv_levels(winner, tally)]
        items += _announcement_items(announced, winner)
        items += _ddv_announced_steps(winner, announced)
    return items + [i for team in Team for i in _ddv_against(team, announced, tally)]


def _ddv_levels(team: Team, tally: Tally) -> list[ScoreItem]:
    under = [level for level in LEVELS if tally.under(team.other, level)]
    return [ScoreItem(team, ItemKind.UNDER, 1, level) for level in under]


def _ddv_announced_steps(winner: Team, announced: dict[Team, Step]) -> list[ScoreItem]:
    """1 for each announced step of either team, implied steps included."""
    items = []
    for level in LEVELS:
        if announced[winner] >= level:
            items.append(ScoreItem(winner, ItemKind.ANNOUNCED, 1, level))
        if announced[winner.other] >= level:
            items.append(ScoreItem(winner, ItemKind.OPPONENTS_ANNOUNCED, 1, level))
    return items


def _ddv_against(team: Team, announced: dict[Team, Step], tally: Tally) -> list[ScoreItem]:
    """1 for 120 against no 90, 90 against no 60, 60 against no 30, 30 against schwarz."""
    return [
        ScoreItem(team, ItemKind.AGAINST, 1, level)
        for level in LEVELS
        if announced[team.other] >= level and tally.points[team] >= DDV_AGAINST[level]
    ]


def _extras(
    rules: RuleSet, team_of: Sequence[Team], tricks: Sequence[Trick], schweinchen: bool
) -> list[ScoreItem]:
    """§8.4: foxes caught, Charlie, Doppelkopf tricks; only in team games."""
    last = len(tricks)
    return [
        item
        for number, trick in enumerate(tricks, start=1)
        for item in _trick_extras(rules, team_of, trick, number, number == last, schweinchen)
    ]


def _trick_extras(
    rules: RuleSet,
    team_of: Sequence[Team],
    trick: Trick,
    number: int,
    last: bool,
    schweinchen: bool,
) -> list[ScoreItem]:
    """The extras one trick earns: a Doppelkopf, the foxes of the other team in it, and in
    the last trick Charlie."""
    team = team_of[trick.winner]
    items = []
    if trick.points >= DOPPELKOPF_POINTS:
        items.append(ScoreItem(team, ItemKind.DOPPELKOPF, 1, trick=number))
    if not schweinchen and FOX in trick.cards:
        for seat, card in trick.plays():
            if card == FOX and team_of[seat] is not team:
                items.append(ScoreItem(team, ItemKind.FOX, 1, trick=number))
    return items + _charlie(rules, team_of, trick, number) if last else items


def trick_extras_net(
    rules: RuleSet,
    contract: Contract,
    team_of: Sequence[Team],
    trick: Trick,
    number: int,
    schweinchen: bool,
) -> int:
    """Re's extras less Kontra's earned by trick `number` (1-based) of a hand; 0 in a solo.
    With `outcome_net` it scores a hand trick by trick (the exact solver's leaves)."""
    if contract.is_solo:
        return 0
    last = number == rules.cards_per_seat
    return _net(_trick_extras(rules, team_of, trick, number, last, schweinchen))


def outcome_net(
    rules: RuleSet, contract: Contract, announced: dict[Team, Step], re_points: int, re_tricks: int
) -> int:
    """Re's net of the scoring table and "against the old" for a hand in which Re took
    `re_points` card points in `re_tricks` tricks; the extras come on top."""
    return _table_net(
        rules.scoring,
        rules.cards_per_seat,
        contract.is_solo,
        _steps(announced),
        re_points,
        re_tricks,
    )


def _charlie(rules: RuleSet, team_of: Sequence[Team], last: Trick, number: int) -> list[ScoreItem]:
    team = team_of[last.winner]
    items = []
    if last.winning_card() == CHARLIE:
        items.append(ScoreItem(team, ItemKind.CHARLIE, 1, trick=number))
    if rules.charlie_capture:
        for seat, card in last.plays():
            if card == CHARLIE and team_of[seat] is not team:
                items.append(ScoreItem(team, ItemKind.CHARLIE_CAUGHT, 1, trick=number))
    return items
