"""The daily game through a TestClient: everyone gets the same deals (from the HMAC of the date
and rule set under the server secret) and the same bot answers for the same play; one ranked
attempt per player, day and rule set, counted from the start and enforced by the database;
a second start is refused until the day's seed is published; a restarted server resumes the
ranked game.

The helpers at the top are shared with test_leaderboard.py and test_rate_limits.py.
"""

from __future__ import annotations

import html
import re
import time
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from itsdangerous import TimestampSigner
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, OperationalError

import app.play.daily as daily_service
from app.daily.attempts import attempt_of
from app.daily.fairplay.checks import FairPlayChecks
from app.languages.rules_names import rules_name
from app.play.players import NO_KEY_YET, make_restore_key
from app.storage.models import DailyAttempt, FairPlayCheck, GameRow, Player
from app.web.session_cookie import NEWCOMER_COOKIE, NEWCOMER_MAX_AGE
from engine import deal
from tests.web.driver import (
    HTMX,
    page_version,
    play_game,
    start_game,
)
from tests.web.helpers.daily import (
    DAY,
    SECRET,
    Recorder,
    Repeater,
    Seen,
    advance,
    browsers,
    count,
    daily_refused,
    daily_settings,
    game_id,
    hand_codes,
    hand_records,
    known_seed,
    publish,
    random_choice,
    rows,
    running,
    start_daily,
    title_of,
)
from tests.web.helpers.rules_shown import ENGLISH, named_rules

# ---- apps, clients and the database ----------------------------------------------------------


# ---- reading pages ---------------------------------------------------------------------------


# ---- playing ---------------------------------------------------------------------------------


# ---- tests -----------------------------------------------------------------------------------


def test_home_offers_both_daily_games_and_a_new_game(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        page = client.get("/").text
    plain_words = {"pagat": "pagat.com rules, 8 hands", "ddv": "German club rules (DDV), 12 hands"}
    for key, rules in plain_words.items():
        assert re.search(
            rf'<form method="post" action="/daily/{key}">\s*<button[^>]*>'
            rf'<span class="mode-name">Daily game</span>\s*'
            rf'<span class="mode-rules">{re.escape(rules)}</span>',
            page,
        )
    assert '<form method="post" action="/games">' in page


def test_home_offers_the_board_of_a_daily_game_played(daily_app: FastAPI) -> None:
    """A start of a finished daily game is refused until the seed is published, so the home
    page offers that day's board in its place; the other rule set's game is still there."""
    with browsers(daily_app, 1) as (client,):
        start_daily(client, "pagat")
        with daily_app.state.sessions() as session:
            (attempt,) = session.scalars(select(DailyAttempt)).all()
            attempt.finished_at = attempt.started_at
            session.commit()
        page = client.get("/").text
    board = f"/leaderboard?day={DAY.isoformat()}&amp;rules=pagat"
    assert re.search(
        rf'<a class="button daily done" href="{re.escape(board)}"[^>]*>'
        r'<span class="mode-name">Today’s board</span>\s*'
        r'<span class="mode-rules">pagat.com rules, 8 hands: played</span>',
        page,
    )
    assert 'action="/daily/pagat"' not in page
    assert '<form method="post" action="/daily/ddv">' in page


@pytest.mark.slow
def test_two_players_get_the_same_deals_and_bot_answers_for_the_same_play(
    daily_app: FastAPI,
) -> None:
    with browsers(daily_app, 2) as (first, second):
        first_url, second_url = start_daily(first), start_daily(second)
        assert first_url != second_url, "each player has a game of their own"
        recorder = Recorder(random_choice("two players"))
        first_bodies = play_game(first, first_url, recorder)
        second_bodies = play_game(second, second_url, Repeater(recorder))

        first_seen = [Seen.of(body, first_url) for body in first_bodies]
        second_seen = [Seen.of(body, second_url) for body in second_bodies]
        assert len(first_seen) == len(second_seen)
        for step, (mine, theirs) in enumerate(zip(first_seen, second_seen, strict=True)):
            assert mine == theirs, f"the tables differ after step {step}"
        assert any(seen.played for seen in first_seen), "cards were played and compared"

        assert first.get(f"{first_url}/hands/1/record.json").status_code == 403, "not today"
        publish(daily_app)
        first_records = hand_records(first, first_url)
        assert len(first_records) >= 8
        assert first_records == hand_records(second, second_url)


@pytest.mark.parametrize("rules_key", ["pagat", "ddv"])
def test_the_daily_deal_is_the_hmac_of_date_and_rules(tmp_path: Path, rules_key: str) -> None:
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        url = start_daily(client, rules_key)
        body = client.get(url).text
        table = client.get(url, headers=HTMX).text
    seed = known_seed(SECRET, DAY, rules_key)
    assert sorted(hand_codes(body)) == sorted(str(card) for card in deal(seed, 0).hands[0])
    name = rules_name(rules_key, ENGLISH)
    assert title_of(body).startswith(f"Daily {DAY.isoformat()}, {name}, ranked")
    assert named_rules(rules_key) in table
    shown = html.unescape(re.sub(r"<[^>]+>", "", table))
    assert shown.count(name) == 1, "the title names the rules, and only it"


def test_dates_rules_and_secrets_each_change_the_deals(tmp_path: Path) -> None:
    """Seat 0's first hand for each (day, secret, rule set): all different, each the deal of
    the documented seed."""
    seen: dict[tuple[date, str, str], list[str]] = {}
    for day, secret in [(DAY, SECRET), (date(2024, 3, 15), SECRET), (DAY, "another secret")]:
        settings = daily_settings(tmp_path, day=day, secret=secret)
        with running(settings) as application, browsers(application, 1) as (client,):
            for rules_key in ("pagat", "ddv"):
                body = client.get(start_daily(client, rules_key)).text
                seen[(day, secret, rules_key)] = sorted(hand_codes(body))
    for (day, secret, rules_key), cards in seen.items():
        expected = deal(known_seed(secret, day, rules_key), 0).hands[0]
        assert cards == sorted(str(card) for card in expected), (day, secret, rules_key)
    assert len({tuple(cards) for cards in seen.values()}) == len(seen)


def test_the_daily_game_ignores_the_remembered_rules(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        form = {"preset": "pagat", "hands_per_game": "2", "scoring": "pagat"}
        form |= {"hochzeit_deadline_shift": "tricks", "armut": "on"}
        assert client.post("/rules", data=form).status_code == 200
        assert "pagat+" in client.cookies.get("doko_rules", "")
        body = client.get(start_daily(client, "pagat")).text
    assert named_rules("pagat") in body
    assert re.search(r"hand(?:\s|&nbsp;)+1(?:\s|&nbsp;)+of(?:\s|&nbsp;)+8", body)


@pytest.mark.parametrize("rules_key", ["skat", "PAGAT", "pagat+armut=off"])
def test_only_the_presets_have_a_daily_game(daily_app: FastAPI, rules_key: str) -> None:
    with browsers(daily_app, 1) as (client,):
        response = client.post(f"/daily/{rules_key}", follow_redirects=False)
    assert response.status_code == 404
    assert count(daily_app, GameRow) == 0
    assert count(daily_app, DailyAttempt) == 0


def test_the_attempt_counts_from_the_start(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        url = start_daily(client)
        (attempt,) = rows(daily_app, DailyAttempt)
        assert attempt.game_id == game_id(url)
        assert (attempt.day, attempt.rules_key) == (DAY, "pagat")
        assert attempt.finished_at is None and attempt.total is None
        assert "ranked" in title_of(client.get(url).text)


def test_abandoning_the_daily_game_does_not_give_a_new_attempt(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        url = start_daily(client)
        assert start_daily(client) == url, "starting again at once resumes the game"

        body = advance(client, url, 3)
        version = page_version(body)
        new_game = client.post("/games", follow_redirects=False).headers["location"]
        assert new_game != url
        assert 'href="' + new_game + '"' in client.get("/").text

        assert start_daily(client) == url, "after a new game the daily one still resumes"
        resumed = client.get(url).text
        assert page_version(resumed) == version
        assert "ranked" in title_of(resumed)
        assert len(rows(daily_app, DailyAttempt)) == 1
        assert start_daily(client, "ddv") != url, "the other rule set has its own attempt"
        assert len(rows(daily_app, DailyAttempt)) == 2


@pytest.mark.slow
def test_a_second_try_after_the_ranked_game_is_refused_until_the_seed_is_published(
    daily_app: FastAPI,
) -> None:
    """The bots answer equal play equally: a second game at the deals was a rehearsal of the
    ranked one (a scout's best lines, played ranked by a fresh cookie, topped the board)."""
    with browsers(daily_app, 1) as (client,):
        ranked_url = start_daily(client)
        ranked = play_game(client, ranked_url, random_choice("ranked"))
        assert 'action="/players/nickname"' in ranked[-1], "a ranked game asks for a nickname"
        page = daily_refused(client)
        assert "You have played today’s daily deals." in page
        assert "2024-03-15 02:00" in page, "when the day's seed is published"
        assert len(rows(daily_app, DailyAttempt)) == len(rows(daily_app, GameRow)) == 1


def test_a_browser_dealt_the_deals_as_another_player_is_not_dealt_them_again(
    daily_app: FastAPI,
) -> None:
    """A throwaway cookie saw the deals; a restore key then made the browser a named player
    with a streak, who had not played them: that player is not dealt them in this browser,
    though in its own it is. The day's other rule set, which the browser was not dealt, is."""
    with browsers(daily_app, 2) as (scout, named):
        scouted = start_daily(scout)
        (attempt,) = rows(daily_app, DailyAttempt)
        start_game(named)
        with daily_app.state.sessions() as session:
            (player,) = session.scalars(select(Player).where(Player.id != attempt.player_id))
            key = make_restore_key(session, player, NO_KEY_YET)
        assert key is not None
        restored = scout.post("/players/restore", data={"key": key, "leave": "yes"})
        assert restored.status_code == 200
        page = daily_refused(scout)
        assert "This browser has been dealt today’s daily deals as another player" in page
        assert "2024-03-15 02:00" in page
        assert start_daily(scout, "ddv"), "the deals this browser was not dealt"
        assert start_daily(named) != scouted, "the named player's own browser is dealt them"


def test_a_browser_dealt_the_deals_takes_on_no_ranked_game_of_them_in_progress(
    daily_app: FastAPI,
) -> None:
    """The same scout, whose named player had started the ranked game first: restoring the
    key would let the browser play it on, knowing the deals. Another browser may."""
    with browsers(daily_app, 2) as (named, scout):
        ranked = start_daily(named)
        (attempt,) = rows(daily_app, DailyAttempt)
        with daily_app.state.sessions() as session:
            player = session.get(Player, attempt.player_id)
            assert player is not None
            key = make_restore_key(session, player, NO_KEY_YET)
        assert key is not None
        start_daily(scout)
        refused = scout.post("/players/restore", data={"key": key, "leave": "yes"})
        assert refused.status_code == 409
        page = html.unescape(refused.text)
        assert "the player of this key has a ranked game of them in progress" in page
        assert 'role="alert" tabindex="-1" autofocus>' in page, "the refusal takes the focus"
        assert "2024-03-15 02:00" in page
        assert ranked not in scout.get("/history").text, "the browser is still the scout"
        with TestClient(daily_app) as elsewhere:
            assert elsewhere.post("/players/restore", data={"key": key}).status_code == 200
            assert ranked in elsewhere.get("/history").text

            other = _key_of_a_new_player(daily_app)
            leave = {"leave": "yes"}
            assert (
                elsewhere.post("/players/restore", data={"key": other, **leave}).status_code == 200
            )
            back = elsewhere.post("/players/restore", data={"key": key, **leave})
            assert back.status_code == 200, "a browser back to a player it was: its own game"
            assert ranked in back.text


def _key_of_a_new_player(application: FastAPI) -> str:
    """The restore key of a player with one game, made in a browser of its own."""
    with TestClient(application) as browser:
        start_game(browser)
    with application.state.sessions() as session:
        made = [row.player_id for row in session.scalars(select(GameRow))]
        player = session.get(Player, made[-1])
        assert player is not None
        key = make_restore_key(session, player, NO_KEY_YET)
    assert key is not None
    return key


def test_the_database_refuses_a_second_attempt_row(daily_app: FastAPI) -> None:
    with browsers(daily_app, 1) as (client,):
        ranked = game_id(start_daily(client))
        other = game_id(client.post("/games", follow_redirects=False).headers["location"])
    (attempt,) = rows(daily_app, DailyAttempt)
    assert attempt.game_id == ranked
    with daily_app.state.sessions() as session:
        session.add(
            DailyAttempt(player_id=attempt.player_id, day=DAY, rules_key="pagat", game_id=other)
        )
        with pytest.raises(IntegrityError):
            session.commit()
    with daily_app.state.sessions() as session:
        session.add(
            DailyAttempt(
                player_id=attempt.player_id, day=date(2024, 3, 13), rules_key="pagat", game_id=other
            )
        )
        session.flush()
        session.rollback()
    assert len(rows(daily_app, DailyAttempt)) == 1


def test_a_start_that_raced_another_goes_to_its_ranked_game(
    daily_app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A double click on the Daily button: both clicks look for the attempt before either
    has stored it, and the second's insert is refused. The browser shows the answer to the
    last click, which was an error page; it is the ranked game, as for the first."""
    with browsers(daily_app, 1) as (client,):
        url = start_daily(client)
        games = count(daily_app, GameRow)
        looks: list[object] = []

        def not_yet_stored(*args: Any) -> DailyAttempt | None:
            looks.append(args)
            return None if len(looks) == 1 else attempt_of(*args)

        monkeypatch.setattr(daily_service, "attempt_of", not_yet_stored)
        assert start_daily(client) == url
    assert len(rows(daily_app, DailyAttempt)) == 1
    assert count(daily_app, GameRow) == games


def test_a_newcomers_first_tap_sent_twice_is_one_players_one_attempt(
    daily_app: FastAPI,
) -> None:
    """A browser's first Daily tap sent twice (a slow link), each sent before the other's
    answer came: the page they were sent from gave the browser its player id, so both are
    that player's, and one ranked attempt is dealt, not two (one the browser never reaches,
    using up one of its address's)."""
    with browsers(daily_app, 3) as (visitor, first_tap, second_tap):
        assert visitor.get("/").status_code == 200
        assert visitor.cookies, "the page gave the newcomer a player id"
        for tap in (first_tap, second_tap):
            tap.cookies = visitor.cookies
        assert start_daily(first_tap) == start_daily(second_tap)
    assert len(rows(daily_app, DailyAttempt)) == 1
    assert len(rows(daily_app, Player)) == 1


def test_a_page_answered_late_leaves_the_first_starts_player(daily_app: FastAPI) -> None:
    """The newcomer's id has a cookie of its own: a page a browser asked for before its first
    start, answered after it, cannot write the player cookie back without the new player."""
    with browsers(daily_app, 2) as (browser, late_page):
        browser.get("/")
        url = start_daily(browser)
        answer = late_page.get("/")
        assert "doko_newcomer" in answer.cookies
        assert "doko_player" not in answer.cookies, "a visitor's page leaves the player cookie"
        assert start_daily(browser) == url


def test_a_forged_newcomers_id_is_nobodys(daily_app: FastAPI) -> None:
    """A newcomer's id counts only as the server signed it: one written by hand (another
    player's id) starts a new player."""
    with browsers(daily_app, 2) as (victim, forger):
        start_daily(victim)
        (player,) = rows(daily_app, Player)
        forger.cookies.set("doko_newcomer", player.id)
        start_daily(forger)
        assert len(rows(daily_app, Player)) == 2


def test_the_first_start_takes_the_newcomers_id_away(daily_app: FastAPI) -> None:
    """Once the browser is its player, the newcomer's cookie goes: left behind for a restore
    key's player, that player's games stay out of reach even if the player cookie is lost."""
    with browsers(daily_app, 1) as (browser,):
        browser.get("/")
        assert "doko_newcomer" in browser.cookies
        start_daily(browser)
        assert "doko_newcomer" not in browser.cookies
        assert "doko_newcomer" not in browser.get("/").cookies


def test_a_newcomers_id_older_than_a_day_is_nobodys(daily_app: FastAPI) -> None:
    class DayOld(TimestampSigner):
        def get_timestamp(self) -> int:
            return int(time.time()) - NEWCOMER_MAX_AGE - 60

    secret = daily_app.state.settings.secret
    with browsers(daily_app, 3) as (first, fresh, stale):
        url = start_daily(first)
        (player,) = rows(daily_app, Player)
        signed = TimestampSigner(secret, salt=NEWCOMER_COOKIE).sign(player.id).decode()
        fresh.cookies.set(NEWCOMER_COOKIE, signed)
        assert start_daily(fresh) == url, "a second tap of the first start, as the server signed it"
        stale.cookies.set(
            NEWCOMER_COOKIE, DayOld(secret, salt=NEWCOMER_COOKIE).sign(player.id).decode()
        )
        assert start_daily(stale) != url
        assert len(rows(daily_app, Player)) == 2


def test_a_restarted_server_resumes_the_daily_game(tmp_path: Path) -> None:
    settings = daily_settings(tmp_path)
    with running(settings) as before, browsers(before, 1) as (client,):
        url = start_daily(client)
        body = advance(client, url, 4)
        seen = Seen.of(body, url)
        cookies = dict(client.cookies)
    with running(settings) as after, TestClient(after, cookies=cookies) as client:
        assert start_daily(client) == url
        resumed = client.get(url).text
        assert Seen.of(resumed, url).version == seen.version
        assert Seen.of(resumed, url).hand == seen.hand
        assert "ranked" in title_of(resumed)
        bodies = play_game(client, url)
        assert "Final standings" in bodies[-1]
        (attempt,) = rows(after, DailyAttempt)
        assert attempt.game_id == game_id(url) and attempt.finished_at is not None


def test_an_htmx_start_resumes_the_ranked_game_too(daily_app: FastAPI) -> None:
    """The daily buttons are plain forms, but an htmx post must not get around the attempt."""
    with browsers(daily_app, 1) as (client,):
        url = start_daily(client, **HTMX)
        assert start_daily(client, **HTMX) == url
    assert len(rows(daily_app, DailyAttempt)) == 1


def test_a_last_step_stored_is_answered_as_stored_when_its_check_cannot_be_claimed(
    daily_app: FastAPI, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The step that ends a ranked game is committed before its fair-play check is claimed.
    Should the claim fail (the database busy for longer than its wait), the player still sees
    the final standings, not "nothing was changed", and a view of the day's board claims the
    check."""

    def database_busy(*_: Any) -> None:
        raise OperationalError("INSERT INTO fair_play_checks", {}, Exception("database is locked"))

    with browsers(daily_app, 1) as (client,):
        url = start_daily(client)
        with monkeypatch.context() as busy:
            busy.setattr(FairPlayChecks, "start", database_busy)
            bodies = play_game(client, url)
        assert "Final standings" in bodies[-1]
        (attempt,) = rows(daily_app, DailyAttempt)
        assert attempt.finished_at is not None
        assert rows(daily_app, FairPlayCheck) == []
        assert client.get("/leaderboard").status_code == 200
        assert [check.attempt_id for check in rows(daily_app, FairPlayCheck)] == [attempt.id]
