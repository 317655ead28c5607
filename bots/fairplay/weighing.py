"""Every decision of one seat weighed from what the seat could see, and from the deal.

The deal is read two ways. `truth` is what a player who knew all four hands would expect
(`evaluate_known`: play-outs in the one true world by the search's model of the players, the
last tricks solved exactly). `table` is what the choice really led to against the table's own
bots: the hand played on with the bots of the game deciding every other seat, and the seat's
own later choices too. The daily's bots need no chance, so a player who has seen the deals
(every card of a hand is shown as it is played, to a scouting cookie too) can play the day
again offline against exact copies of them and keep the best line: `table` finds that player's
choices best where `truth`, whose players are not the table's, often does not.

Where the best choice by the deal stands out, the view's value is worked out too, by the strong
level's search from the seat's view alone, as a hint or a review would. Positions where every
choice leads to about the same score in the true deal cannot tell a player who knew the deal
from one who did not, so they are not searched: that saves most of the analysis' time.

Armut passes are left out: hundreds of choices whose values differ by less than their noise.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from bots.protocol import Bot
from bots.registry import bot_named
from bots.search.budget import DEFAULT_BUDGET, Budget
from bots.search.evaluate import evaluate, evaluate_known
from bots.search.playouts import team_points
from bots.search.sampling import NoWorld
from bots.search.values import POINT_WEIGHT
from bots.table import play_out
from engine import Act, Action, Hand, HandRecord, Phase, view_of

TIE = 0.5
"""Choices this close to the deal's best count as the deal's best too: the values are whole
game points plus card points as a small fraction, so only card points part them. Where every
choice is that close, the decision cannot be a tell and is not searched from the view."""
EXCHANGES = (Act.ARMUT_GIVE, Act.ARMUT_RETURN)


@dataclass(frozen=True)
class Weighed:
    """One decision valued both ways; values by action notation, in game points."""

    hand: int
    """The hand's 0-based number in the game, Armut redeals counted."""
    index: int
    """The action's position in the hand's record."""
    kind: str
    """`reservation`, `armut`, `announcement` or `card`."""
    chosen: str
    truth: dict[str, float]
    """Each legal action's value in the true deal (card points as a small fraction)."""
    table: dict[str, float] | None
    """Each legal action's value against the table's own bots; None when they are not
    known."""
    natural: str | None
    """What the table's bot would choose from the seat's view: the play of a player whose
    style is much like the bot's, whom `table` finds best more often than the honest model
    expects (an easy player was held so, 1 game in 14), so it is no tell by `table`."""
    view: dict[str, float] | None
    """Each legal action's value from the seat's view; None where it was not searched."""


def weigh_game(
    records: Sequence[HandRecord],
    seat: int,
    seed: str,
    budget: Budget = DEFAULT_BUDGET,
    table_bot: str | None = None,
) -> list[Weighed]:
    """Every decision of `seat` in a game's finished hands; deterministic in `seed`.
    `table_bot`: the id of the bot that played the other seats, when it is known."""
    return [
        item
        for number, record in enumerate(records)
        for item in weigh_hand(record, number, seat, seed, budget, table_bot)
    ]


def weigh_hand(
    record: HandRecord,
    number: int,
    seat: int,
    seed: str,
    budget: Budget = DEFAULT_BUDGET,
    table_bot: str | None = None,
) -> list[Weighed]:
    """`weigh_game` for hand `number` alone: a server weighs a game hand by hand, so that a
    bot's move at a table waits behind one hand's weighing at most, not a whole game's."""
    bot = None if table_bot is None else bot_named(table_bot)
    weighed = []
    for index, hand, chosen in _decisions(record, seat):
        rng = random.Random(f"{seed}/fair-play/{number}/{index}")
        weighed.append(_weigh(number, index, hand, seat, chosen, bot, seed, rng, budget))
    return weighed


def against_the_table(hand: Hand, seat: int, bot: Bot, seed: str) -> dict[str, float]:
    """Each legal action of `seat` with the hand then played to its end by `bot` in every
    seat: what the action led to against the table's bots, had the seat gone on as they
    play. Exact for bots that need no chance (the daily's); the others draw theirs from
    `seed`."""
    values = {}
    for action in hand.legal_actions(seat):
        twin = hand.copy()
        twin.apply(action, checked=False)
        rngs = [random.Random(f"{seed}/table/{other}/{len(hand.actions)}") for other in range(4)]
        finished = play_out(twin, [bot] * 4, rngs)
        done = finished.phase is Phase.DONE
        score = finished.score_of(seat) + POINT_WEIGHT * team_points(finished, seat) if done else 0
        values[action.notation] = float(score)
    return values


def _decisions(record: HandRecord, seat: int) -> Iterator[tuple[int, Hand, Action]]:
    """The seat's decisions with a choice, each with the hand just before it."""
    hand = record.new_hand()
    for index, action in enumerate(record.actions):
        mine = action.seat == seat and action.act not in EXCHANGES
        if mine and len(hand.legal_actions(seat)) > 1:
            yield index, hand.copy(), action
        hand.apply(action, checked=False)


def _weigh(
    number: int,
    index: int,
    hand: Hand,
    seat: int,
    chosen: Action,
    bot: Bot | None,
    seed: str,
    rng: random.Random,
    budget: Budget,
) -> Weighed:
    table = natural = None
    if bot is not None:
        table = against_the_table(hand, seat, bot, seed)
        natural = bot.choose(view_of(hand, seat), rng).notation
    before_the_deal = rng.getstate()
    truth = {
        v.value.action.notation: v.value.expected + POINT_WEIGHT * v.card_points
        for v in evaluate_known(hand, seat, rng, budget)
    }
    view = None
    if any(max(deal.values()) - min(deal.values()) >= TIE for deal in (truth, table) if deal):
        # The view's worlds are drawn as if the real deal had never been searched: whatever
        # that search drew from `rng` (today nothing) must not reach them.
        rng.setstate(before_the_deal)
        view = _view_values(hand, seat, rng, budget)
    notation = chosen.notation
    return Weighed(number, index, kind_of(chosen.act), notation, truth, table, natural, view)


def _view_values(
    hand: Hand, seat: int, rng: random.Random, budget: Budget
) -> dict[str, float] | None:
    """The search's values from the seat's view; None should no world fit it (a gap in
    reading the view: such a decision is left out rather than the whole analysis)."""
    try:
        values = evaluate(view_of(hand, seat), rng, budget)
    except NoWorld:
        return None
    return {value.action.notation: value.expected for value in values}


def kind_of(act: Act) -> str:
    if act.is_reservation:
        return "reservation"
    if act is Act.ANNOUNCE:
        return "announcement"
    return "card" if act is Act.PLAY else "armut"
