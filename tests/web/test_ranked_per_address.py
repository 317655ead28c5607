"""Issue 24, §1 and §4: ranked attempts per network address and day are capped
(`DOKO_RANKED_PER_ADDRESS`, each rule set's board on its own); past the cap a new player's
start at the day's deals is refused, and the page says until when. Each ranked attempt
keeps the network as an HMAC under a random salt of the day, shared by every server
process, and forgets it (with the salt) seven days after the day's attempts close. The
races are in test_concurrency.py (SQLite) and test_servers.py (two processes on
PostgreSQL)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

import app.play.daily as daily_service
from app.challenges.making import aware
from app.daily.attempts import same_network
from app.daily.fairplay.report import same_network_lines
from app.daily.networks import KEPT, RankedSlot, first_kept_day, network_hash
from app.daily.secrecy import attempts_close_at
from app.storage.models import Challenge, ChallengeGame, DailyAttempt, GameRow, NetworkSalt
from tests.web.helpers.daily import (
    DAY,
    count,
    daily_refused,
    daily_settings,
    game_id,
    noon,
    rows,
    running,
    start_daily,
)
from tests.web.helpers.daily_deadline import Clock

HOME = "203.0.113.5"
ELSEWHERE = "198.51.100.7"
NETWORK_PLAYED = (
    "Today’s daily games from your network have all been played. The day’s deals are dealt "
    "to a few players of a network until"
)


@contextmanager
def player_at(application: FastAPI, address: str, **kwargs: Any) -> Iterator[TestClient]:
    """A new player (its own cookie jar) whose requests come from `address`."""
    with TestClient(application, client=(address, 50000), **kwargs) as client:
        yield client


def start_at(application: FastAPI, address: str, rules_key: str = "pagat") -> str:
    with player_at(application, address) as client:
        return start_daily(client, rules_key)


def refused_at(application: FastAPI, address: str) -> str:
    """A new player's start from `address` refused: the page's text."""
    with player_at(application, address) as client:
        return daily_refused(client)


def mode_of(application: FastAPI, url: str) -> tuple[str, str | None]:
    (row,) = rows(application, GameRow, id=game_id(url))
    return row.mode, row.practice_reason


def attempt_of_game(application: FastAPI, url: str) -> DailyAttempt:
    (attempt,) = rows(application, DailyAttempt, game_id=game_id(url))
    return attempt


def test_the_fifth_start_from_one_address_is_refused_and_says_until_when(
    daily_app: FastAPI,
) -> None:
    ranked = [start_at(daily_app, HOME) for _ in range(4)]
    assert [mode_of(daily_app, url) for url in ranked] == [("daily", None)] * 4
    page = refused_at(daily_app, HOME)
    assert NETWORK_PLAYED in page
    assert "2024-03-15 02:00" in page, "when the day's seed is published"
    assert count(daily_app, DailyAttempt) == count(daily_app, GameRow) == 4, "nothing dealt"

    elsewhere = start_at(daily_app, ELSEWHERE)
    assert mode_of(daily_app, elsewhere) == ("daily", None), "another address plays ranked"
    other_board = start_at(daily_app, HOME, "ddv")
    assert mode_of(daily_app, other_board) == ("daily", None), "each rule set has its board"


def test_a_refused_player_has_seen_no_card_and_plays_ranked_from_another_network(
    daily_app: FastAPI,
) -> None:
    for _ in range(4):
        start_at(daily_app, HOME)
    with player_at(daily_app, HOME) as capped:
        daily_refused(capped)
        cookies = dict(capped.cookies)
    with player_at(daily_app, ELSEWHERE, cookies=cookies) as moved:
        url = start_daily(moved)
    assert mode_of(daily_app, url) == ("daily", None)
    assert count(daily_app, DailyAttempt) == 5


def test_a_player_with_a_ranked_attempt_resumes_it_past_the_cap(daily_app: FastAPI) -> None:
    with player_at(daily_app, HOME) as first:
        url = start_daily(first)
        for _ in range(3):
            start_at(daily_app, HOME)
        assert start_daily(first) == url, "its own unfinished attempt, not practice"


def test_an_ipv6_network_counts_by_its_64(tmp_path: Path) -> None:
    settings = replace(daily_settings(tmp_path), ranked_per_address=1)
    with running(settings) as application:
        first = start_at(application, "2001:db8::1")
        assert NETWORK_PLAYED in refused_at(application, "2001:db8::2")
        other = start_at(application, "2001:db8:0:1::1")
        modes = [mode_of(application, url)[0] for url in (first, other)]
    assert modes == ["daily", "daily"]


def test_an_ipv6_site_counts_as_a_whole_past_its_64s(tmp_path: Path) -> None:
    """A subscriber holding a /48 holds 65,536 /64s: past the site's cap, a start from any of
    them is refused; another /48 plays ranked."""
    settings = replace(daily_settings(tmp_path), ranked_per_address=2, ranked_per_site=3)
    with running(settings) as application:
        ranked = [
            start_at(application, address)
            for address in ("2001:db8:0:1::1", "2001:db8:0:1::2", "2001:db8:0:2::1")
        ]
        assert NETWORK_PLAYED in refused_at(application, "2001:db8:0:3::1")
        elsewhere = start_at(application, "2001:db8:1::1")
        other_board = start_at(application, "2001:db8:0:4::1", "ddv")
        modes = {mode_of(application, url)[0] for url in [*ranked, elsewhere, other_board]}
        sites = [attempt_of_game(application, url) for url in ranked]
        assert count(application, DailyAttempt) == 5
    assert modes == {"daily"}
    assert [attempt.site_slot for attempt in sites] == [0, 1, 2]
    assert len({attempt.site for attempt in sites}) == 1
    assert len({attempt.network for attempt in sites}) == 2


def test_an_ipv4_address_has_no_site(tmp_path: Path) -> None:
    settings = replace(daily_settings(tmp_path), ranked_per_address=3, ranked_per_site=1)
    with running(settings) as application:
        urls = [start_at(application, address) for address in (HOME, HOME, "203.0.113.6")]
        attempts = [attempt_of_game(application, url) for url in urls]
    assert [(attempt.site, attempt.site_slot) for attempt in attempts] == [(None, None)] * 3
    assert [attempt.network_slot for attempt in attempts] == [0, 1, 0]


def test_no_cap_when_the_setting_is_zero(tmp_path: Path) -> None:
    settings = replace(daily_settings(tmp_path), ranked_per_address=0)
    with running(settings) as application:
        urls = [start_at(application, HOME) for _ in range(6)]
        assert {mode_of(application, url)[0] for url in urls} == {"daily"}
        hashes = {attempt_of_game(application, url).network for url in urls}
    assert len(hashes) == 1 and None not in hashes, "the network is kept all the same"


def stored_salt(application: FastAPI, day: date) -> str | None:
    with application.state.sessions() as session:
        salt = session.get(NetworkSalt, day)
        return salt.salt if salt else None


def test_the_network_is_kept_as_a_salted_hash_shared_by_every_process(tmp_path: Path) -> None:
    settings = daily_settings(tmp_path)
    with running(settings) as one, running(settings) as two:
        first = attempt_of_game(one, start_at(one, HOME))
        second = attempt_of_game(two, start_at(two, HOME))
        third = attempt_of_game(two, start_at(two, ELSEWHERE))
        salt = stored_salt(one, DAY)
    assert salt is not None and len(bytes.fromhex(salt)) == 32
    assert first.network is not None and re.fullmatch(r"[0-9a-f]{64}", first.network)
    assert first.network == second.network, "both processes use the day's salt"
    assert third.network not in (None, first.network)
    assert (first.network_slot, second.network_slot, third.network_slot) == (0, 1, 0)
    stored = Path(settings.database_url.removeprefix("sqlite:///"))
    for path in stored.parent.glob(f"{stored.name}*"):
        assert HOME.encode() not in path.read_bytes(), "the address itself is never stored"


SALT = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
HOME_UNDER_SALT = "6bd391d5f7201813140a19d56246f7a99a9e595eb410f34c7b5ff73ddc97d5ed"
"""HMAC-SHA256 of `HOME` under `SALT`, worked out once outside the project (`printf
'203.0.113.5' | openssl dgst -sha256 -mac HMAC -macopt hexkey:<SALT>`)."""


def test_the_network_is_hmac_sha256_of_the_address_under_the_stored_salt(
    daily_app: FastAPI,
) -> None:
    """The kept hash is the HMAC of the address under the day's salt as stored (the salt a
    second process reads, above): a hash made another way in a new release would not match
    the day's earlier ones, and a network's attempts before it would not count to its cap."""
    with daily_app.state.sessions() as session:
        session.add(NetworkSalt(day=DAY, salt=SALT))
        session.commit()
    assert attempt_of_game(daily_app, start_at(daily_app, HOME)).network == HOME_UNDER_SALT


def test_each_day_has_its_own_salt(tmp_path: Path) -> None:
    clock = Clock(noon(DAY))
    base = daily_settings(tmp_path)
    settings = replace(base, clock=clock)
    with running(settings) as application:
        first = attempt_of_game(application, start_at(application, HOME))
        clock.moment = noon(DAY + timedelta(days=1))
        second = attempt_of_game(application, start_at(application, HOME))
    assert first.network != second.network
    assert first.network_slot == second.network_slot == 0


FORGOTTEN_AT = attempts_close_at(DAY) + timedelta(days=7)


def test_the_networks_are_forgotten_seven_days_after_the_day_closes(tmp_path: Path) -> None:
    assert first_kept_day(FORGOTTEN_AT) == DAY + timedelta(days=1)
    assert first_kept_day(FORGOTTEN_AT - timedelta(seconds=1)) == DAY
    clock = Clock(noon(DAY))
    base = daily_settings(tmp_path)
    settings = replace(base, clock=clock)
    with running(settings) as application:
        url = start_at(application, HOME)
        from_a_site = start_at(application, "2001:db8::1")
        challenge = challenge_started_at(application, HOME)
        clock.moment = FORGOTTEN_AT - timedelta(seconds=1)
        start_at(application, HOME)
        kept = attempt_of_game(application, url)
        assert kept.network is not None and stored_salt(application, DAY) is not None
        assert attempt_of_game(application, from_a_site).site is not None
        assert challenge_networks(application, challenge) == [True]
        clock.moment = FORGOTTEN_AT
        later = start_at(application, HOME)
        forgotten = attempt_of_game(application, url)
        assert (forgotten.network, forgotten.network_slot) == (None, None)
        site_forgotten = attempt_of_game(application, from_a_site)
        assert (site_forgotten.site, site_forgotten.site_slot) == (None, None)
        assert stored_salt(application, DAY) is None
        assert attempt_of_game(application, later).network is not None
        assert stored_salt(application, FORGOTTEN_AT.date()) is not None
        assert forgotten.total is None and forgotten.game_id == game_id(url), "the rest stays"
        assert challenge_networks(application, challenge) == [True], "kept while it is open"
        (made,) = rows(application, Challenge, id=challenge)
        clock.moment = aware(made.closes_at) + KEPT + timedelta(days=1)
        start_at(application, HOME)
        assert challenge_networks(application, challenge) == [False], "forgotten after it"
        (made,) = rows(application, Challenge, id=challenge)
        assert made.network_salt is None


def challenge_started_at(application: FastAPI, address: str) -> str:
    """A new challenge with a counting game started from `address`; its link."""
    with player_at(application, address) as client:
        made = client.post("/challenges", follow_redirects=False).headers["location"]
        link = made.rsplit("/", 1)[-1]
        assert client.post(f"/challenges/{link}/play", follow_redirects=False).status_code == 303
    return link


def challenge_networks(application: FastAPI, link: str) -> list[bool]:
    """Whether each game at the challenge keeps its network."""
    return [
        entry.network is not None for entry in rows(application, ChallengeGame, challenge_id=link)
    ]


def test_same_network_lists_the_days_attempts_started_before_this_one(
    daily_app: FastAPI,
) -> None:
    earlier, unfinished, later = (start_at(daily_app, HOME) for _ in range(3))
    elsewhere = start_at(daily_app, ELSEWHERE)
    other_rules = start_at(daily_app, HOME, "ddv")
    at = datetime(2024, 3, 14, 12, tzinfo=UTC)
    times = {
        earlier: (at, at + timedelta(hours=1)),
        unfinished: (at, None),
        elsewhere: (at, at + timedelta(hours=1)),
        other_rules: (at, at + timedelta(hours=1)),
        later: (at + timedelta(hours=2), None),
    }
    with daily_app.state.sessions() as session:
        for url, (started, finished) in times.items():
            attempt = session.get(DailyAttempt, attempt_of_game(daily_app, url).id)
            assert attempt is not None
            attempt.started_at, attempt.finished_at = started, finished
        session.commit()
        attempts = {
            url: session.get(DailyAttempt, attempt_of_game(daily_app, url).id) for url in times
        }
        found = {
            url: [a.game_id for a in same_network(session, attempt)]
            for url, attempt in attempts.items()
            if attempt
        }
        later_attempt = attempts[later]
        assert later_attempt is not None
        shown = list(same_network_lines(session, later_attempt))
    # An attempt left before its last card has seen every hand: it is listed too.
    assert found[later] == [game_id(earlier), game_id(unfinished)]
    assert shown[0] == "same network: 2 earlier attempt(s)"
    assert shown[1].endswith(
        ": started 2024-03-14 12:00 UTC, finished 2024-03-14 13:00 UTC, total -, fair play pending"
    )
    assert shown[2].endswith(": started 2024-03-14 12:00 UTC, not finished")
    assert found[earlier] == found[unfinished] == found[elsewhere] == found[other_rules] == []


def test_same_network_lists_the_attempts_of_another_64_of_the_site(daily_app: FastAPI) -> None:
    """One host may hold a /48: a scout's attempt from another of its /64s is evidence too."""
    scout, elsewhere, ranked = (
        start_at(daily_app, address)
        for address in ("2001:db8:0:1::1", "2001:db8:1::1", "2001:db8:0:2::1")
    )
    with daily_app.state.sessions() as session:
        attempts = [
            session.get(DailyAttempt, attempt_of_game(daily_app, url).id)
            for url in (scout, elsewhere, ranked)
        ]
        at = datetime(2024, 3, 14, 12, tzinfo=UTC)
        for attempt, hour in zip(attempts, (0, 0, 1), strict=True):
            assert attempt is not None
            attempt.started_at = at + timedelta(hours=hour)
        session.commit()
        assert attempts[2] is not None
        found = [other.game_id for other in same_network(session, attempts[2])]
    assert found == [game_id(scout)], "the scout's, not another site's"


def slots_seen_free_too_late(
    monkeypatch: pytest.MonkeyPatch, seen: Callable[[Session, date, int], RankedSlot], times: int
) -> list[object]:
    """Makes the start's first `times` looks at the free slots see `seen(session, day, look)`
    (a slot another start takes before this one stores its attempt), the later ones what is
    stored; returns the looks, as they come."""
    looks: list[object] = []
    counted = daily_service.ranked_slot

    def looked(*args: Any) -> RankedSlot | None:
        looks.append(args)
        if len(looks) > times:
            return counted(*args)
        return seen(args[0], args[1], len(looks) - 1)

    monkeypatch.setattr(daily_service, "ranked_slot", looked)
    return looks


def test_a_start_that_lost_the_last_slot_to_another_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two starts from one network see its last slot free; the other stores its attempt
    first. The unique index refuses this one's, which tries again and is refused (with
    nothing of the refused try kept)."""
    settings = replace(daily_settings(tmp_path), ranked_per_address=2)
    with running(settings) as application:
        start_at(application, HOME)
        start_at(application, HOME)
        looks = slots_seen_free_too_late(
            monkeypatch, lambda session, day, _: RankedSlot(network_hash(session, day, HOME), 1), 1
        )
        games = count(application, GameRow)
        assert NETWORK_PLAYED in refused_at(application, HOME)
        assert len(looks) == 2, "refused by the index once, then tried again"
        assert count(application, DailyAttempt) == 2
        assert count(application, GameRow) == games


def test_a_start_that_lost_every_slot_in_turn_ends_at_the_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A flood of starts from one network (eight at once behind one address, on two servers):
    one start may see each slot free just before another takes it. Each loss means a slot
    was taken, so the start tries again until it has one or the cap is reached, and then
    says so (it was a bare 409 after three losses)."""
    settings = replace(daily_settings(tmp_path), ranked_per_address=4)
    with running(settings) as application:
        for _ in range(4):
            start_at(application, HOME)
        looks = slots_seen_free_too_late(
            monkeypatch,
            lambda session, day, look: RankedSlot(network_hash(session, day, HOME), look),
            4,
        )
        assert NETWORK_PLAYED in refused_at(application, HOME)
        assert len(looks) == 5, "refused by the index four times, then tried again"
        assert count(application, DailyAttempt) == 4


def test_a_start_that_lost_the_sites_last_slot_to_another_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two starts from two /64s of one site see its last slot free; the other stores its
    attempt first. The site's unique index refuses this one's, which tries again and is
    refused."""
    settings = replace(daily_settings(tmp_path), ranked_per_address=4, ranked_per_site=1)
    late = "2001:db8:0:2::1"
    with running(settings) as application:
        start_at(application, "2001:db8:0:1::1")

        def sites_last_slot(session: Session, day: date, _: int) -> RankedSlot:
            network = network_hash(session, day, f"{late}/64")
            return RankedSlot(network, 0, network_hash(session, day, "2001:db8::/48"), 0)

        looks = slots_seen_free_too_late(monkeypatch, sites_last_slot, 1)
        games = count(application, GameRow)
        assert NETWORK_PLAYED in refused_at(application, late)
        assert len(looks) == 2, "refused by the index once, then tried again"
        assert count(application, DailyAttempt) == 1
        assert count(application, GameRow) == games
