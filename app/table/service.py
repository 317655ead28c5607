"""The game behind the table: the human in seat 0 against three bots.

A game is its rules, its seed and its action log; the engine's `Game` is rebuilt from them by
replay. Every human action is applied with the bots' answers that follow it, as one step: the
caller stores the new log only when the whole step succeeded.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.table.action_log import Log, log_version
from bots.protocol import Bot
from bots.table import bot_turn
from engine import Action, Game, Hand, Phase, RuleSet

HUMAN = 0


REDEALT = "redealt"
"""A notice: everybody declined the Armut and the cards were dealt again."""


@dataclass
class Table:
    """A rebuilt game and its log, with the actions of the latest step."""

    game: Game
    bot: Bot
    log: Log
    step_start: int = 0
    """Index in the current hand's actions where the latest step began (for animation)."""
    notices: list[str] = field(default_factory=list)
    """Codes of what happened in the latest step besides the cards (`REDEALT`)."""
    stored_hands: int = 0
    """Hands of the log the database holds: a step rewrites the last of them and adds the rest."""

    @property
    def version(self) -> int:
        return log_version(self.log)


def new_table(rules: RuleSet, seed: str, bot: Bot) -> Table:
    """A fresh game; the bots act until it is the human's turn."""
    table = Table(Game(rules, seed), bot, [[]])
    _bots_until_human(table)
    return table


def replay_game(
    rules: RuleSet, seed: str, log: Log, checked: bool = True
) -> tuple[Game, list[Hand]]:
    """The game after a stored log, and every hand it dealt (the one on the table last).
    `checked=False` skips the engine's checks: the actions were checked when stored."""
    game = Game(rules, seed)
    hands = [game.hand]
    for number, actions in enumerate(log):
        if number:
            game.next_hand()
            hands.append(game.hand)
        for entry in actions:
            game.hand.apply(Action.from_record(entry), checked=checked)
    return game, hands


def rebuild(rules: RuleSet, seed: str, bot: Bot, log: Log) -> Table:
    """Replays a stored log without the engine's checks: every action was checked as it was
    played, before it was stored, and the checks were a quarter of a rebuild (a request that
    finds no kept table pays for one: another process's game, or one after a restart)."""
    game, _ = replay_game(rules, seed, log, checked=False)
    table = Table(game, bot, [list(hand) for hand in log], stored_hands=len(log))
    table.step_start = len(log[-1])
    return table


def _begin_step(table: Table) -> None:
    """A step's animation starts at the current action; the last step's notices are gone."""
    table.step_start = len(table.log[-1])
    table.notices.clear()


def _bot_rng(table: Table) -> random.Random:
    """Bots decide from the game seed and the actions so far, so equal play gets equal
    answers (the daily game depends on it)."""
    return random.Random(f"{table.game.seed}/{len(table.log)}/{len(table.log[-1])}")


def _record(table: Table, action: Action) -> None:
    table.log[-1].append(action.to_record())


def _bots_until_human(table: Table) -> None:
    """Bots take their turns; an all-declined Armut is dealt again at once."""
    while True:
        hand = table.game.hand
        if hand.phase is Phase.REDEAL:
            table.game.next_hand()
            table.log.append([])
            table.step_start = 0
            table.notices.append(REDEALT)
            continue
        if hand.is_over or hand.to_act == HUMAN:
            return
        _record(table, bot_turn(hand, table.bot, _bot_rng(table)))


def bot_in_human_seat(table: Table) -> None:
    """Plays the whole game with the bot in seat 0 too, deciding as the bots do (the par of
    a daily game)."""
    while not table.game.is_over:
        bot_plays_hand(table)


def bot_plays_hand(table: Table) -> None:
    """Plays on with the bot in seat 0 too until the hand on the table is over, dealing it
    first when the last one is: a par a hand at a time (`app.challenges.par`) makes the same
    moves as a par played whole, since the bots' dice come from the log."""
    if table.game.hand.phase is Phase.DONE:
        next_hand(table)
    while table.game.hand.phase is not Phase.DONE:
        _record(table, bot_turn(table.game.hand, table.bot, _bot_rng(table)))
        _bots_until_human(table)


def human_action(table: Table, action: Action) -> None:
    """Applies the human's action (raises `IllegalAction`, changing nothing) and the bots'
    answers."""
    if action.seat != HUMAN:
        raise ValueError("the human plays seat 0")
    _begin_step(table)
    table.game.hand.apply(action)
    _record(table, action)
    _bots_until_human(table)


def next_hand(table: Table) -> None:
    """After the human has seen a finished hand: deal the next one."""
    if table.game.hand.phase is not Phase.DONE or table.game.is_over:
        raise ValueError("there is no next hand now")
    _begin_step(table)
    table.game.next_hand()
    table.log.append([])
    table.step_start = 0
    _bots_until_human(table)
