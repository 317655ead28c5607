"""The addresses of a game, its hands and the boards are built in one place
(`app.operations.urls`): each names a route the app serves, and no other module or template
writes one by hand."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from fastapi import FastAPI
from starlette.routing import Match

from app.operations import urls

ROOT = Path(__file__).resolve().parents[2]
BUILT = {
    "GET": [
        urls.HOME,
        urls.HOW_TO_PLAY,
        urls.HISTORY,
        urls.FAIR_PLAY,
        urls.RESTORE_KEY,
        urls.HEALTH,
        urls.SERVICE_WORKER,
        urls.game_url("g"),
        urls.review_url("g", 2),
        urls.record_url("g", 2),
        urls.BOARD,
        urls.long_board_url("week", date(2026, 11, 29), "ddv").split("?")[0],
        urls.long_board_url("month", date(2026, 11, 29), "ddv").split("?")[0],
        urls.challenge_url("c" * 24),
        urls.language_url("de", "/").split("?")[0],
        urls.manifest_url("de").split("?")[0],
        urls.offline_url("de"),
    ],
    "POST": [
        urls.GAMES,
        urls.RULES,
        urls.NICKNAME,
        urls.RESTORE_KEY,
        urls.RESTORE,
        urls.actions_url("g"),
        urls.next_hand_url("g"),
        urls.hint_url("g"),
        urls.CHALLENGES,
        urls.play_challenge_url("c"),
        urls.name_challenge_url("c"),
        urls.entrant_name_url("c"),
        urls.rematch_url("c"),
        urls.challenge_of_game_url("g"),
        urls.daily_url("pagat"),
    ],
}
BY_HAND = re.compile(
    r"/games/\{|leaderboard(/[^\"'?\n]*)?\?day=|/challenges/\{|/daily/\{"
    r"|language\?lang=|webmanifest\?lang=|/offline/\{|/sw\.js|/healthz"
)


def test_every_built_address_is_a_route(app: FastAPI) -> None:
    for method, paths in BUILT.items():
        for path in paths:
            scope = {"type": "http", "method": method, "path": path}
            matches = [route.matches(scope)[0] for route in app.router.routes]
            assert Match.FULL in matches, f"{method} {path}"


def test_a_board_address_names_its_day_and_rules() -> None:
    assert urls.board_url(date(2026, 11, 29), "ddv") == "/leaderboard?day=2026-11-29&rules=ddv"
    week = urls.long_board_url("week", date(2026, 11, 29), "ddv")
    assert week == "/leaderboard/week?day=2026-11-29&rules=ddv"


def test_a_language_link_keeps_the_page_to_go_back_to() -> None:
    back = "/leaderboard?day=2026-11-29&rules=ddv"
    link = urls.language_url("ru", back)
    assert link == "/language?lang=ru&back=/leaderboard%3Fday%3D2026-11-29%26rules%3Dddv"


def test_no_address_is_built_by_hand() -> None:
    files = [
        *(ROOT / "app").rglob("*.py"),
        *(ROOT / "templates").rglob("*.html"),
        *(ROOT / "static/js").glob("*.js"),
    ]
    by_hand = [
        str(path.relative_to(ROOT))
        for path in files
        if path != ROOT / "app/operations/urls.py" and BY_HAND.search(path.read_text("utf-8"))
    ]
    assert by_hand == []
