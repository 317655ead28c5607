"""The end-of-hand sheet and the game's standings: scores, teams, every scoring item in
words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.languages.i18n import Translator
from app.languages.words import CONTRACTS, item_text, seat_name, team_name
from app.operations.urls import record_url, review_url
from app.table.card_faces import CardFace, face, sorted_hand
from app.table.service import HUMAN, Table
from engine import HandResult, ScoreItem, SeatView, Team
from engine.game import standings_of
from engine.rules import Scoring


@dataclass(frozen=True)
class ItemShown:
    team: str
    text: str
    points: int
    """Signed as the item counts in the hand's value: plus for the team the value is scored
    for (Re at 0), minus for the other's items, which are netted against them (§8)."""


@dataclass(frozen=True)
class TeamLine:
    name: str
    card_points: int
    players: str


@dataclass(frozen=True)
class HandSummary:
    contract: str
    winner: str | None
    """The winning team's name, None when nobody wins."""
    re: TeamLine
    kontra: TeamLine
    items: tuple[ItemShown, ...]
    scored_for: str
    """The team the items' points are signed for (`ItemShown.points`), named over their
    column: a point of the other team's read as the team losing one."""
    alone: str | None
    """The player who played alone against three, whose score is three times the value."""
    value: int
    scores: tuple[int, ...]
    dealt: tuple[tuple[CardFace, ...], ...]
    record_url: str
    review_url: str


@dataclass(frozen=True)
class Standing:
    place: int
    name: str
    total: int


def summary(
    table: Table, game_id: str, result: HandResult, view: SeatView, t: Translator
) -> HandSummary:
    """The end-of-hand sheet. The dealt hands are sorted as they were played: by the
    contract, a Schweinchen's two A♦ on top (the view of a finished hand names its holder)."""
    order = view.order
    scoring = table.game.rules.scoring
    items = items_shown(result, scoring, t)
    dealt = tuple(
        tuple(face(card, order, t) for card in sorted_hand(hand, order))
        for hand in view.dealt or ()
    )

    def line(team: Team, seats: Sequence[int]) -> TeamLine:
        players = ", ".join(seat_name(seat, t) for seat in seats)
        return TeamLine(team_name(team, t), result.tally.points[team], players)

    return HandSummary(
        contract=t.gettext(CONTRACTS[result.contract]),
        winner=team_name(result.winner, t) if result.winner else None,
        re=line(Team.RE, result.re),
        kontra=line(Team.KONTRA, result.kontra),
        items=items,
        scored_for=team_name(column_team(result), t),
        alone=None if result.soloist is None else seat_name(result.soloist, t),
        value=result.value,
        scores=result.scores,
        dealt=dealt,
        record_url=record_url(game_id, len(table.log)),
        review_url=review_url(game_id, len(table.log)),
    )


def column_team(result: HandResult) -> Team:
    """The team the sheet's points are signed for: the one that scores the value; at a value
    of 0 the winner (a hand won read as a point lost misleads), else Re."""
    return result.scored_for or result.winner or Team.RE


def items_shown(result: HandResult, scoring: Scoring, t: Translator) -> tuple[ItemShown, ...]:
    """The sheet's scoring rows, signed so that the column adds up to the hand's value."""
    gainer = column_team(result)
    return tuple(
        ItemShown(
            team_name(item.team, t),
            _item_line(item, scoring, result, t),
            item.points if item.team is gainer else -item.points,
        )
        for item in result.items
    )


def _item_line(item: ScoreItem, scoring: Scoring, result: HandResult, t: Translator) -> str:
    text = item_text(item, scoring, t)
    if item.trick is None:
        return text
    winner = result.tricks[item.trick - 1].winner
    if winner == HUMAN:
        # "won by You" read as a name in German and Romanian ("von Du", "de Tu").
        return t.gettext("%(item)s (trick %(trick)d, won by you)") % {
            "item": text,
            "trick": item.trick,
        }
    values = {"item": text, "trick": item.trick, "name": seat_name(winner, t)}
    return t.gettext("%(item)s (trick %(trick)d, won by %(name)s)") % values


def standings(totals: Sequence[int], t: Translator) -> tuple[Standing, ...]:
    return tuple(
        Standing(row.place, seat_name(row.seat, t), row.total) for row in standings_of(totals)
    )
