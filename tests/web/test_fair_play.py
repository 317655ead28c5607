"""Fair play on the daily board (issue 24, §2) through the web and the operators' command.

A scout's cookie A plays the day's ranked game first, as the normal bot would; cookie B, from
the same address, then plays it knowing every card (at each decision the action the true deal
rates best, `evaluate_known`) and cookie C plays it as A did. The test knows the deals from
the test secret (`daily_seed`) and mirrors the server's game locally: the bots answer the same
cards the same way (`app.table.service`), so the mirror holds every card the server dealt. After
each game its check runs in the background; B is held, A and C ranked, `python -m
app.daily.fairplay show` lists A beside B (same network), and `clear` ranks B again.
"""

from __future__ import annotations

import html
import random
import re
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import update

from app.daily.fairplay.__main__ import main as fairplay_command
from app.daily.fairplay.checks import EVALUATOR
from app.daily.fairplay.standing import rarity
from app.languages.i18n import LANGUAGES, translations, writing
from app.operations.settings import DEFAULT_FAIR_PLAY_WORLDS, Settings
from app.storage.models import DailyAttempt, FairPlayCheck, FairPlayDecision
from app.table.levels import DAILY_LEVEL, LEVELS
from app.table.service import HUMAN, human_action, new_table, next_hand
from bots.registry import bot_named
from bots.search.evaluate import evaluate_known
from engine import Act, Action, Hand, Phase, view_of
from engine.daily import daily_seed, ranked_rules
from tests.web.driver import HTMX, game_is_over, page_version, post_action
from tests.web.helpers.daily import (
    DAY,
    SECRET,
    browsers,
    daily_settings,
    fair_play_checked,
    game_id,
    rows,
    running,
    start_daily,
)
from tests.web.helpers.fair_play import add_attempts
from tests.web.helpers.leaderboard import BOARD, board_rows

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
NORMAL = bot_named(LEVELS[DAILY_LEVEL])
EXCHANGES = (Act.ARMUT_GIVE, Act.ARMUT_RETURN)
SET_ASIDE = re.compile(r'<section class="set-aside".*?</section>', re.DOTALL)
OWN_NOTE = re.compile(r'<p class="fair-play-note own-note" data-state="(\w+)">(.*?)</p>', re.DOTALL)
CARD = re.compile(r"\b(?:10|[AKQJ9])[CSHD]\b|[♣♠♥♦]")
"""A card in notation or by its suit's sign: no page but the table itself may name one."""

Policy = Callable[[Hand, random.Random], Action]


# ---- the two players -------------------------------------------------------------------------


def clairvoyant(hand: Hand, rng: random.Random) -> Action:
    """The action the true deal rates best (all four hands known); an Armut pass as the
    normal bot makes it (the analysis leaves those out)."""
    if any(action.act in EXCHANGES for action in hand.legal_actions(HUMAN)):
        return NORMAL.choose(view_of(hand, HUMAN), rng)
    return evaluate_known(hand, HUMAN, rng)[0].value.action


def honest(hand: Hand, rng: random.Random) -> Action:
    """The normal bot's choice from the seat's own view."""
    return NORMAL.choose(view_of(hand, HUMAN), rng)


def play_mirrored(client: TestClient, url: str, policy: Policy) -> None:
    """Plays the ranked pagat game at `url` by `policy`, each step also on a local copy of
    the server's game, which stays at the server's version throughout."""
    table = new_table(ranked_rules("pagat"), daily_seed(SECRET, DAY, "pagat"), NORMAL)
    body = client.get(url).text
    while not table.game.is_over:
        if table.game.hand.phase is Phase.DONE:
            data = {"version": str(page_version(body))}
            response = client.post(f"{url}/next", data=data, headers=HTMX)
            next_hand(table)
        else:
            rng = random.Random(f"policy/{table.version}")
            action = policy(table.game.hand, rng)
            response = post_action(client, url, body, action.notation)
            human_action(table, action)
        assert response.status_code == 200, response.text[:2000]
        body = response.text
        assert page_version(body) == table.version, "the mirror left the server's game"
    assert game_is_over(body)


# ---- the scene: B held, C ranked ---------------------------------------------------------------


@dataclass(frozen=True)
class Scene:
    settings: Settings
    app: FastAPI
    cheat: TestClient
    honest: TestClient
    cheat_url: str
    honest_url: str
    scout_url: str
    """A throwaway cookie's attempt from the same address, finished before B started."""

    def attempt(self, url: str) -> DailyAttempt:
        (attempt,) = rows(self.app, DailyAttempt, game_id=game_id(url))
        return attempt

    def check(self, url: str) -> FairPlayCheck:
        (check,) = rows(self.app, FairPlayCheck, attempt_id=self.attempt(url).id)
        return check


@pytest.fixture(scope="module")
def scene(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scene]:
    folder = tmp_path_factory.mktemp("fair-play")
    settings = daily_settings(folder, fair_play_worlds=DEFAULT_FAIR_PLAY_WORLDS)
    with running(settings) as application, browsers(application, 3) as (scout, cheat, fair):
        scout_url = start_daily(scout)
        play_mirrored(scout, scout_url, honest)
        later = settings.now() + timedelta(minutes=5)
        application.state.settings = replace(settings, clock=lambda: later)
        cheat_url, honest_url = start_daily(cheat), start_daily(fair)
        play_mirrored(cheat, cheat_url, clairvoyant)
        play_mirrored(fair, honest_url, honest)
        fair_play_checked(application)
        yield Scene(
            application.state.settings, application, cheat, fair, cheat_url, honest_url, scout_url
        )


def copy_of(scene: Scene, folder: Path) -> Settings:
    """The scene's database copied (SQLite's backup), for a test that changes it."""
    target = folder / "copy.sqlite3"
    source = sqlite3.connect(scene.settings.database_url.removeprefix("sqlite:///"))
    copy = sqlite3.connect(target)
    source.backup(copy)
    source.close()
    copy.close()
    url = f"sqlite:///{target}"
    return Settings(url, SECRET, bot_delay_ms=0, limits=None, clock=scene.settings.clock)


def command(settings: Settings, monkeypatch: pytest.MonkeyPatch, *arguments: str) -> int:
    """`python -m app.daily.fairplay` in this process, on the settings' database."""
    monkeypatch.setenv("DOKO_DATABASE_URL", settings.database_url)
    try:
        return fairplay_command(list(arguments))
    except SystemExit as refused:  # the command line itself was refused (argparse)
        return int(refused.code or 0)


def subprocess_command(settings: Settings, *arguments: str) -> subprocess.CompletedProcess[str]:
    """`python -m app.daily.fairplay` as an operator runs it, in a process of its own."""
    environment = {"DOKO_DATABASE_URL": settings.database_url, "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, "-m", "app.daily.fairplay", *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


# ---- the check and the board -------------------------------------------------------------------


def test_a_clairvoyant_player_is_held_and_an_honest_one_ranked(scene: Scene) -> None:
    cheat, fair = scene.attempt(scene.cheat_url), scene.attempt(scene.honest_url)
    assert (cheat.fair_play, cheat.on_board) == ("held", False)
    assert (fair.fair_play, fair.on_board) == ("passed", True)
    held, passed = scene.check(scene.cheat_url), scene.check(scene.honest_url)
    assert held.status == passed.status == "done"
    assert held.evaluator == EVALUATOR
    assert held.held and not passed.held
    assert held.honest_chance is not None and held.honest_chance < 1e-9, "far past any threshold"
    assert passed.honest_chance is not None and passed.honest_chance > 0.05
    assert held.matched == len(held.tells) > 5, "every tell matched"
    assert held.decisions is not None and held.decisions > 50

    board = scene.honest.get(BOARD).text
    ((row,), (scout,)) = [[r for r in board_rows(board) if r.own is own] for own in (True, False)]
    assert row.own and row.total == fair.total and row.rank == 1
    assert not scout.own and scout.total == fair.total and scout.rank == 1, "A played as C"
    aside = SET_ASIDE.search(board)
    assert aside is not None
    text = html.unescape(aside.group(0))
    assert "Anonymous" in text and f"{cheat.total:+d}" in text
    assert "held for fair-play review" in text
    assert f"At {held.matched} of {len(held.tells)} key decisions" in text
    assert f"at most one game in {rarity(held.honest_chance):,}" in text
    assert not CARD.search(text), "the reason names no card"
    assert 'href="/fair-play"' in board


def test_the_held_player_sees_it_on_the_board_the_table_and_the_history(scene: Scene) -> None:
    board = scene.cheat.get(BOARD).text
    rows = board_rows(board)
    assert [row.own for row in rows] == [False, False]
    assert {row.total for row in rows} == {scene.attempt(scene.honest_url).total}
    aside = SET_ASIDE.search(board)
    assert aside is not None and 'class="own"' in aside.group(0)

    table = scene.cheat.get(scene.cheat_url).text
    ((state, note),) = OWN_NOTE.findall(table)
    assert state == "held" and "Your result is held for fair-play review" in note
    assert "An operator reviews every held result; nothing is deleted." in html.unescape(note)
    assert not CARD.search(note)

    history = scene.cheat.get("/history").text
    ((state, note),) = OWN_NOTE.findall(history)
    assert state == "held" and "key decisions" in note
    assert "daily rank" not in history
    assert re.search(rf'data-day="{DAY.isoformat()}" data-rules="pagat" data-rank="" ', history)
    assert 'title="held for fair-play review"' in history

    honest_history = scene.honest.get("/history").text
    assert "daily rank 1 of 2" in honest_history and not OWN_NOTE.search(honest_history)
    assert not OWN_NOTE.search(scene.honest.get(scene.honest_url).text)


REASON = (
    "At %(matched)d of %(num)d key decision the choice was the one that is best only when the "
    "hidden cards are known; an honest player does that in at most one game in %(rarity)s.",
    "At %(matched)d of %(num)d key decisions the choice was the one that is best only when the "
    "hidden cards are known; an honest player does that in at most one game in %(rarity)s.",
)
HELD_NOTE = "Your result is held for fair-play review and is not ranked for now."


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_held_state_is_shown_in_every_language(scene: Scene, language: str) -> None:
    """The board's list, the table's end sheet and the history, in the player's language:
    the state, and the reason with its numbers written the language's way."""
    words, check = translations(language), scene.check(scene.cheat_url)
    assert check.honest_chance is not None and check.matched is not None
    tells = len(check.tells)
    reason = words.ngettext(*REASON, tells) % {
        "matched": check.matched,
        "num": tells,
        "rarity": writing(language).grouped(rarity(check.honest_chance)),
    }
    held, note = words.gettext("held for fair-play review"), words.gettext(HELD_NOTE)
    if language != "en":
        assert held != "held for fair-play review" and reason != REASON[1], "translated"
    asked = {"Accept-Language": language}
    board = html.unescape(scene.cheat.get(BOARD, headers=asked).text)
    aside = SET_ASIDE.search(board)
    assert aside is not None
    assert f'<span class="state">{held}</span>' in aside.group(0) and reason in aside.group(0)
    for page in ("table", "history"):
        url = scene.cheat_url if page == "table" else "/history"
        shown = html.unescape(scene.cheat.get(url, headers=asked).text)
        ((state, text),) = OWN_NOTE.findall(shown)
        assert state == "held" and note in text and reason in text, page


def test_a_failed_check_is_claimed_again_by_a_view_of_the_board_and_gives_the_same_verdict(
    scene: Scene,
) -> None:
    """The honest attempt's check is taken for failed: the next view of the day's board
    claims it again, and it is computed a second time, in a worker process of its own, to
    the same figures and tells."""
    attempt, before = scene.attempt(scene.honest_url), scene.check(scene.honest_url)
    with scene.app.state.sessions() as session:
        session.execute(
            update(FairPlayCheck)
            .where(FairPlayCheck.attempt_id == attempt.id)
            .values(status="failed", tells=[], matched=None, honest_chance=None)
        )
        session.execute(
            update(DailyAttempt)
            .where(DailyAttempt.id == attempt.id)
            .values(fair_play="pending", on_board=False)
        )
        session.commit()
    page = scene.honest.get(BOARD).text
    assert [row.own for row in board_rows(page)] == [False], "only the scout's is ranked"
    assert "being checked for fair play" in page
    fair_play_checked(scene.app)
    after = scene.check(scene.honest_url)
    assert after.started_at != before.started_at, "computed again"
    same = ("status", "decisions", "honest_chance", "matched", "expected", "held", "tells")
    assert {name: getattr(after, name) for name in same} == {
        name: getattr(before, name) for name in same
    }
    assert scene.attempt(scene.honest_url).on_board


def test_the_board_ranks_passed_cleared_and_unchecked_attempts_only(tmp_path: Path) -> None:
    """Attempts in every state: the board ranks three of them, lists the held and the
    disqualified one under it and counts those being checked (whose claims are alive, so the
    view leaves them be); the viewer, whose own is being checked, sees their total so."""
    states = ["passed", "pending", "held", "disqualified", "cleared", "unchecked"]
    totals = [10, 50, 40, 30, 5, 7]
    with running(daily_settings(tmp_path)) as application, browsers(application, 1) as (client,):
        url = start_daily(client)
        add_attempts(application, states, totals)
        with application.state.sessions() as session:
            session.execute(
                update(DailyAttempt)
                .where(DailyAttempt.game_id == game_id(url))
                .values(total=-3, hands_won=1, finished_at=datetime.now(UTC), fair_play="pending")
            )
            (own,) = rows(application, DailyAttempt, game_id=game_id(url))
            session.add(FairPlayCheck(attempt_id=own.id, status="pending", evaluator="test"))
            session.commit()
        page = html.unescape(client.get(BOARD).text)
        assert [(row.name, row.rank, row.total) for row in board_rows(page)] == [
            ("P0", 1, 10),
            ("P5", 2, 7),
            ("P4", 3, 5),
        ]
        aside = SET_ASIDE.search(page)
        assert aside is not None
        listed = re.findall(r'data-state="(\w+)"><strong>(\w+)</strong>', aside.group(0))
        assert listed == [("held", "P2"), ("disqualified", "P3")]
        assert "disqualified after fair-play review" in aside.group(0)
        assert "Your total, -3, is being checked for fair play" in page
        assert "2 finished games are being checked for fair play." in page
        claims = rows(application, FairPlayCheck, status="pending")
        assert [claim.evaluator for claim in claims] == ["test", "test"], "live claims stay"


# ---- the operators' command --------------------------------------------------------------------


def test_clear_ranks_a_held_attempt_again_and_keeps_the_decision(
    scene: Scene, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = copy_of(scene, tmp_path)
    cheat = scene.attempt(scene.cheat_url)
    reason = "Reviewed: a strong player, the same moves as in the club."
    assert command(settings, monkeypatch, "clear", str(cheat.id), "--reason", reason) == 0
    with (
        running(settings) as application,
        TestClient(application, cookies=dict(scene.cheat.cookies)) as client,
    ):
        (decision,) = rows(application, FairPlayDecision)
        assert (decision.attempt_id, decision.decision, decision.reason) == (
            cheat.id,
            "cleared",
            reason,
        )
        assert decision.decided_at is not None
        (attempt,) = rows(application, DailyAttempt, id=cheat.id)
        assert (attempt.fair_play, attempt.on_board) == ("cleared", True)
        board = client.get(BOARD).text
        own = [row for row in board_rows(board) if row.own]
        assert [row.total for row in own] == [cheat.total]
        assert SET_ASIDE.search(board) is None
        assert not OWN_NOTE.search(client.get(scene.cheat_url).text)
        assert "daily rank" in client.get("/history").text
    assert command(settings, monkeypatch, "clear", str(cheat.id), "--reason", "again") == 2


def test_disqualify_keeps_the_attempt_off_the_board_and_records_why(
    scene: Scene,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    settings = copy_of(scene, tmp_path)
    cheat = scene.attempt(scene.cheat_url)
    reason = "Played the scouted deal card for card."
    assert command(settings, monkeypatch, "disqualify", str(cheat.id), "--reason", reason) == 0
    assert command(settings, monkeypatch, "show", str(cheat.id)) == 0
    shown = capsys.readouterr().out
    assert "fair play: disqualified" in shown
    assert re.search(rf"\d{{4}}-\d\d-\d\d \d\d:\d\d UTC disqualified: {reason}", shown)
    with (
        running(settings) as application,
        TestClient(application, cookies=dict(scene.cheat.cookies)) as client,
    ):
        (attempt,) = rows(application, DailyAttempt, id=cheat.id)
        assert (attempt.fair_play, attempt.on_board) == ("disqualified", False)
        assert len(rows(application, FairPlayDecision)) == 1
        board = client.get(BOARD).text
        assert not any(row.own for row in board_rows(board))
        aside = SET_ASIDE.search(board)
        assert aside is not None and "disqualified after fair-play review" in aside.group(0)
        ((state, _),) = OWN_NOTE.findall(client.get(scene.cheat_url).text)
        assert state == "disqualified"


def test_list_and_show_give_the_verdict_and_every_tell(scene: Scene) -> None:
    cheat, fair = scene.attempt(scene.cheat_url), scene.attempt(scene.honest_url)
    check = scene.check(scene.cheat_url)
    listed = subprocess_command(scene.settings, "list", DAY.isoformat())
    assert listed.returncode == 0, listed.stderr
    lines = {line.split()[0]: line.split() for line in listed.stdout.splitlines()[1:]}
    assert lines[str(cheat.id)][1:4] == ["pagat", "held", "done"]
    assert lines[str(fair.id)][1:4] == ["pagat", "passed", "done"]
    assert lines[str(cheat.id)][5].startswith(f"{check.matched}/")

    shown = subprocess_command(scene.settings, "show", str(cheat.id))
    assert shown.returncode == 0, shown.stderr
    tells = re.findall(
        r"^  hand (\d+), (?:trick \d+|before the first trick): chose (.+?) "
        r"\((matched|not matched)\); deal's best (.+?); view's best (.+?); "
        r"honest chance (\d\.\d\d)$",
        shown.stdout,
        re.MULTILINE,
    )
    assert len(tells) == len(check.tells)
    for (hand, chosen, _, best, view_best, _), tell in zip(tells, check.tells, strict=True):
        assert (int(hand), chosen, view_best) == (
            tell["hand"] + 1,
            tell["chosen"],
            tell["view_best"],
        )
        assert best.split(" or ") == tell["clairvoyant"]
    assert "fair play: held" in shown.stdout and "decisions: none" in shown.stdout
    scout = scene.attempt(scene.scout_url)
    assert "same network: 1 earlier attempt(s)" in shown.stdout
    scouted = rf"^  attempt {scout.id}: started .+ UTC, finished .+ UTC, total [+-]\d+, fair play"
    assert re.search(scouted, shown.stdout, re.MULTILINE)


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("garbage", "the database cannot be used: Could not parse SQLAlchemy URL"),
        ("postgresql+nodriver://doko@localhost/doko", "the database cannot be used: Can't load"),
        ("sqlite:////tmp/no-such-folder/doko.sqlite3", "there is no database at /tmp/no-such"),
    ],
)
def test_a_database_that_cannot_be_used_is_said_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], url: str, says: str
) -> None:
    monkeypatch.setenv("DOKO_DATABASE_URL", url)
    assert fairplay_command(["list", "2026-12-07"]) == 1
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("python -m app.daily.fairplay: error: ")
    assert says in line
    assert not Path("/tmp/no-such-folder").exists(), "a mistyped path is not made"


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (["clear", "99999", "--reason", "x"], "there is no ranked attempt 99999"),
        (["show", "99999"], "there is no ranked attempt 99999"),
        (["show", "9" * 23], "there is no ranked attempt 99999999999999999999"),
        (["disqualify", "9999999999", "--reason", "x"], "there is no ranked attempt 9999999999"),
        (["clear", "{honest}", "--reason", "x"], "is not held: it is passed"),
        (["disqualify", "{cheat}", "--reason", "  "], "needs a reason"),
        (["disqualify", "{cheat}"], "the following arguments are required: --reason"),
        (["list", "yesterday"], "invalid fromisoformat value"),
    ],
)
def test_the_command_refuses_with_exit_code_2(
    scene: Scene,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    arguments: list[str],
    says: str,
) -> None:
    ids = {
        "cheat": scene.attempt(scene.cheat_url).id,
        "honest": scene.attempt(scene.honest_url).id,
    }
    filled = [argument.format(**ids) for argument in arguments]
    assert command(scene.settings, monkeypatch, *filled) == 2
    assert says in capsys.readouterr().err
    assert not rows(scene.app, FairPlayDecision), "nothing was decided"
    assert scene.attempt(scene.cheat_url).fair_play == "held"
