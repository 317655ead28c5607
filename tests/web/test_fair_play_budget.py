"""The fair-play check's budget is an operator's setting (`DOKO_FAIR_PLAY_WORLDS`): a check
searches the worlds the settings give and stores them with its verdict, which reads the deal
against the game's own bots too."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.daily.fairplay.checks import finished_hands
from app.operations.settings import (
    DEFAULT_FAIR_PLAY_WORLDS,
    MOST_SEARCH_WORLDS,
    Settings,
    SettingsError,
)
from app.storage.models import DailyAttempt, FairPlayCheck, GameRow
from app.table.service import HUMAN
from bots.fairplay import analyse_game
from bots.search.budget import DEFAULT_BUDGET
from tests.web.driver import play_game
from tests.web.helpers.daily import (
    browsers,
    daily_settings,
    fair_play_checked,
    random_choice,
    rows,
    running,
    start_daily,
)

WORLDS = 6


def test_a_check_searches_the_settings_worlds_and_says_so(tmp_path: Path) -> None:
    settings = daily_settings(tmp_path, fair_play_worlds=WORLDS)
    with running(settings) as application, browsers(application, 1) as (client,):
        play_game(client, start_daily(client), random_choice("fair-play budget"))
        fair_play_checked(application)
        (attempt,) = rows(application, DailyAttempt)
        (check,) = rows(application, FairPlayCheck, attempt_id=attempt.id)
        with application.state.sessions() as session:
            game = session.get(GameRow, attempt.game_id)
            assert game is not None
            seed, records = game.seed, finished_hands(game.rules_key, game.seed, game.log)
            table_bot = game.bot_id
    verdict = analyse_game(records, HUMAN, seed, DEFAULT_BUDGET.scaled(WORLDS), table_bot)
    assert check.evaluator == f"fairplay-v2/{WORLDS}"
    assert (check.decisions, check.honest_chance, check.matched, check.held) == (
        verdict.decisions,
        verdict.honest_chance,
        verdict.matched,
        verdict.held,
    )


def test_the_server_searches_the_default_worlds_unless_set(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DOKO_FAIR_PLAY_WORLDS", raising=False)
    assert Settings.from_env().fair_play_worlds == DEFAULT_FAIR_PLAY_WORLDS == 40
    monkeypatch.setenv("DOKO_FAIR_PLAY_WORLDS", str(MOST_SEARCH_WORLDS))
    assert Settings.from_env().fair_play_worlds == MOST_SEARCH_WORLDS
    monkeypatch.setenv("DOKO_FAIR_PLAY_WORLDS", " 8 ")
    assert Settings.from_env().fair_play_worlds == 8


@pytest.mark.parametrize("value", ["0", "401", "-1", "eight", "8.5", ""])
def test_worlds_outside_1_to_400_are_refused(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No world is no search at all (every decision would fail the check)."""
    monkeypatch.setenv("DOKO_FAIR_PLAY_WORLDS", value)
    with pytest.raises(SettingsError, match="DOKO_FAIR_PLAY_WORLDS must be a whole number"):
        Settings.from_env()
