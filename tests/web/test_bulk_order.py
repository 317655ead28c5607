"""Bulk work in the background workers goes most urgent first: a ranked game's fair-play
check, then a review somebody opened, then a par, which anybody can ask for by making a
challenge. A challenge's par goes a hand at a time, so a check or a review waits behind one
hand of it at most, and it makes the same moves as the par played whole."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from app.challenges.hands import hands_of
from app.challenges.par import (
    RENEW_WAITING_EVERY,
    ChallengePars,
    ParClaim,
    SeatBots,
    play_par,
)
from app.operations.bot_pool import BotRoster, Bulk
from app.operations.turns import OwnersInTurn, TurnGate
from app.storage.claims import STALE_AFTER
from app.storage.models import Challenge
from app.table.levels import LEVELS
from app.table.service import bot_in_human_seat, new_table
from bots.registry import bot_named
from engine import RuleSet

WAIT = 30.0


def let_through(gate: TurnGate, asked: list[tuple[str, Bulk, str]]) -> list[str]:
    """The names of the pieces `asked` (name, kind, owner), in the order the gate lets them
    through once its one slot, taken by the caller, is given back; each asks once the one
    before waits in the queue."""
    through: list[str] = []
    threads = []
    for name, kind, owner in asked:

        def wait(name: str = name, kind: Bulk = kind, owner: str = owner) -> None:
            gate.acquire(kind, owner)
            through.append(name)
            gate.release()

        thread = threading.Thread(target=wait)
        thread.start()
        threads.append(thread)
        while len(gate._waiting) < len(threads):
            threading.Event().wait(0.001)
    assert through == [], "the slot is taken"
    gate.release()
    for thread in threads:
        thread.join(WAIT)
    return through


def test_waiting_pieces_go_by_kind_then_in_the_order_they_came() -> None:
    gate = TurnGate(1)
    gate.acquire(Bulk.PAR)
    asked = [
        ("par 1", Bulk.PAR, ""),
        ("review 1", Bulk.REVIEW, ""),
        ("check 1", Bulk.CHECK, ""),
        ("par 2", Bulk.PAR, ""),
        ("check 2", Bulk.CHECK, ""),
    ]
    through = let_through(gate, asked)
    assert through == ["check 1", "check 2", "review 1", "par 1", "par 2"]


def test_two_slots_let_two_pieces_through_at_once() -> None:
    gate = TurnGate(2)
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

    def submit_in_background(
        self, kind: Bulk, work: Any, *args: Any, owner: str = ""
    ) -> Future[Any]:
        self.kinds.append(kind)
        return super().submit_in_background(kind, work, *args, owner=owner)


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


def test_a_par_given_up_stops_after_the_hand_under_way() -> None:
    roster = Pieces()
    assert play_par(roster, "pagat", "given-up", LEVELS["normal"], still_ours=lambda: False) is None
    assert roster.kinds == [Bulk.PAR], "one hand, then the claim was found taken over"


def test_a_pars_claim_is_renewed_until_another_view_takes_it_over(app: FastAPI) -> None:
    """A long par renews its claim after each hand, so the next view does not take it for
    a par whose process died (`STALE_AFTER`) and play it a second time; once another view
    has taken it over (its process did die), the first stops."""
    (challenge_id,) = made_challenges(app, 1)
    claimed_at = datetime(2026, 12, 3, 12, tzinfo=UTC)
    set_par(app, challenge_id, claimed_at)
    claim = ParClaim(app.state.sessions, challenge_id, claimed_at)
    assert claim.renew()
    assert par_started_at(app, challenge_id) == claim.at > claimed_at
    set_par(app, challenge_id, claimed_at + timedelta(hours=1))
    assert not claim.renew()
    assert par_started_at(app, challenge_id) == claimed_at + timedelta(hours=1)


def set_par(app: FastAPI, challenge_id: str, at: datetime) -> None:
    with app.state.sessions() as session:
        challenge = session.get(Challenge, challenge_id)
        assert challenge is not None
        challenge.par_status, challenge.par_started_at = "pending", at
        session.commit()


def par_started_at(app: FastAPI, challenge_id: str) -> datetime:
    with app.state.sessions() as session:
        challenge = session.get(Challenge, challenge_id)
        assert challenge is not None and challenge.par_started_at is not None
        moment: datetime = challenge.par_started_at
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Held(BotRoster):
    """A roster whose bulk work waits, in this process, until `free` is set; `asked` is set
    once a piece is submitted, so a test knows a par has left the queue and is playing."""

    def __init__(self) -> None:
        super().__init__(0, 0)
        self.free = threading.Event()
        self.asked = threading.Event()

    def submit_in_background(
        self, kind: Bulk, work: Any, *args: Any, owner: str = ""
    ) -> Future[Any]:
        self.asked.set()
        assert self.free.wait(WAIT)
        return super().submit_in_background(kind, work, *args, owner=owner)


def par_threads() -> int:
    return sum(thread.name == "challenge-pars" for thread in threading.enumerate())


def no_par_thread_left() -> None:
    """Joins every par thread, each ending once no par waits."""
    for thread in threading.enumerate():
        if thread.name == "challenge-pars":
            thread.join(WAIT)


def test_a_process_plays_its_pars_one_after_the_other_in_one_thread(app: FastAPI) -> None:
    """Three boards viewed while the background is busy: one thread holds all three pars
    (a thread each grew without bound as challenges were made), and a par another view has
    taken over meanwhile is passed over."""
    roster = Held()
    pars = ChallengePars(app.state.sessions, roster)
    links = made_challenges(app, 3)
    now = datetime(2026, 12, 3, 12, tzinfo=UTC)
    claimed(app, pars, links, now)
    assert par_threads() == 1
    set_par(app, links[2], now + timedelta(hours=1))
    roster.free.set()
    no_par_thread_left()
    assert par_threads() == 0, "the thread ends once nothing waits"
    with app.state.sessions() as session:
        statuses = [session.get(Challenge, link).par_status for link in links]
    assert statuses == ["done", "done", "pending"], "the third is the other view's to play"
    assert par_started_at(app, links[2]) == now + timedelta(hours=1)


def claimed(
    app: FastAPI, pars: ChallengePars, links: list[str], now: datetime, owner: str = ""
) -> None:
    with app.state.sessions() as session:
        for link in links:
            challenge = session.get(Challenge, link)
            assert challenge is not None
            pars.request(session, challenge, now, owner)


def waiting(pars: ChallengePars) -> list[str]:
    """The challenges whose pars wait, in the order they will be played."""
    return [claim.challenge_id for claim, _ in pars._waiting.in_order()]


def test_owners_take_turns_and_an_owner_left_with_nothing_loses_its_turn() -> None:
    queue: OwnersInTurn[str] = OwnersInTurn()
    for owner, item in [("a", "a1"), ("a", "a2"), ("a", "a3"), ("b", "b1"), ("c", "c1")]:
        queue.add(owner, item)
    assert queue.in_order() == ["a1", "b1", "c1", "a2", "a3"]
    queue.remove("b1")
    assert queue.in_order() == ["a1", "c1", "a2", "a3"]
    assert [queue.take() for _ in range(4)] == ["a1", "c1", "a2", "a3"]
    assert not queue


def test_the_waiting_pars_of_each_address_take_turns(app: FastAPI) -> None:
    """Four hundred challenges made and viewed from a few addresses put every honest
    challenge's par behind all of theirs; now each address's pars wait in turn."""
    roster = Held()
    pars = ChallengePars(app.state.sessions, roster)
    links = made_challenges(app, 5)
    now = datetime(2026, 12, 3, 12, tzinfo=UTC)
    claimed(app, pars, links[:4], now, "203.0.113.9")
    assert roster.asked.wait(WAIT), "the first par plays"
    claimed(app, pars, links[4:], now, "198.51.100.7")
    assert waiting(pars) == [links[1], links[4], links[2], links[3]]
    roster.free.set()


def made_challenges(app: FastAPI, count: int) -> list[str]:
    with TestClient(app, cookies={"doko_rules": "pagat+hands_per_game=1"}) as maker:
        return [
            maker.post("/challenges", follow_redirects=False).headers["location"].rsplit("/")[-1]
            for _ in range(count)
        ]


def test_the_waiting_pars_claims_are_renewed_too(app: FastAPI) -> None:
    """A queue longer than `STALE_AFTER` would otherwise let every view of a waiting
    challenge claim it again, sending it to the back of the queue, for ever."""
    roster = Held()
    pars = ChallengePars(app.state.sessions, roster)
    links = made_challenges(app, 3)
    now = datetime(2026, 12, 3, 12, tzinfo=UTC)
    claimed(app, pars, links, now)
    assert roster.asked.wait(WAIT), "the first par's first hand is asked for"
    assert waiting(pars) == links[1:], "the first plays"
    set_par(app, links[2], now + timedelta(hours=1))
    pars._still_ours(ParClaim(app.state.sessions, links[0], now))
    assert par_started_at(app, links[1]) > now, "the waiting claim was renewed"
    assert waiting(pars) == links[1:2], "the lost one dropped"
    roster.free.set()


def test_the_waiting_pars_claims_are_renewed_once_a_while_not_after_every_hand(
    app: FastAPI,
) -> None:
    """Renewing every waiting claim after every hand cost a statement per waiting par per
    hand: a few hundred challenges kept a core of the web process busy."""
    roster = Held()
    pars = ChallengePars(app.state.sessions, roster)
    ticks = [0.0]
    pars.clock = lambda: ticks[0]
    links = made_challenges(app, 2)
    now = datetime(2026, 12, 3, 12, tzinfo=UTC)
    claimed(app, pars, links, now)
    assert roster.asked.wait(WAIT), "the first par's first hand is asked for"
    playing = ParClaim(app.state.sessions, links[0], now)
    pars._still_ours(playing)
    first = par_started_at(app, links[1])
    assert first > now
    ticks[0] = RENEW_WAITING_EVERY.total_seconds() - 1
    pars._still_ours(playing)
    assert par_started_at(app, links[1]) == first, "not renewed again within the while"
    ticks[0] = RENEW_WAITING_EVERY.total_seconds()
    pars._still_ours(playing)
    assert par_started_at(app, links[1]) > first
    assert RENEW_WAITING_EVERY * 2 < STALE_AFTER, "renewed before a view could take it over"
    roster.free.set()


def test_a_failure_between_pars_leaves_the_next_to_be_played(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    roster = Held()
    pars = ChallengePars(app.state.sessions, roster)
    links = made_challenges(app, 2)
    settle = ParClaim.settle

    def down_once(claim: ParClaim, values: dict[str, object]) -> None:
        if claim.challenge_id == links[0]:
            raise OperationalError("UPDATE", {}, Exception("database is locked"))
        settle(claim, values)

    monkeypatch.setattr(ParClaim, "settle", down_once)
    now = datetime(2026, 12, 3, 12, tzinfo=UTC)
    claimed(app, pars, links, now)
    roster.free.set()
    no_par_thread_left()
    with app.state.sessions() as session:
        statuses = [session.get(Challenge, link).par_status for link in links]
    assert statuses == ["pending", "done"], "the first is claimed again once stale"


def test_a_claim_renewed_again_and_again_keeps_to_the_clock(
    app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each renewal is the claim's time plus the seconds since it was made: adding them to
    the last renewal instead ran the claim hours ahead, so it never went stale."""
    (challenge_id,) = made_challenges(app, 1)
    claimed_at = datetime(2026, 12, 3, 12, tzinfo=UTC)
    set_par(app, challenge_id, claimed_at)
    seconds = [100.0]
    monkeypatch.setattr("app.challenges.par.time.monotonic", lambda: seconds[0])
    claim = ParClaim(app.state.sessions, challenge_id, claimed_at)
    for elapsed in (10, 20, 30):
        seconds[0] = 100.0 + elapsed
        assert claim.renew()
    assert par_started_at(app, challenge_id) == claimed_at + timedelta(seconds=30)


def test_each_owner_takes_its_turn_within_a_kind() -> None:
    """An address that queued many reviews' pieces does not hold another's review behind all
    of them: the newcomer's piece goes next, then the two take turns; pars waiting (no
    owner) do not push a review's turn back."""
    gate = TurnGate(1)
    gate.acquire(Bulk.REVIEW, "flooder")
    asked = [
        *(("par", Bulk.PAR, "") for _ in range(3)),
        *((f"f{n}", Bulk.REVIEW, "flooder") for n in range(1, 4)),
        ("b1", Bulk.REVIEW, "bystander"),
        ("b2", Bulk.REVIEW, "bystander"),
        ("anonymous", Bulk.REVIEW, ""),
    ]
    through = let_through(gate, asked)
    assert through == ["b1", "anonymous", "f1", "b2", "f2", "f3", "par", "par", "par"]
