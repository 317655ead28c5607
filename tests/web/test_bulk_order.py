"""Bulk work in the background workers goes most urgent first: a ranked game's fair-play
check, then a review somebody opened, then a par, which anybody can ask for by making a
challenge. A challenge's par goes a hand at a time, so a check or a review waits behind one
hand of it at most, and it makes the same moves as the par played whole."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from typing import Any

from app.challenges.hands import hands_of
from app.challenges.par import SeatBots, play_par
from app.operations.bot_pool import BotRoster, Bulk
from app.operations.bulk import BulkGate
from app.table.levels import LEVELS
from app.table.service import bot_in_human_seat, new_table
from bots.registry import bot_named
from engine import RuleSet

WAIT = 30.0


def test_waiting_pieces_go_by_kind_then_in_the_order_they_came() -> None:
    gate = BulkGate(1)
    gate.acquire(Bulk.PAR)
    through: list[str] = []
    asked = [
        ("par 1", Bulk.PAR),
        ("review 1", Bulk.REVIEW),
        ("check 1", Bulk.CHECK),
        ("par 2", Bulk.PAR),
        ("check 2", Bulk.CHECK),
    ]
    threads = []
    for name, kind in asked:

        def wait(name: str = name, kind: Bulk = kind) -> None:
            gate.acquire(kind)
            through.append(name)
            gate.release()

        thread = threading.Thread(target=wait)
        thread.start()
        threads.append(thread)
        while len(gate._waiting) < len(threads):  # each in the queue before the next asks
            threading.Event().wait(0.001)
    assert through == [], "the slot is taken"
    gate.release()
    for thread in threads:
        thread.join(WAIT)
    assert through == ["check 1", "check 2", "review 1", "par 1", "par 2"]


def test_two_slots_let_two_pieces_through_at_once() -> None:
    gate = BulkGate(2)
    gate.acquire(Bulk.PAR)
    gate.acquire(Bulk.PAR)
    third = threading.Thread(target=gate.acquire, args=(Bulk.CHECK,))
    third.start()
    third.join(0.2)
    assert third.is_alive(), "both slots are taken"
    gate.release()
    third.join(WAIT)
    assert not third.is_alive()


class Pieces(BotRoster):
    """A roster that does its bulk work at once in this process and notes each piece's kind."""

    def __init__(self) -> None:
        super().__init__(0, 0)
        self.kinds: list[Bulk] = []

    def submit_in_background(self, kind: Bulk, work: Any, *args: Any) -> Future[Any]:
        self.kinds.append(kind)
        return super().submit_in_background(kind, work, *args)


def test_a_challenges_par_goes_a_hand_at_a_time_and_plays_as_the_whole_game() -> None:
    """Strong opponents (search bots) and an Armut-rich seed are too slow here; the normal
    level's bots make the same point: each piece is one hand, and the pieces together make
    the moves of the game played in one go."""
    rules = RuleSet.from_key("pagat+hands_per_game=3")
    seed, opponents = "par-by-hands", LEVELS["normal"]
    roster = Pieces()
    hands = play_par(roster, rules.key, seed, opponents)
    assert roster.kinds == [Bulk.PAR] * 3, "one piece a hand, the least urgent kind"
    whole = new_table(rules, seed, SeatBots(bot_named(LEVELS["normal"]), bot_named(opponents)))
    bot_in_human_seat(whole)
    assert hands == hands_of(whole)
