"""The rules a table is played with are the ones its pages explain: the table's Rules dialog
starts from its game's rules and level and names them, and its How to play link explains
them, whatever this device remembers for its next new game (a game of other rules: cards
played again, a daily game). How to play says what a level's call does to both sides'
targets (docs/rules.md §7) and what is scored when nobody wins (§8.1, §8.2)."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from app.table.rules_form import form_values
from engine import PRESETS
from tests.web.driver import play_game
from tests.web.helpers.rules_shown import named_rules, start

HOW_TO_PLAY_LINK = re.compile(r'<a href="(/how-to-play[^"]*)"')
HINT = re.compile(r'<p class="hint">(.*?)</p>', re.S)
CHECKED = re.compile(r'<input type="radio" name="(preset|level)" value="(\w+)" checked')


def words(fragment: str) -> str:
    """The text of an HTML fragment as a reader sees it (its inline tags dropped)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


def how_to_play_link(page: str) -> str:
    (link,) = HOW_TO_PLAY_LINK.findall(page)
    return html.unescape(link)


def dialog_hint(page: str) -> str:
    """The Rules dialog's line under its choices, as a reader sees it."""
    dialog = page.split('<dialog id="rules-dialog"', 1)[1]
    (hint,) = HINT.findall(dialog)
    return words(hint)


def checked(page: str) -> dict[str, str]:
    """The preset and level the Rules dialog starts from."""
    dialog = page.split('<dialog id="rules-dialog"', 1)[1]
    return dict(CHECKED.findall(dialog))


def preset_toggles(preset: str) -> dict[str, str]:
    """The Rules dialog's fields as a preset fills them (an unchecked box is not sent)."""
    values = form_values(PRESETS[preset])
    return {name: "on" if value is True else str(value) for name, value in values.items() if value}


def ddv_game_beside_remembered_pagat(client: TestClient) -> str:
    """A DDV game against strong opponents, started with its own rules ("Play these deals
    again" sends them), while this device now remembers pagat with easy opponents for its
    next new game."""
    start(client, "pagat", preset_toggles("pagat"), "first", level="strong")
    response = client.post("/games", data={"seed": "again", "rules": "ddv"})
    assert response.status_code == 200
    start(client, "pagat", preset_toggles("pagat"), "later", level="easy")
    return str(response.url.path)


def test_a_tables_how_to_play_explains_the_tables_rules(client: TestClient) -> None:
    table = client.get(ddv_game_beside_remembered_pagat(client)).text
    link = how_to_play_link(table)
    assert link == "/how-to-play?rules=ddv"
    explained = client.get(link).text
    assert named_rules("ddv") in explained
    assert "The winners score 1, plus 1 for each of under 90" in explained
    remembered = client.get("/how-to-play").text
    assert named_rules("pagat") in remembered
    assert "The winners score 1 (and 1 more if Kontra won outside a solo)" in remembered


def test_a_rules_key_with_spaces_and_signs_reaches_how_to_play_whole(client: TestClient) -> None:
    toggles = {**preset_toggles("pagat"), "hands_per_game": "4"}
    game_url = start(client, "pagat", toggles, "four")
    link = how_to_play_link(client.get(game_url).text)
    assert link == "/how-to-play?rules=pagat%2Bhands_per_game%3D4"
    assert named_rules("pagat+hands_per_game=4") in client.get(link).text


def test_a_tables_dialog_starts_from_the_tables_rules_and_level(client: TestClient) -> None:
    game_url = ddv_game_beside_remembered_pagat(client)
    table = client.get(game_url).text
    assert checked(table) == {"preset": "ddv", "level": "strong"}
    assert dialog_hint(table).startswith("Now playing: German club rules (DDV), strong opponents.")
    home = client.get("/").text
    assert checked(home) == {"preset": "pagat", "level": "easy"}
    assert dialog_hint(home).startswith(
        "Your rules: pagat.com rules, easy opponents. A new game starts with the rules you "
        "choose (the game in progress keeps its own)"
    )


def test_a_finished_games_table_explains_its_rules_and_offers_the_remembered(
    client: TestClient,
) -> None:
    """Over, the table still names its rules, and its How to play explains them; its Rules
    dialog offers the next game, from the rules remembered."""
    game_url = start(client, "ddv", {"hands_per_game": "1"}, "over")
    play_game(client, game_url)
    client.post("/rules", data={"preset": "pagat", "level": "easy", **preset_toggles("pagat")})
    client.get("/")
    finished = client.get(game_url).text
    assert how_to_play_link(finished) == "/how-to-play?rules=ddv%2Bhands_per_game%3D1"
    assert checked(finished) == {"preset": "pagat", "level": "easy"}
    assert not dialog_hint(finished).startswith("Now playing")


@pytest.mark.parametrize(
    "key",
    [
        "pagat+nonsense",
        "ddv+pagat",
        "+",
        "x" * 200,
        "pagat+second_dulle_beats_first+hands_per_game=1",
    ],
)
def test_how_to_play_refuses_rules_that_do_not_exist(client: TestClient, key: str) -> None:
    response = client.get("/how-to-play", params={"rules": key})
    assert response.status_code == 400
    assert "These are not rules this game knows." in response.text


def test_how_to_play_refuses_an_overlong_rules_key(client: TestClient) -> None:
    response = client.get("/how-to-play", params={"rules": "x" * 201})
    assert response.status_code in (400, 422)
    assert "<html" in response.text


@pytest.mark.parametrize(
    ("key", "nobody_wins"),
    [
        (
            "pagat",
            "When nobody wins, each side scores only 1 for each level the other side fell "
            "under and 2 for each step the other side announced and failed",
        ),
        (
            "ddv",
            "When nobody wins, each side scores only 1 for each level the other side fell "
            "under, its points against announcements",
        ),
    ],
)
def test_how_to_play_gives_the_targets_of_a_level_called(
    client: TestClient, key: str, nobody_wins: str
) -> None:
    """§7: a side that called no 90, no 60, no 30 needs 151, 181, 211; the other side, with no
    such call of its own, 90, 60, 30; both can fall short only when both called one."""
    page = words(client.get(f"/how-to-play?rules={key}").text)
    assert (
        "A side that made such a call needs 151, 181 or 211 card points for its highest "
        "(every trick for schwarz); a side that made none then needs only 90, 60 or 30 (one "
        "trick against schwarz). When both sides made one and both fall short, nobody wins."
    ) in page
    assert nobody_wins in page
