"""The settings' defaults have one owner (`app.operations.settings`): the server's settings
of an empty environment are the defaults the README's table gives."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from app.operations.settings import Settings

README = Path(__file__).resolve().parents[2] / "README.md"
ROW = re.compile(r"^\| `(DOKO_[A-Z_]+)` \| `(\d+)` \|", re.M)
FIELDS = {
    "DOKO_BOT_DELAY_MS": lambda settings: settings.bot_delay_ms,
    "DOKO_PAGES_PER_ADDRESS": lambda settings: settings.limits.pages_per_ip,
    "DOKO_APP_MS_PER_ADDRESS": lambda settings: settings.limits.app_ms_per_ip,
    "DOKO_RANKED_PER_ADDRESS": lambda settings: settings.ranked_per_address,
    "DOKO_RANKED_PER_SITE": lambda settings: settings.ranked_per_site,
    "DOKO_SEARCH_WORKERS": lambda settings: settings.search_workers,
    "DOKO_BACKGROUND_WORKERS": lambda settings: settings.background_workers,
    "DOKO_FAIR_PLAY_WORLDS": lambda settings: settings.fair_play_worlds,
    "DOKO_REVIEW_WORLDS": lambda settings: settings.review_worlds,
}


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The server's settings of an environment that sets nothing."""
    for name in [name for name in os.environ if name.startswith("DOKO_")]:
        monkeypatch.delenv(name)
    return Settings.from_env()


def test_the_readme_gives_the_defaults_of_the_code(server: Settings) -> None:
    settings = server
    documented = dict(ROW.findall(README.read_text(encoding="utf-8")))
    assert set(documented) == set(FIELDS)
    assert {name: FIELDS[name](settings) for name in FIELDS} == {
        name: int(value) for name, value in documented.items()
    }


def test_an_app_made_in_code_has_the_same_defaults_but_its_workers(server: Settings) -> None:
    """Made in code (a test, a bench), the app starts no live worker; the rest is the same."""
    made = Settings(database_url="sqlite://", secret_key=None)
    assert made.search_workers == 0
    assert (made.bot_delay_ms, made.ranked_per_address, made.background_workers) == (
        server.bot_delay_ms,
        server.ranked_per_address,
        server.background_workers,
    )
