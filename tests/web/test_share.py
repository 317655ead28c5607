"""A result to share: its text holds no card (no card code, no card's name, rank or suit in
any of the site's languages, from the catalogs), says the date, the rule set, the result, the
place once the board has one and the hands won as marks, in the order played only once the
day's deals are published; the table shows it at the end of a daily game, the board beside
the player's own row."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from pathlib import Path

import pytest

from app.daily.share import LOST, WON, ShareFacts, share_text
from app.languages.i18n import LANGUAGES, writing
from app.storage.models import DailyAttempt
from tests.web.driver import game_is_over, play_game, start_game
from tests.web.helpers.daily import (
    DAY,
    browsers,
    daily_settings,
    fair_play_checked,
    publish,
    random_choice,
    rows,
    running,
    start_daily,
)
from tests.web.helpers.share import card_words, spoils

SHARE = re.compile(r'<textarea id="share-text"[^>]*>(.*?)</textarea>', re.DOTALL)
BOARD = f"/leaderboard?day={DAY.isoformat()}&rules=pagat"


FACTS = ShareFacts(
    "Doko daily game 2024-03-14 · pagat",
    9,
    (False, True, True, False, True, False, False, True),
    3,
    41,
    "https://doko.example/leaderboard?day=2024-03-14&rules=pagat",
    True,
)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_share_text_names_no_card_in_any_language(language: str) -> None:
    assert len(card_words(language)) >= 24 + 6 + 4 - 6, "the catalog's card words were read"
    for facts in (FACTS, ShareFacts("h", -12, (True,) * 4, None, None, "https://x/", False)):
        text = share_text(facts, writing(language))
        assert spoils(text, language) == [], text
        assert text.count("\n") == 3, "heading, result, marks, link"
    assert spoils("Ace of clubs", "en") and spoils("play QC now", "en"), "the check finds them"


def test_the_share_text_says_result_place_and_hands() -> None:
    text = share_text(FACTS, writing("en"))
    assert text.splitlines() == [
        "Doko daily game 2024-03-14 · pagat",
        "+9 · place 3 of 41",
        f"{LOST}{WON}{WON}{LOST}{WON}{LOST}{LOST}{WON} 4 of 8 hands won",
        "https://doko.example/leaderboard?day=2024-03-14&rules=pagat",
    ]


def test_while_the_deals_are_secret_the_marks_come_won_first() -> None:
    secret = replace(FACTS, in_order=False)
    assert secret.marks == WON * 4 + LOST * 4
    assert share_text(secret, writing("de")).splitlines()[1].startswith("+9")


def shared(page: str) -> str:
    (text,) = SHARE.findall(page)
    return html.unescape(text)


def test_a_daily_game_ends_with_its_result_to_share_and_the_board_adds_the_place(
    tmp_path: Path,
) -> None:
    with (
        running(daily_settings(tmp_path)) as application,
        browsers(application, 1) as (client,),
    ):
        url = start_daily(client)
        end = play_game(client, url, random_choice("share"))[-1]
        (attempt,) = rows(application, DailyAttempt)
        text = shared(end)
        lines = text.splitlines()
        assert lines[0] == f"Doko daily game {DAY.isoformat()} · pagat.com rules"
        assert lines[1] == writing("en").signed(attempt.total), "no place while being checked"
        marks = lines[2].split(" ")[0]
        assert marks.count(WON) == attempt.hands_won and len(marks) == 8
        assert marks == "".join(sorted(marks, key=lambda mark: mark != WON)), "won first"
        assert lines[3] == f"http://testserver{BOARD}"
        assert spoils(text, "en") == []
        assert "data-share-copy" in end and "data-share-send hidden" in end
        fair_play_checked(application)
        board = client.get(BOARD).text
        assert shared(board).splitlines()[1].endswith("place 1 of 1")
        publish(application)
        published = shared(client.get(url).text).splitlines()[2]
        assert sorted(published.split(" ")[0]) == sorted(marks), "the same hands, now in order"
        assert "in the order played" in client.get(url).text


def test_a_visitor_and_a_new_game_have_nothing_to_share(tmp_path: Path) -> None:
    with (
        running(daily_settings(tmp_path)) as application,
        browsers(application, 1) as (client,),
    ):
        assert not SHARE.search(client.get(BOARD).text)
        bodies = play_game(client, start_game(client), random_choice("new game"))
        assert game_is_over(bodies[-1]) and not SHARE.search(bodies[-1])
