"""The history page: every game and finished hand of the player and the statistics, checked
against the hand records replayed by `engine.replay` (not against the server's own
derivation); newest first; nobody else's games; the daily rank as the board ranks; stored
reviews' losses; the charts' text alternative; an empty page for a newcomer; a constant number
of queries however many games there are."""

from __future__ import annotations

import html
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import event

from app.learning.charts import bar_chart, dot_chart, nice_step, value_range
from app.learning.game_facts import hand_facts
from app.learning.statistics import TREND_GAMES
from app.storage.models import GameRow, HandReview, HintUse
from app.table.service import bot_in_human_seat, new_table
from bots.registry import bot_named
from engine import PAGAT, Action, Hand, RuleSet, Team
from engine.deal import deal
from tests.web.driver import HTMX, Choose, page_version, play_game, start_game
from tests.web.helpers.daily import (
    DAY,
    Recorder,
    Repeater,
    advance,
    browsers,
    daily_settings,
    fair_play_checked,
    game_id,
    hand_records,
    random_choice,
    replayed_results,
    rows,
    running,
    start_daily,
    stored_records,
)
from tests.web.helpers.leaderboard import BOARD, add_finished_attempts, board_rows
from tests.web.seeded_attempts import Seeded, player_of, seed_attempts

HANDS = 3
SEEDS = ("history-a", "history-b", "history-c")

# ---- reading the page ------------------------------------------------------------------------

GAME = re.compile(
    r'<li class="game" data-game="(?P<id>\w+)" data-mode="(?P<mode>\w+)" '
    r'data-status="(?P<status>[^"]+)">(?P<body>.*?)</li>',
    re.DOTALL,
)
RESULT = re.compile(
    r'data-total="(?P<total>-?\d+)" data-place="(?P<place>\d*)"\s*'
    r'data-rank="(?P<rank>\d*)" data-hints="(?P<hints>\d+)">(?P<text>.*?)</p>',
    re.DOTALL,
)
HAND = re.compile(
    r'<tr data-hand="(?P<n>\d+)"(?: data-points="(?P<points>-?\d+)" data-role="(?P<role>\w+)" '
    r'data-won="(?P<won>yes|no|nobody)")?>(?P<row>.*?)</tr>',
    re.DOTALL,
)
STAT = re.compile(r'<dd data-stat="(?P<name>\w+)"(?P<attrs>[^>]*)>(?P<text>.*?)</dd>', re.DOTALL)
ROLE = re.compile(
    r'<tr data-role="(?P<role>\w+)"><th scope="row">[^<]*</th><td>(?P<hands>\d+)</td>'
    r"<td>(?P<won>\d+)</td><td>(?P<mean>[^<]*)</td></tr>"
)
CARD = re.compile(r"\b(?:10|[AKQJ9])[CSHD]\b")
MAIN = re.compile(r"<main[^>]*>(.*)</main>", re.DOTALL)


@dataclass(frozen=True)
class ListedHand:
    number: int
    points: int | None
    """None for an Armut redeal."""
    role: str | None
    won: bool | None
    row: str


@dataclass(frozen=True)
class Listed:
    id: str
    mode: str
    status: str
    total: int
    place: int | None
    rank: int | None
    hints: int
    text: str
    """The result line as a reader sees it (tags dropped, entities decoded)."""
    hands: tuple[ListedHand, ...]


def signed(value: float) -> str:
    """A mean as the page writes it (`+0.50`, `-1.25`, `0.00`)."""
    return f"{value:+.2f}" if value else "0.00"


def visible(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def optional(text: str | None) -> int | None:
    return int(text) if text else None


def listed_games(page: str) -> list[Listed]:
    games = []
    for match in GAME.finditer(page):
        result = RESULT.search(match.group("body"))
        assert result is not None, match.group("body")[:500]
        hands = tuple(
            ListedHand(
                int(hand.group("n")),
                optional(hand.group("points")),
                hand.group("role"),
                None if hand.group("won") is None else hand.group("won") == "yes",
                hand.group("row"),
            )
            for hand in HAND.finditer(match.group("body"))
        )
        games.append(
            Listed(
                match.group("id"),
                match.group("mode"),
                match.group("status"),
                int(result.group("total")),
                optional(result.group("place")),
                optional(result.group("rank")),
                int(result.group("hints")),
                visible(result.group("text")),
                hands,
            )
        )
    return games


def stats(page: str) -> dict[str, tuple[str, str]]:
    """Each statistic's visible text and its data attributes."""
    return {
        m.group("name"): (visible(m.group("text")), m.group("attrs")) for m in STAT.finditer(page)
    }


def attribute(attrs: str, name: str) -> int:
    match = re.search(rf'data-{name}="(-?\d+)"', attrs)
    assert match is not None, attrs
    return int(match.group(1))


def chart_table(page: str, name: str) -> list[list[str]]:
    table = re.search(rf'<table data-chart="{name}">(.*?)</table>', page, re.DOTALL)
    assert table is not None, f"no data table for the {name} chart"
    body = table.group(1).split("<tbody>", 1)[1]
    return [
        [visible(cell) for cell in re.findall(r"<td>(.*?)</td>", row, re.DOTALL)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.DOTALL)
    ]


def svg_of(page: str, chart: str) -> str:
    match = re.search(rf'<figure class="chart-box" id="{chart}">(.*?)</svg>', page, re.DOTALL)
    assert match is not None, f"no {chart} svg"
    return match.group(1)


# ---- what the records say --------------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    """One game as its downloaded hand records, replayed by `engine.replay`, tell it."""

    url: str
    hands: tuple[ListedHand, ...]
    """number, points, role, won (row text left empty)."""
    calls: tuple[int, ...]
    """The human's announcements in each played hand."""
    totals: tuple[int, ...]

    @property
    def place(self) -> int:
        return 1 + sum(1 for total in self.totals if total > self.totals[0])

    @property
    def played(self) -> tuple[ListedHand, ...]:
        return tuple(hand for hand in self.hands if hand.points is not None)


def expected_game(
    client: TestClient, url: str, records: list[dict[str, Any]] | None = None
) -> Expected:
    """What the history must list for the game, from its hand records (downloaded unless
    given: a daily game's wait for the seed)."""
    records = hand_records(client, url) if records is None else records
    hands, calls = [], []
    totals = [0, 0, 0, 0]
    for number, record in enumerate(records, start=1):
        results = replayed_results([record])
        if not results:
            hands.append(ListedHand(number, None, None, None, ""))
            continue
        (result,) = results
        team = "re" if 0 in result["re"] else "kontra"
        role = "soloist" if result["soloist"] == 0 else team
        hands.append(ListedHand(number, result["scores"][0], role, result["winner"] == team, ""))
        mine = [a for a in record["actions"] if a["seat"] == 0 and a["act"] == "announce"]
        calls.append(len(mine))
        totals = [total + score for total, score in zip(totals, result["scores"], strict=True)]
    return Expected(url, tuple(hands), tuple(calls), tuple(totals))


def mixed_choice(seed: str) -> Choose:
    """Mostly healthy, sometimes a solo; announcements and cards at random: every side and
    some announcements turn up in a few hands."""
    rng = random.Random(seed)

    def choose(actions: list[str]) -> str:
        if "healthy" in actions:
            solos = [action for action in actions if action.startswith("solo-")]
            return rng.choice(solos) if solos and rng.random() < 0.3 else "healthy"
        return rng.choice(actions)

    return choose


def set_hands(client: TestClient, hands: int) -> None:
    """The Rules dialog's form (it also starts a game with the new rules)."""
    form = {"preset": "pagat", "hands_per_game": str(hands), "scoring": "pagat"}
    form |= {"hochzeit_deadline_shift": "tricks", "armut": "on"}
    assert client.post("/rules", data=form).status_code == 200


def play_games(client: TestClient, seeds: tuple[str, ...] = SEEDS) -> list[str]:
    set_hands(client, HANDS)
    urls = []
    for seed in seeds:
        url = start_game(client, seed)
        play_game(client, url, mixed_choice(seed))
        urls.append(url)
    return urls


@pytest.fixture
def played(client: TestClient) -> Iterator[list[str]]:
    yield play_games(client)


# ---- games and hands -------------------------------------------------------------------------


def test_every_game_and_hand_agrees_with_the_replayed_records(
    client: TestClient, played: list[str]
) -> None:
    page = client.get("/history")
    assert page.status_code == 200
    listed = {game.id: game for game in listed_games(page.text)}
    for url in played:
        expected = expected_game(client, url)
        game = listed[game_id(url)]
        assert (game.mode, game.status) == ("new", "finished")
        assert game.total == expected.totals[0]
        assert game.place == expected.place
        assert f"{expected.totals[0]:+d}" in game.text
        assert f"{expected.place}{'st' if expected.place == 1 else ''}" in game.text
        shown = [(h.number, h.points, h.role, h.won) for h in game.hands]
        assert shown == [(h.number, h.points, h.role, h.won) for h in expected.hands]
        for hand in game.hands:
            base = f"{url}/hands/{hand.number}"
            assert f'href="{base}/record.json"' in hand.row
            assert (f'href="{base}/review"' in hand.row) == (hand.points is not None)
            assert client.get(f"{base}/record.json").status_code == 200
        assert len(expected.played) == HANDS


def test_statistics_agree_with_the_replayed_records(client: TestClient, played: list[str]) -> None:
    games = [expected_game(client, url) for url in played]
    hands = [hand for game in games for hand in game.played]
    page = client.get("/history").text
    shown = stats(page)
    assert shown["hands"][0] == str(len(hands))
    mean = sum(hand.points or 0 for hand in hands) / len(hands)
    assert shown["mean"][0] == signed(mean)
    won = sum(1 for hand in hands if hand.won)
    assert attribute(shown["won"][1], "value") == won
    assert shown["won"][0].startswith(f"{100 * won / len(hands):.0f} %")
    calls = sum(sum(game.calls) for game in games)
    calls_won = sum(
        count
        for game in games
        for hand, count in zip(game.played, game.calls, strict=True)
        if hand.won
    )
    assert calls > 0, "the chosen play should make some announcements"
    assert (attribute(shown["calls"][1], "value"), attribute(shown["calls"][1], "won")) == (
        calls,
        calls_won,
    )
    assert shown["loss"][0] == "no reviewed hands yet"

    roles = {match.group("role"): match for match in ROLE.finditer(page)}
    assert set(roles) == {"re", "kontra", "soloist"}
    for role, match in roles.items():
        mine = [hand for hand in hands if hand.role == role]
        assert int(match.group("hands")) == len(mine), role
        assert int(match.group("won")) == sum(1 for hand in mine if hand.won), role
        if mine:
            assert match.group("mean") == signed(sum(h.points or 0 for h in mine) / len(mine))
    assert sum(int(match.group("hands")) for match in roles.values()) == len(hands)
    assert sum(1 for role in roles.values() if int(role.group("hands"))) >= 2


def test_newest_first_and_nobody_elses_games(
    client: TestClient, other: TestClient, played: list[str]
) -> None:
    theirs = play_games(other, ("history-other",))
    mine = listed_games(client.get("/history").text)
    ids = [game.id for game in mine]
    assert [i for i in ids if i in {game_id(url) for url in played}] == [
        game_id(url) for url in reversed(played)
    ]
    assert ids[0] == game_id(played[-1]), "the newest game first"
    page = client.get("/history").text
    for url in theirs:
        assert game_id(url) not in page
    their_ids = [game.id for game in listed_games(other.get("/history").text)]
    assert game_id(theirs[0]) in their_ids
    assert not {game_id(url) for url in played} & set(their_ids)


def test_a_game_in_progress_shows_no_card_and_links_only_finished_hands(
    client: TestClient,
) -> None:
    set_hands(client, HANDS)
    url = start_game(client, "history-progress")
    advance(client, url, 5)
    (game,) = [g for g in listed_games(client.get("/history").text) if g.id == game_id(url)]
    assert game.status == "in progress" and game.hands == () and game.place is None
    assert "in progress" in game.text
    main = MAIN.search(client.get("/history").text)
    assert main is not None
    assert not CARD.search(main.group(1)), CARD.search(main.group(1))


def test_a_games_time_is_marked_up_as_utc(client: TestClient) -> None:
    """The page writes "… UTC"; the machine-readable time said no zone (SQLite keeps none)."""
    start_game(client, "history-time")
    stamp = re.search(r'<time datetime="([^"]+)">([^<]+) UTC</time>', client.get("/history").text)
    assert stamp is not None
    assert datetime.fromisoformat(stamp.group(1)).utcoffset() == timedelta(0)


def test_a_redeal_is_listed_with_its_review_but_not_counted_as_a_finished_hand(
    client: TestClient,
) -> None:
    """Everybody declined the Armut (seed and choices found by playing): the hand was dealt
    again. It has a row, its record and its review (declining was a decision, issue 28), but
    no score, and it is not a hand the game counts."""
    url = start_game(client, "s42")
    body = client.get(url).text
    for action in ("healthy", "armut-decline"):
        data = {"version": page_version(body), "action": action}
        answer = client.post(f"{url}/actions", data=data, headers=HTMX)
        assert answer.status_code == 200
        body = answer.text
    page = client.get("/history").text
    (game,) = [g for g in listed_games(page) if g.id == game_id(url)]
    assert [(hand.number, hand.points) for hand in game.hands] == [(1, None)]
    assert "Dealt again" in game.hands[0].row
    assert f'href="{url}/hands/1/review"' in game.hands[0].row
    assert f'href="{url}/hands/1/record.json"' in game.hands[0].row
    assert "0 finished hands" in page and "1 finished hand" not in page


def test_hints_used_are_counted_per_game(
    app: FastAPI, client: TestClient, played: list[str]
) -> None:
    with app.state.sessions() as session:
        for version in (3, 9):
            session.add(HintUse(game_id=game_id(played[0]), version=version, suggested="play QC"))
        session.commit()
    hints = {game.id: (game.hints, game.text) for game in listed_games(client.get("/history").text)}
    assert hints[game_id(played[0])][0] == 2 and "2 hints" in hints[game_id(played[0])][1]
    assert hints[game_id(played[1])][0] == 0 and "no hints" in hints[game_id(played[1])][1]


def test_a_hand_nobody_won_is_neither_won_nor_lost() -> None:
    """Both sides announced no 90 and both fell short (§8): the sheet says nobody wins, and
    the history said "lost" for all four, whatever each scored."""
    dealt = deal("s1", 1)
    hand = Hand(PAGAT, dealt.hands, dealt.dealer)
    for offset in range(4):
        hand.apply(Action.parse((hand.forehand + offset) % 4, "healthy"))
    re_seat, kontra_seat = (next(s for s in range(4) if hand.team_of[s] is t) for t in Team)
    hand.apply(Action.parse(re_seat, "announce no90"))
    hand.apply(Action.parse(kontra_seat, "announce no90"))
    choices = random.Random(1)
    while not hand.is_over:
        plays = [a for a in hand.legal_notations(hand.to_act) if a.startswith("play")]
        hand.apply(Action.parse(hand.to_act, choices.choice(plays)))
    assert hand.result().winner is None and hand.result().scores[0] == 1
    facts = hand_facts(1, 1, hand)
    assert (facts.won, facts.nobody_won, facts.points) == (False, True, 1)


def test_a_newcomer_gets_a_friendly_empty_page(client: TestClient) -> None:
    page = client.get("/history")
    assert page.status_code == 200
    assert "No games yet" in page.text
    assert listed_games(page.text) == []
    assert 'href="/history"' in client.get("/").text, "the header links the history"


# ---- the daily rank and the calendar ---------------------------------------------------------


@pytest.mark.slow
def test_the_daily_rank_is_the_boards_and_the_calendar_shows_it(tmp_path: Path) -> None:
    settings = daily_settings(tmp_path)
    with running(settings) as application, browsers(application, 3) as clients:
        recorder = Recorder(random_choice("history daily"))
        urls = []
        for client, choose in zip(clients[:2], (recorder, Repeater(recorder)), strict=True):
            urls.append(start_daily(client))
            play_game(client, urls[-1], choose)
        fair_play_checked(application)
        records = stored_records(application, urls[0])
        total = expected_game(clients[0], urls[0], records).totals[0]
        add_finished_attempts(application, [total + 5, total, total - 3, total + 5])
        unfinished = start_daily(clients[2])
        advance(clients[2], unfinished, 2)

        for client, url in zip(clients[:2], urls, strict=True):
            (own,) = [row for row in board_rows(client.get(BOARD).text) if row.own]
            page = client.get("/history").text
            (game,) = listed_games(page)
            assert (game.id, game.mode, game.status) == (game_id(url), "daily", "finished")
            assert game.total == total == own.total
            assert game.rank == own.rank == 3, "two higher totals; equal totals share a rank"
            assert "daily rank 3 of 6" in game.text
            cell = re.search(
                rf'data-day="{DAY.isoformat()}" data-rules="pagat" '
                r'data-rank="(\d*)" data-total="(-?\d*)"',
                page,
            )
            assert cell is not None and cell.groups() == ("3", str(total))
            assert f"{DAY:%B %Y}" in page

        page = clients[2].get("/history").text
        (game,) = listed_games(page)
        assert (game.status, game.rank) == ("in progress", None)
        assert re.search(rf'data-day="{DAY.isoformat()}" data-rules="pagat" data-rank="" ', page)
        cookies = dict(clients[2].cookies)

    later = daily_settings(
        tmp_path, at=datetime.combine(DAY + timedelta(days=2), datetime.min.time(), UTC)
    )
    with running(later) as application, TestClient(application, cookies=cookies) as client:
        (game,) = listed_games(client.get("/history").text)
        assert (game.id, game.status, game.rank) == (game_id(unfinished), "closed unfinished", None)
        assert "closed unfinished" in game.text


def test_a_result_older_than_the_boards_kept_links_to_no_board(tmp_path: Path) -> None:
    """Boards are kept a year: the calendar and the game's line keep a result of 400 days
    ago, without a link that would answer "Boards are kept for a year"."""
    old, recent = DAY - timedelta(days=400), DAY - timedelta(days=10)
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        player = player_of(application, client)
        with application.state.sessions() as session:
            seed_attempts(session, [Seeded(player, old, 4), Seeded(player, recent, 7)])
        page = client.get("/history").text
        for day in (old, recent):
            assert client.get(f"/leaderboard?day={day}").status_code == (404 if day == old else 200)
        links = re.findall(r'<(a|span) class="result"( href="[^"]*")?[^>]*data-day="([^"]+)"', page)
        assert sorted(links) == [
            ("a", f' href="/leaderboard?day={recent}&amp;rules=pagat"', str(recent)),
            ("span", "", str(old)),
        ]
        assert re.findall(r'(<a href="[^"]*">)?daily rank 1 of 1', page) == [
            f'<a href="/leaderboard?day={recent}&amp;rules=pagat">',
            "",
        ]


def tables_a_year_on(tmp_path: Path, url: str, cookies: dict[str, str]) -> tuple[str, str]:
    """The table at `url` on the last day its board is kept (366 days on) and the next."""
    tables = []
    for days_later in (366, 367):
        moment = datetime.combine(DAY + timedelta(days=days_later), datetime.min.time(), UTC)
        later = daily_settings(tmp_path, at=moment)
        with running(later) as application, TestClient(application, cookies=cookies) as client:
            tables.append(client.get(url).text)
    kept, gone = tables
    return kept, gone


def test_the_table_of_a_daily_game_links_to_its_board_while_it_is_kept(tmp_path: Path) -> None:
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        url = start_daily(client)
        cookies = dict(client.cookies)
    kept, gone = tables_a_year_on(tmp_path, url, cookies)
    assert f"/leaderboard?day={DAY}" in kept
    assert f"/leaderboard?day={DAY}" not in gone


@pytest.mark.slow
def test_a_finished_daily_game_offers_its_result_to_share_while_its_board_is_kept(
    tmp_path: Path,
) -> None:
    """The text to share links to the day's board: a year on, there is none to link to."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        url = start_daily(client)
        play_game(client, url)
        cookies = dict(client.cookies)
    kept, gone = tables_a_year_on(tmp_path, url, cookies)
    assert "data-share-text" in kept and "data-share-text" not in gone


# ---- reviews and charts ----------------------------------------------------------------------


def add_review(
    app: FastAPI,
    game: str,
    hand: int,
    loss: float | None,
    spread: float | None,
    status: str = "done",
) -> None:
    with app.state.sessions() as session:
        session.add(
            HandReview(
                game_id=game,
                hand=hand,
                status=status,
                evaluator="search-v1/test",
                loss=loss,
                loss_spread=spread,
                decisions=[],
                finished_at=datetime.now(UTC) if status == "done" else None,
            )
        )
        session.commit()


def test_stored_reviews_losses_appear(
    app: FastAPI, client: TestClient, other: TestClient, played: list[str]
) -> None:
    first, second = game_id(played[0]), game_id(played[1])
    add_review(app, first, 1, 0.8, 0.3)
    add_review(app, second, 2, 2.15, 0.45)
    add_review(app, second, 3, None, None, status="pending")
    theirs = play_games(other, ("history-other",))
    add_review(app, game_id(theirs[0]), 1, 9.0, 1.0)

    page = client.get("/history").text
    text, _ = stats(page)["loss"]
    assert text.startswith(f"{(0.8 + 2.15) / 2:.2f} points") and "2 reviewed hands" in text
    assert chart_table(page, "loss") == [
        [f"{short_label(app, first)}, hand 1", "0.80", "0.30"],
        [f"{short_label(app, second)}, hand 2", "2.15", "0.45"],
    ], "in the order played, pending reviews and other players' left out"
    titles = re.findall(r"<circle[^>]*><title>([^<]*)</title>", svg_of(page, "loss-chart"))
    assert [html.unescape(t).split(": ")[1] for t in titles] == ["0.80 ± 0.30", "2.15 ± 0.45"]
    games = {game.id: game for game in listed_games(page)}
    assert 'data-loss="0.80"' in games[first].hands[0].row
    assert "data-loss" not in games[second].hands[2].row, "a pending review has no loss yet"
    assert set(re.findall(r'data-loss="([^"]*)"', page)) == {"0.80", "2.15"}
    assert "9.00 ±" not in html.unescape(page), "another player's review"


def short_label(app: FastAPI, game: str) -> str:
    """The game's date as the charts label it."""
    (row,) = rows(app, GameRow, id=game)
    return f"{row.created_at.day} {row.created_at:%b}"


def test_the_points_chart_and_its_table_carry_the_same_numbers(
    app: FastAPI, client: TestClient
) -> None:
    """Eight stored games of two hands (more than the trend's window), played by the bots."""
    (row,) = rows(app, GameRow, id=game_id(start_game(client)))
    seeds = [f"history-chart-{number}" for number in range(8)]
    logs = [bot_log(seed, "pagat+hands_per_game=2") for seed in seeds]
    urls = store_games(app, row.player_id, "pagat+hands_per_game=2", seeds, logs)
    games = [expected_game(client, url) for url in urls]
    means = [sum(h.points or 0 for h in g.played) / len(g.played) for g in games]
    trend = []
    for index in range(len(games)):
        window = [h for g in games[max(0, index - TREND_GAMES + 1) : index + 1] for h in g.played]
        trend.append(sum(h.points or 0 for h in window) / len(window))
    assert len(set(means)) > 2, "the games should differ"

    page = client.get("/history").text
    table = chart_table(page, "points")
    assert [row[1:] for row in table] == [
        ["2", signed(mean), signed(value)] for mean, value in zip(means, trend, strict=True)
    ], "oldest game first"
    svg = svg_of(page, "points-chart")
    bars = re.findall(
        r'<rect class="bar( negative)?" x="[\d.]+" y="[\d.]+" width="[\d.]+" '
        r'height="([\d.]+)"><title>([^<]*)</title>',
        svg,
    )
    assert [title.split(": ")[1] for _, _, title in bars] == [row[2] for row in table]
    assert [bool(negative) for negative, _, _ in bars] == [mean < 0 for mean in means]
    heights = [(float(height), abs(mean)) for (_, height, _), mean in zip(bars, means, strict=True)]
    ratios = {round(height / value, 1) for height, value in heights if value}
    assert len(ratios) == 1, f"bar heights are proportional to the values: {heights}"
    assert 'aria-labelledby="points-title points-desc"' in svg


# ---- geometry --------------------------------------------------------------------------------


def test_chart_scales_are_whole_steps_around_zero() -> None:
    assert [nice_step(span) for span in (4, 7, 13, 0.9)] == [1, 2, 5, 0.5]
    assert value_range([-7, 3]) == (-10, 5)
    assert value_range([1, 9]) == (0, 10)
    assert value_range([0.4, 1.7]) == (0, 2)
    chart = bar_chart([2, -1], ["a", "b"])
    up, down = chart.bars
    assert up.y + up.height == pytest.approx(chart.zero) and not up.negative
    assert down.y == pytest.approx(chart.zero) and down.negative
    assert up.height == pytest.approx(2 * down.height)
    dots = dot_chart([1.0, 0.5], ["a", "b"], [0.5, 0.0])
    assert dots.dots[0].y < dots.dots[1].y, "higher values sit higher"
    assert dots.dots[1].low == dots.dots[1].high == dots.dots[1].y
    assert [tick.label for tick in dots.y_ticks] == ["0", "0.5", "1.0", "1.5"]


# ---- speed -----------------------------------------------------------------------------------


def bot_log(seed: str, rules_key: str = "pagat") -> list[list[dict[str, Any]]]:
    """The log of a finished game played by the bots in every seat."""
    table = new_table(RuleSet.from_key(rules_key), seed, bot_named("heuristic-v1"))
    bot_in_human_seat(table)
    return table.log


def store_games(
    app: FastAPI,
    player: str,
    rules_key: str,
    seeds: list[str],
    logs: list[list[list[dict[str, Any]]]],
) -> list[str]:
    """Stores finished games for `player`, an hour apart from 2024-01-01 on (older than any
    game played by the test); returns their table URLs, oldest first."""
    start = datetime(2024, 1, 1, tzinfo=UTC)
    ids = [f"{number:032x}" for number in range(len(logs))]
    with app.state.sessions() as session:
        for number, (seed, log) in enumerate(zip(seeds, logs, strict=True)):
            session.add(
                GameRow(
                    id=ids[number],
                    player_id=player,
                    rules_key=rules_key,
                    seed=seed,
                    bot_id="heuristic-v1",
                    log=log,
                    version=sum(len(hand) for hand in log) + len(log) - 1,
                    mode="new",
                    hands_done=RuleSet.from_key(rules_key).hands_per_game,
                    finished=True,
                    created_at=start + timedelta(hours=number),
                )
            )
        session.commit()
    return [f"/games/{game}" for game in ids]


def statements(app: FastAPI, client: TestClient) -> list[str]:
    """The SQL that one `GET /history` runs."""
    seen: list[str] = []

    def count(*args: Any) -> None:
        seen.append(args[2])

    event.listen(app.state.engine, "before_cursor_execute", count)
    try:
        assert client.get("/history").status_code == 200
    finally:
        event.remove(app.state.engine, "before_cursor_execute", count)
    return seen


def test_fifty_games_cost_no_more_queries_than_one(app: FastAPI, client: TestClient) -> None:
    """The page's time for many games is measured by `bench/history.py`."""
    url = start_game(client)
    (row,) = rows(app, GameRow, id=game_id(url))
    few = statements(app, client)
    log = bot_log("history-speed")
    store_games(app, row.player_id, "pagat", ["history-speed"] * 50, [log] * 50)
    many = statements(app, client)
    assert len(many) == len(few), "one query per kind of row, however many games"
    assert len(listed_games(client.get("/history").text)) == 51
    assert stats(client.get("/history").text)["hands"][0] == "400"


def test_games_already_replayed_read_no_hands(app: FastAPI, client: TestClient) -> None:
    """A game's log is read once per process: after that its facts come from the cache."""
    url = start_game(client)
    (row,) = rows(app, GameRow, id=game_id(url))
    store_games(app, row.player_id, "pagat", ["history-cached"], [bot_log("history-cached")])
    first = statements(app, client)
    again = statements(app, client)
    assert any("game_hands" in sql for sql in first)
    assert not any("game_hands" in sql for sql in again)
    assert len(again) == len(first) - 1
