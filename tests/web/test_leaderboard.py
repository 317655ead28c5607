"""The daily leaderboard: totals worked out by the server from the action log (checked here
by replaying the downloadable hand records), ranks with ties, the own row, the bot's par on
the same cards, nicknames (validated, escaped), and the commit–reveal check of the seed.
"""

from __future__ import annotations

import dataclasses
import html
import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event, update

from app.daily.board_rows import BOARD_SIZE
from app.languages.i18n import LANGUAGES, translations
from app.operations.settings import Settings
from app.storage.models import DailyAttempt, DailyPar, Player
from bots.registry import bot_named
from bots.table import play_out
from engine import Game, HandResult, RuleSet, Team
from tests.waiting import waited
from tests.web.driver import data_actions, default_choice, hand_is_over, play_game, post_action
from tests.web.helpers.daily import (
    DAY,
    SECRET,
    Recorder,
    Repeater,
    browsers,
    count,
    daily_settings,
    fair_play_checked,
    game_id,
    hand_codes,
    known_seed,
    noon,
    random_choice,
    replayed_results,
    rows,
    running,
    seat0_hands_won,
    seat0_total,
    start_daily,
    stored_records,
)
from tests.web.helpers.leaderboard import (
    BOARD,
    Row,
    add_finished_attempts,
    board_rows,
    expected_ranks,
    set_nickname,
)
from tests.web.seeded_attempts import on_the_board

ROOT = Path(__file__).resolve().parents[2]
PAR_SECONDS = 60
PAR = re.compile(
    r"bot par: <strong>(?P<total>[+-]\d+)</strong>\s*<span[^>]*>\((?P<bot>[\w -]+) in your seat"
    r"[^,]*, (?P<won>\d+) hands won\)"
)
HASH = re.compile(r'<code class="hash">([0-9a-f]{64})</code>')
PROMISED = "6fd596fa44cca2fca43f05c0fda321106f68e203f912041631221601aa7aaa6b"
"""The commitment of the pagat seed of `SECRET` on `DAY`, worked out once outside the project
(`printf '<seed>' | sha256sum`), the check a player makes of the revealed seed."""
RANKED = {"fair_play": "passed", "on_board": True}
"""An attempt written directly as through its fair-play check."""
FAKE_SCORE = {"total": "9999", "score": "9999", "hands_won": "12", "points": "9999"}


def nickname_of(application: FastAPI, player_id: str) -> str | None:
    (player,) = rows(application, Player, id=player_id)
    return player.nickname


# ---- a finished ranked game, shared by the nickname tests ------------------------------------


@dataclass(frozen=True)
class Finished:
    settings: Settings
    app: FastAPI
    client: TestClient
    url: str
    player_id: str


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Finished]:
    settings = daily_settings(tmp_path_factory.mktemp("board"))
    with running(settings) as application, browsers(application, 1) as (client,):
        url = start_daily(client)
        play_game(client, url, random_choice("nickname player"))
        fair_play_checked(application)
        (attempt,) = rows(application, DailyAttempt)
        yield Finished(settings, application, client, url, attempt.player_id)


# ---- totals, ranks, ties, the own row --------------------------------------------------------


@pytest.mark.slow
def test_board_totals_ranks_ties_and_own_row(tmp_path: Path) -> None:
    """Four players finish the daily game; two of them play exactly alike and tie."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 4) as clients:
        recorder = Recorder(random_choice("tie"))
        choices = [recorder, Repeater(recorder), random_choice("p3"), random_choice("p4")]
        names = [f"Player {k}" for k in range(1, 5)]
        totals, won = [], []
        for client, choose, name in zip(clients, choices, names, strict=True):
            url = start_daily(client)
            play_game(client, url, choose)
            results = replayed_results(stored_records(application, url))
            assert len(results) == 8
            totals.append(seat0_total(results))
            won.append(seat0_hands_won(results))
            assert set_nickname(client, name).status_code == 303
        assert totals[0] == totals[1], "the same play gives the same total"
        fair_play_checked(application)
        assert len(set(totals)) >= 3, f"the random players should differ: {totals}"

        ranks = dict(zip(names, expected_ranks(totals), strict=True))
        for me, client in zip(names, clients, strict=True):
            shown = board_rows(client.get(BOARD).text)
            assert sorted(row.name for row in shown) == sorted(names)
            assert [row.total for row in shown] == sorted(totals, reverse=True)
            for row in shown:
                index = names.index(row.name)
                assert (row.rank, row.total, row.won) == (
                    ranks[row.name],
                    totals[index],
                    won[index],
                )
            assert [row.name for row in shown if row.own] == [me]
        assert ranks["Player 1"] == ranks["Player 2"]

        attempts = {attempt.total for attempt in rows(application, DailyAttempt)}
        assert attempts == set(totals)


def test_equal_totals_share_a_rank(tmp_path: Path) -> None:
    totals = [7, 10, 3, 10, 7, -2, 7]
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        add_finished_attempts(application, totals)
        shown = board_rows(client.get(BOARD).text)
    assert [(row.rank, row.total) for row in shown] == [
        (1, 10),
        (1, 10),
        (3, 7),
        (3, 7),
        (3, 7),
        (6, 3),
        (7, -2),
    ]
    assert not any(row.own for row in shown), "a visitor without a game has no own row"


def test_top_100_plus_the_own_row_wherever_it_is(tmp_path: Path) -> None:
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        add_finished_attempts(application, [200 - number for number in range(110)])
        url = start_daily(client)
        with application.state.sessions() as session:
            session.execute(
                update(DailyAttempt)
                .where(DailyAttempt.game_id == game_id(url))
                .values(total=-500, hands_won=0, finished_at=noon(DAY), **RANKED)
            )
            session.commit()
        assert set_nickname(client, "Last").status_code == 303
        shown = board_rows(client.get(BOARD).text)
    assert len(shown) == 101
    assert [row.rank for row in shown[:100]] == list(range(1, 101))
    assert shown[-1] == Row(111, "Last", -500, 0, True)


def test_a_board_reads_only_the_rows_it_shows(tmp_path: Path) -> None:
    """A day has as many finished attempts as players; reading them all for each view took
    a board a second at 50 000. The top rows and the viewer's own are read, no more."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        totals = [number % 40 for number in range(BOARD_SIZE * 3)]
        add_finished_attempts(application, totals)
        url = start_daily(client)
        with application.state.sessions() as session:
            session.execute(
                update(DailyAttempt)
                .where(DailyAttempt.game_id == game_id(url))
                .values(total=5, hands_won=0, finished_at=noon(DAY), **RANKED)
            )
            session.commit()
        read: list[DailyAttempt] = []

        def loaded(attempt: DailyAttempt, _: object) -> None:
            read.append(attempt)

        event.listen(DailyAttempt, "load", loaded)
        try:
            shown = board_rows(client.get(BOARD).text)
        finally:
            event.remove(DailyAttempt, "load", loaded)
    assert len(shown) == BOARD_SIZE + 1
    assert shown[-1].own and shown[-1].rank == 1 + sum(1 for total in totals if total > 5)
    assert len(read) <= BOARD_SIZE + 1


@pytest.mark.slow
def test_unfinished_attempts_are_not_on_the_board(finished: Finished) -> None:
    with TestClient(finished.app) as other:
        start_daily(other)
        page = other.get(BOARD).text
    assert len(board_rows(page)) == 1
    assert not any(row.own for row in board_rows(page))


# ---- no score from outside -------------------------------------------------------------------


class ScoreStuffingClient(TestClient):
    """A client that adds a made-up score to the form and query of every POST it sends."""

    def post(  # type: ignore[override]
        self, url: str, *, data: dict[str, Any] | None = None, **kwargs: Any
    ) -> httpx.Response:
        params = {**FAKE_SCORE, **(kwargs.pop("params", None) or {})}
        return super().post(url, data={**FAKE_SCORE, **(data or {})}, params=params, **kwargs)


@pytest.mark.slow
def test_no_endpoint_accepts_a_score(tmp_path: Path) -> None:
    with (
        running(daily_settings(tmp_path)) as application,
        ScoreStuffingClient(application) as client,
    ):
        url = start_daily(client)
        play_game(client, url, random_choice("stuffer"))
        results = replayed_results(stored_records(application, url))
        assert set_nickname(client, "Honest").status_code == 303
        client.post("/daily/pagat")
        client.post("/games")
        client.post(f"{url}/next", data={"version": "0"})
        client.post(f"{url}/actions", data={"version": "0", "action": "healthy"})
        fair_play_checked(application)
        (row,) = board_rows(client.get(BOARD).text)
        (attempt,) = rows(application, DailyAttempt)
    assert (row.name, row.total, row.won) == (
        "Honest",
        seat0_total(results),
        seat0_hands_won(results),
    )
    assert (attempt.total, attempt.hands_won) == (seat0_total(results), seat0_hands_won(results))
    assert row.total != 9999


# ---- par -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Par:
    total: int
    won: int
    human_actions: list[str]
    """What heuristic-v1 did in seat 0, in order over the whole game."""


def bot_par(rules_key: str) -> Par:
    """heuristic-v1 in all four seats on the day's deals (Armut redeals dealt on)."""
    game = Game(RuleSet.from_key(rules_key), known_seed(SECRET, DAY, rules_key))
    bot = bot_named("heuristic-v1")
    rngs = [random.Random(f"par-check/{seat}") for seat in range(4)]
    play_out(game.hand, [bot] * 4, rngs)
    while not game.is_over:
        game.next_hand()
        play_out(game.hand, [bot] * 4, rngs)
    won = sum(1 for result in game.finished_results if 0 in _winners(result))
    actions = [a.notation for r in game.finished_records for a in r.actions if a.seat == 0]
    return Par(game.totals[0], won, actions)


def _winners(result: HandResult) -> tuple[int, ...]:
    return {Team.RE: result.re, Team.KONTRA: result.kontra, None: ()}[result.winner]


def board_with_par(client: TestClient, board: str) -> str:
    """The board once its par is played: the first view starts it in the background and
    says so (issue 12: never inside the page request)."""

    def page() -> str | None:
        shown = client.get(board).text
        return None if "being computed" in shown else shown

    return waited(page, "the par", PAR_SECONDS)


def par_shown(page: str) -> tuple[int, str, int]:
    match = PAR.search(page)
    assert match is not None, "no bot par on the board"
    return int(match.group("total")), match.group("bot"), int(match.group("won"))


@pytest.mark.slow
@pytest.mark.parametrize("rules_key", ["pagat", "ddv"])
def test_par_is_heuristic_v1_on_the_days_deals(tmp_path: Path, rules_key: str) -> None:
    expected = bot_par(rules_key)
    board = f"/leaderboard?day={DAY.isoformat()}&rules={rules_key}"
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        assert "bot par: being computed" in client.get(board).text
        shown = board_with_par(client, board)
        assert par_shown(shown) == (expected.total, "the normal bot", expected.won)
        assert par_shown(client.get(board).text) == (expected.total, "the normal bot", expected.won)
        (stored,) = rows(application, DailyPar)
        assert (stored.day, stored.rules_key, stored.total) == (DAY, rules_key, expected.total)
        assert stored.bot_id == "heuristic-v1", "the normal level's bot"


def test_par_is_stored_once_and_not_played_again(tmp_path: Path) -> None:
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        board_with_par(client, BOARD)
        with application.state.sessions() as session:
            session.execute(update(DailyPar).values(total=1234))
            session.commit()
        assert par_shown(client.get(BOARD).text)[0] == 1234
        add_finished_attempts(application, [5], day=DAY - timedelta(days=1))
        board_with_par(client, f"/leaderboard?day={DAY.isoformat()}&rules=ddv")
        board_with_par(
            client, f"/leaderboard?day={(DAY - timedelta(days=1)).isoformat()}&rules=pagat"
        )
        assert count(application, DailyPar) == 3
        assert par_shown(client.get(BOARD).text)[0] == 1234


NEXT_DAY = DAY + timedelta(days=1)
NO_PAR = "no bot par: nobody played this day’s game"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("day", "rules_key", "claimed"),
    [
        pytest.param(NEXT_DAY, "pagat", True, id="today, nobody played yet"),
        pytest.param(DAY, "pagat", True, id="a past day somebody played"),
        pytest.param(DAY, "ddv", False, id="a past day played with other rules"),
        pytest.param(DAY - timedelta(days=1), "pagat", False, id="a past day nobody played"),
    ],
)
def test_a_par_is_played_only_for_a_board_that_needs_one(
    tmp_path: Path, day: date, rules_key: str, claimed: bool
) -> None:
    """A par is a whole game of bot play in the workers that serve hints, and anybody may
    look at a year of boards: a past day nobody played gets none, and says why."""
    board = f"/leaderboard?day={day.isoformat()}&rules={rules_key}"
    settings = daily_settings(tmp_path, day=NEXT_DAY)
    with running(settings) as application, browsers(application, 1) as (client,):
        add_finished_attempts(application, [5])
        answer = client.get(board)
        assert answer.status_code == 200
        assert ("bot par: being computed" in answer.text) is claimed
        assert (NO_PAR in answer.text) is not claimed
        stored = [(par.day, par.rules_key) for par in rows(application, DailyPar)]
        assert stored == ([(day, rules_key)] if claimed else [])
        if claimed:
            assert par_shown(board_with_par(client, board))[1] == "the normal bot"


@pytest.mark.slow
def test_playing_like_the_bot_scores_exactly_par(tmp_path: Path) -> None:
    """heuristic-v1's own moves, made by a person in seat 0, against the daily game's bots:
    the same game as the par, so the same total."""
    expected = bot_par("pagat")
    moves = iter(expected.human_actions)
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        url = start_daily(client)
        play_game(client, url, lambda offered: next(moves))
        fair_play_checked(application)
        assert next(moves, None) is None, "every move of the bot was made"
        (row,) = board_rows(client.get(BOARD).text)
        assert (row.total, row.won) == (expected.total, expected.won)
        assert par_shown(board_with_par(client, BOARD))[0] == expected.total
        assert count(application, DailyPar) == 1


# ---- nicknames -------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Jürgen", "Jürgen"),
        ("Łukasz", "Łukasz"),
        ("Ñandú", "Ñandú"),
        ("東京", "東京"),
        ("Ωmega", "Ωmega"),
        ("अनु", "अनु"),  # the last character is a combining vowel sign (Mn)
        ("٣٣", "٣٣"),
        ("Anna-Lena M.", "Anna-Lena M."),
        ("x_y.z-1", "x_y.z-1"),
        ("7", "7"),
        ("  Padded  ", "Padded"),
        ("a" * 24, "a" * 24),
        ("東" * 24, "東" * 24),
        (" " + "b" * 24 + " ", "b" * 24),
        ("ｊｕｒｇｅｎ", "jurgen"),  # full-width letters are stored in their NFKC form
        ("Иван", "Иван"),
        ("田中Tanaka", "田中Tanaka"),  # two scripts side by side, neither passing for the other
        ("Tí̂̃", "Tí̂̃"),  # three marks on one letter
        ("ไก่", "ไก่"),  # a Thai letter with its vowel and tone marks
        ("\u1eb9\u0301k\u1ecd", "\u1eb9\u0301k\u1ecd"),  # Yoruba: an acute on ẹ, no letter of both
        (
            "\u0645\u064f\u062d\u064e\u0645\u064e\u0651\u062f",
            "\u0645\u064f\u062d\u064e\u0645\u064e\u0651\u062f",
        ),  # Arabic vowel marks
        ("Lenas", "Lenas"),
    ],
)
def test_nicknames_of_any_script_are_taken_and_shown(
    finished: Finished, typed: str, stored: str
) -> None:
    response = set_nickname(finished.client, typed)
    assert response.status_code == 303, response.text[:1000]
    assert response.headers["location"] == BOARD
    assert nickname_of(finished.app, finished.player_id) == stored
    (row,) = board_rows(finished.client.get(BOARD).text)
    assert row.own and html.unescape(row.name) == stored


@pytest.mark.slow
@pytest.mark.parametrize(
    "typed",
    [
        "",
        "   ",
        "a" * 25,
        "東" * 25,
        "<script>alert(1)</script>",
        "a&b",
        "😀",
        "Anna 😀",
        "a\tb",
        "a\nb",
        "O'Brien",
        '"quoted"',
        "a/b",
        "a<b",
        "zero\u200bwidth",
        "\u3164",  # a Hangul filler: a letter that shows nothing
        "Jo\u200dnas",
        "L\u0435na",  # a Cyrillic е passing for a Latin e
        "\u0415\u041c\u041c\u0410",  # ЕММА in Cyrillic capitals
        "Anonymous",
        "anonymous",
        "Anonym0us",
        "ＬＥＮＡ",
        "\ufb01" * 13,  # 13 ligatures, 26 letters once normalised
        "Anonym",  # "Anonymous" and "You" as the board says them in German, Russian, …
        "аноним",
        "Névtelen",
        "ANONIM",
        "Du",
        "Ты",
        "te",
        "Tu",
        "\u0301",  # a combining acute accent with no letter to sit on
        "\u0301" * 24,
        "- \u0301",
        "7\u0301",
        "...",
        "_-_",
        "Lena_",  # a bot's name, or the board's own words, behind punctuation
        "You.",
        "A-nonymous",
        "E m m a",
        "x" + "\u0301" * 4,  # a tower of accents drawing over the names above
        "Zalgo" + "\u0300\u0301\u0302\u0303\u0304" * 3,
        "Mallory\u0358",  # a stray dot beside a name already on the board
        "Jos\u05b4e",  # a Hebrew point on a Latin letter
        "Ana\u093f",  # a Devanagari vowel sign on a Latin letter
        "\u102a" * 24,  # a Myanmar letter whose look-alike is five: a key too long to store
    ],
)
def test_other_nicknames_are_refused_with_a_clear_message(finished: Finished, typed: str) -> None:
    assert set_nickname(finished.client, "Before").status_code == 303
    response = set_nickname(finished.client, typed)
    assert response.status_code == 400
    heading = re.search(r"<h1>(.*?)</h1>", response.text, re.DOTALL)
    assert heading is not None and "nickname" in heading.group(1).lower()
    message = re.search(r"<h1>.*?</h1>\s*<p>(.*?)</p>", response.text, re.DOTALL)
    assert message is not None and len(message.group(1).strip()) > 10
    assert "<script>" not in response.text
    assert nickname_of(finished.app, finished.player_id) == "Before"
    (row,) = board_rows(finished.client.get(BOARD).text)
    assert row.name == "Before"


@pytest.mark.slow
def test_a_nickname_another_player_holds_is_refused(tmp_path: Path) -> None:
    """One player per name: a board never shows two players under one nickname, nor under
    ones that differ only in case, punctuation or look-alike letters."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 2) as pair:
        holder, other = pair
        on_the_board(application, pair, DAY)
        assert set_nickname(holder, "Alice").status_code == 303
        for typed in ("Alice", "alice.", "ALICE", "A-lice"):
            answer = set_nickname(other, typed)
            assert answer.status_code == 409, typed
            assert "another player’s nickname" in html.unescape(answer.text)
        assert set_nickname(other, "Alicia").status_code == 303
        assert set_nickname(holder, "ALICE").status_code == 303, "one's own, in capitals"
        assert sorted(row.name for row in board_rows(holder.get(BOARD).text)) == [
            "ALICE",
            "Alicia",
        ]


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("word", ["Anonymous", "You"])
def test_the_boards_own_names_are_refused_in_every_language(
    finished: Finished, language: str, word: str
) -> None:
    """The board shows a player without a nickname as "Anonymous" and the human's seat as
    "You", in the reader's language: nobody may take those names in any language."""
    assert set_nickname(finished.client, "Before").status_code == 303
    name = translations(language).gettext(word)
    assert set_nickname(finished.client, name).status_code == 400
    assert nickname_of(finished.app, finished.player_id) == "Before"


@pytest.mark.slow
def test_a_nickname_needs_a_player(finished: Finished) -> None:
    players = count(finished.app, Player)
    with TestClient(finished.app) as stranger:
        response = set_nickname(stranger, "Ghost")
    assert response.status_code == 400
    assert count(finished.app, Player) == players


def test_a_nickname_needs_a_finished_ranked_game(tmp_path: Path) -> None:
    """A nickname is a player's for good: a player who only started games (any number of
    fresh cookies can) must not take names from those who play the daily game through."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (squatter,):
        assert squatter.post("/games", follow_redirects=False).status_code == 303
        start_daily(squatter)
        response = set_nickname(squatter, "Squatted")
        assert response.status_code == 400
        assert "Finish a ranked daily game first" in response.text
        assert rows(application, Player, nickname="Squatted") == []


@pytest.mark.slow
@pytest.mark.parametrize(
    ("back", "target"),
    [
        (BOARD, BOARD),
        ("/leaderboard?day=2024-03-13&rules=ddv", "/leaderboard?day=2024-03-13&rules=ddv"),
        ("https://evil.example/", "/leaderboard"),
        ("//evil.example/leaderboard", "/leaderboard"),
        ("/games", "/leaderboard"),
    ],
)
def test_saving_a_nickname_goes_back_to_a_board_only(
    finished: Finished, back: str, target: str
) -> None:
    response = set_nickname(finished.client, "Traveller", back=back)
    assert response.status_code == 303
    assert response.headers["location"] == target


@pytest.mark.slow
def test_the_ranked_game_asks_for_the_nickname_and_remembers_it(finished: Finished) -> None:
    assert set_nickname(finished.client, "Remembered").status_code == 303
    page = finished.client.get(finished.url).text
    form = re.search(r'<form method="post" action="/players/nickname".*?</form>', page, re.DOTALL)
    assert form is not None, "the end of a ranked game asks for a nickname"
    back = re.search(r'name="back" value="([^"]*)"', form.group(0))
    assert back is not None and html.unescape(back.group(1)) == BOARD
    assert re.search(r'name="nickname" value="Remembered"', form.group(0))

    answer = finished.client.post(
        "/players/nickname", data={"nickname": "Changed", "back": html.unescape(back.group(1))}
    )
    assert answer.status_code == 200 and str(answer.url).endswith(BOARD)
    (row,) = board_rows(answer.text)
    assert row.name == "Changed" and "Remembered" not in answer.text


@pytest.mark.slow
@pytest.mark.parametrize(
    "stored", ["<b>x</b>", '"><b>x</b>', "a&amp;b", "<script>alert(1)</script>"]
)
def test_nicknames_are_escaped_wherever_shown(finished: Finished, stored: str) -> None:
    """A nickname the form refuses, written straight into the database, stays text."""
    with finished.app.state.sessions() as session:
        session.execute(
            update(Player).where(Player.id == finished.player_id).values(nickname=stored)
        )
        session.commit()
    board = finished.client.get(BOARD).text
    (row,) = board_rows(board)
    assert html.unescape(row.name) == stored
    assert not re.search(r"[<>\"]", row.name), "markup characters are entities"
    table = finished.client.get(finished.url).text
    value = re.search(r'name="nickname" value="([^"]*)"', table)
    assert value is not None and html.unescape(value.group(1)) == stored
    for page in (board, table):
        assert "<b>x</b>" not in page and "<script>alert" not in page


# ---- commit and reveal -----------------------------------------------------------------------


def play_first_hand(client: TestClient, url: str) -> list[str]:
    body = client.get(url).text
    bodies = [body]
    while not hand_is_over(body):
        response = post_action(client, url, body, default_choice(data_actions(body)))
        assert response.status_code == 200, response.text[:2000]
        body = response.text
        bodies.append(body)
    return bodies


def test_commit_then_reveal_checks_out_with_engine_daily(tmp_path: Path) -> None:
    seed = known_seed(SECRET, DAY, "pagat")
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        url = start_daily(client)
        bodies = play_first_hand(client, url)
        first_hand = sorted(hand_codes(bodies[0]))
        refused = client.get(f"{url}/hands/1/record.json")
        today = client.get("/leaderboard?rules=pagat").text
        cookies = dict(client.cookies)
    assert refused.status_code == 403, "the record waits for the seed"
    assert HASH.findall(today) == [PROMISED]
    for page in [today, refused.text, *bodies]:
        assert seed not in page, "the seed is secret until the day is over"

    next_day = daily_settings(tmp_path, day=DAY + timedelta(days=1))
    with running(next_day) as application, TestClient(application, cookies=cookies) as client:
        past = client.get(BOARD).text
        new_today = client.get("/leaderboard?rules=pagat").text
        record = client.get(f"{url}/hands/1/record.json")
        revealed = [client.get(url).text, record.text]
    hashes = HASH.findall(past)
    assert len(hashes) == 2 and hashes[0] == PROMISED
    shown_seed = hashes[1]
    assert shown_seed == seed, "the revealed seed is the one promised"
    assert f"python -m engine.daily {DAY.isoformat()} pagat {shown_seed}" in past
    assert len(HASH.findall(new_today)) == 1, "the new day's seed stays secret"
    assert known_seed(SECRET, DAY + timedelta(days=1), "pagat") not in new_today
    assert all(shown_seed not in page for page in revealed[1:])

    answer = subprocess.run(
        [sys.executable, "-m", "engine.daily", DAY.isoformat(), "pagat", shown_seed],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert answer.returncode == 0, answer.stderr
    header, first, *_ = [json.loads(line) for line in answer.stdout.splitlines()]
    assert header["sha256"] == PROMISED
    assert (first["hand"], first["redeal"]) == (1, 0)
    assert sorted(first["hands"][0].split()) == first_hand
    dealt = record.json()
    assert first["dealer"] == dealt["dealer"]
    assert [sorted(cards.split()) for cards in first["hands"]] == [
        sorted(cards.split()) for cards in dealt["hands"]
    ]


@pytest.mark.slow
def test_the_daily_table_shows_the_commitment(finished: Finished) -> None:
    """Issue: "the daily page shows the SHA-256 of today's seed" — the player at the daily
    table can note it before playing, and check it against the seed revealed later."""
    with TestClient(finished.app) as newcomer:
        page = newcomer.get(start_daily(newcomer)).text
    assert PROMISED in page


@pytest.mark.slow
def test_the_seed_is_offered_for_replay_only_after_the_day(finished: Finished) -> None:
    """ "Play these deals again" carries the seed: not on the day, but from the next one."""
    seed = known_seed(SECRET, DAY, "pagat")
    today = finished.client.get(finished.url).text
    assert "Final standings" in today
    assert seed not in today and "Play these deals again" not in today
    later = dataclasses.replace(finished.settings, clock=lambda: noon(DAY + timedelta(days=1)))
    with (
        running(later) as application,
        TestClient(application, cookies=dict(finished.client.cookies)) as client,
    ):
        page = client.get(finished.url).text
    offer = re.search(r'<input type="hidden" name="seed" value="([^"]*)">', page)
    assert offer is not None and offer.group(1) == seed
    assert "Play these deals again" in page


@pytest.mark.slow
def test_the_board_refuses_future_days_and_other_rules(finished: Finished) -> None:
    client = finished.client
    assert (
        client.get(f"/leaderboard?day={(DAY + timedelta(days=1)).isoformat()}").status_code == 404
    )
    assert client.get("/leaderboard?rules=skat").status_code == 404
    assert client.get("/leaderboard?rules=pagat%2Barmut%3Doff").status_code == 404
    past = client.get("/leaderboard?day=2024-03-01&rules=ddv")
    assert past.status_code == 200 and board_rows(past.text) == []
    assert date(2024, 3, 1).isoformat() in past.text
