"""A player's restore key (`app.play.players`): a player is a cookie, so a browser that
cleared its cookies, or another device, started as a new player and lost the games, the
history, the streak and the nickname. A key made on the player's page brings them back to
any browser; it is shown once, kept only as its hash, and a new key replaces the old."""

from __future__ import annotations

import html
import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.play.players import NO_KEY_YET, make_restore_key
from app.storage.models import GameRow, Player
from tests.web.driver import start_game
from tests.web.helpers.daily import rows
from tests.web.helpers.rate_limits import Clock, assert_slow_down, limited

KEY_PAGE = "/players/key"
RESTORE = "/players/restore"
KEY = re.compile(r'data-restore-key value="([A-Z2-7]{4}(?:-[A-Z2-7]{4}){5})"')


def replacing(page: str) -> str:
    """The version of the key the page's make form would replace."""
    found = re.search(r'name="replacing" value="([^"]*)"', page)
    assert found is not None, page[:2000]
    return found.group(1)


def made_key(client: TestClient) -> str:
    """The key a new one's page shows, with Copy beside it (made from the key page)."""
    page = client.post(KEY_PAGE, data={"replacing": replacing(client.get(KEY_PAGE).text)})
    assert page.status_code == 200, page.text[:1000]
    assert page.headers["cache-control"] == "no-store"
    assert "data-share-copy" in page.text and "/js/share." in page.text
    found = KEY.search(page.text)
    assert found is not None, page.text[:2000]
    return found.group(1)


def player_of(application: FastAPI, client: TestClient) -> str:
    """The player of the client's one game."""
    game = client.get("/history").text
    ids = {row.id: row.player_id for row in rows(application, GameRow)}
    (player,) = {ids[found] for found in re.findall(r"/games/([0-9a-f]{32})", game)}
    return player


def test_a_key_brings_the_player_back_to_a_browser_without_its_cookie(
    app: FastAPI, client: TestClient
) -> None:
    game = start_game(client)
    key = made_key(client)
    (player,) = rows(app, Player)
    assert player.restore_key_hash is not None and key not in player.restore_key_hash
    with TestClient(app) as cleared:
        assert game not in cleared.get("/history").text, "a new browser is a new player"
        typed = key.lower().replace("-", " ")
        restored = cleared.post(RESTORE, data={"key": typed}, follow_redirects=False)
        assert restored.status_code == 303 and restored.headers["location"] == "/history"
        assert game in cleared.get("/history").text
        assert cleared.get(game).status_code == 200, "the game itself is the player's again"
        assert player_of(app, cleared) == player.id


def test_a_key_copied_with_digits_for_the_letters_they_look_like_restores(
    app: FastAPI, client: TestClient
) -> None:
    """A key holds no 0, 1 or 8 (its digits are 2 to 7): copied from paper, they are the O,
    I and B they look like; a phone's notes turn its dashes into en dashes, or its letters
    into full-width ones."""
    start_game(client)
    key = made_key(client)
    while not set(key) & set("OIB"):
        key = made_key(client)
    typed = key.replace("O", "0").replace("I", "1").replace("B", "8").replace("-", "\u2013")
    typed = typed[:-1] + chr(0xFF21 + ord(typed[-1]) - ord("A")) if typed[-1].isalpha() else typed
    with TestClient(app) as cleared:
        restored = cleared.post(RESTORE, data={"key": typed}, follow_redirects=False)
        assert restored.status_code == 303, typed
        assert player_of(app, cleared) == player_of(app, client)
        refused = cleared.post(RESTORE, data={"key": key[:-1] + "9"})
        assert "letters and digits from 2 to 7" in refused.text


def test_the_key_is_shown_only_as_it_is_made(app: FastAPI, client: TestClient) -> None:
    start_game(client)
    key = made_key(client)
    for page in (KEY_PAGE, "/history", "/"):
        text = client.get(page).text
        assert key not in text and key.replace("-", "") not in text
    assert "You made a key before" in client.get(KEY_PAGE).text


def test_a_new_key_replaces_the_old(app: FastAPI, client: TestClient) -> None:
    start_game(client)
    old, new = made_key(client), made_key(client)
    assert old != new
    with TestClient(app) as other:
        refused = other.post(RESTORE, data={"key": old})
        assert refused.status_code == 400
        assert "No player has this restore key" in refused.text
        assert other.post(RESTORE, data={"key": new}, follow_redirects=False).status_code == 303


def test_keys_that_restore_nobody_are_refused_with_the_reason(
    app: FastAPI, client: TestClient
) -> None:
    game = start_game(client)
    for typed, reason in [
        ("", "not a restore key"),
        ("ABCD-EFGH", "not a restore key"),
        ("ABCD-EFGH-IJKL-MNOP-QRST-UVW9", "not a restore key"),
        ("A" * 24, "No player has this restore key"),
        ("<script>-" * 7, "not a restore key"),
    ]:
        refused = client.post(RESTORE, data={"key": typed})
        assert refused.status_code == 400, typed
        assert reason in refused.text and 'aria-invalid="true"' in refused.text
        assert "<script>-" not in refused.text
        field = re.search(r'<input name="key"[^>]*>', refused.text)
        assert field is not None and "autofocus" in field.group(0), "the field in view, focused"
        assert f'value="{html.escape(typed)}"' in field.group(0), "given back to mend"
    words = f"Doko restore key (made on 7 Dec 2026, keep it safe!): {'A' * 24}"
    pasted = client.post(RESTORE, data={"key": words})
    assert pasted.status_code == 400 and "not a restore key" in pasted.text, "the field to mend"
    field = re.search(r'<input name="key"[^>]*>', pasted.text)
    assert field is not None
    room = re.search(r'maxlength="(\d+)"', field.group(0))
    assert room is not None and int(room.group(1)) >= len(words), "a paste fits the field whole"
    assert game in client.get("/history").text, "the browser keeps its player"


def test_a_browser_without_a_player_has_no_key_to_make(app: FastAPI, client: TestClient) -> None:
    page = client.get(KEY_PAGE).text
    assert "play a game first" in page
    assert f'action="{KEY_PAGE}"' not in page, "no button that can only be refused"
    assert f'action="{RESTORE}"' in page, "a key of another browser may still be typed"
    start_game(client, "first")
    assert f'action="{KEY_PAGE}"' in client.get(KEY_PAGE).text
    client.cookies.clear()
    refused = client.post(KEY_PAGE)
    assert refused.status_code == 400
    assert "play a game first" in refused.text
    assert len(rows(app, Player)) == 1


def test_keys_tried_past_the_limit_are_refused(tmp_path: Path) -> None:
    with (
        limited(tmp_path, Clock(), restores_per_ip=2) as application,
        TestClient(application) as guesser,
    ):
        for _ in range(2):
            assert guesser.post(RESTORE, data={"key": "B" * 24}).status_code == 400
        refused = guesser.post(RESTORE, data={"key": "B" * 24})
        assert_slow_down(refused)
        assert "Too many restore keys" in refused.text


def test_a_second_tap_or_tab_makes_no_second_key(app: FastAPI, client: TestClient) -> None:
    """Two answers of one page's form each showed a key, and only the one stored last
    restored anybody: the form names the key it replaces, so the second finds it replaced
    already, shows no key, and says where the working one is; its page's form then makes a
    key that works."""
    start_game(client)
    version = replacing(client.get(KEY_PAGE).text)
    first = client.post(KEY_PAGE, data={"replacing": version})
    found = KEY.search(first.text)
    assert first.status_code == 200 and found is not None
    second = client.post(KEY_PAGE, data={"replacing": version})
    assert second.status_code == 409 and KEY.search(second.text) is None
    assert "only the newest key works" in html.unescape(second.text)
    with TestClient(app) as other:
        restored = other.post(RESTORE, data={"key": found.group(1)}, follow_redirects=False)
        assert restored.status_code == 303
    again = client.post(KEY_PAGE, data={"replacing": replacing(second.text)})
    assert again.status_code == 200 and KEY.search(again.text) is not None
    assert client.post(KEY_PAGE).status_code == 409, "a form that names no key replaces none"


def test_of_two_keys_stored_at_once_only_the_first_is_made(
    app: FastAPI, client: TestClient
) -> None:
    """Two requests that pass the version check together (both read the player before either
    stores its key): the key is stored only while it is still the one read."""
    start_game(client)
    player_id = player_of(app, client)
    with app.state.sessions() as first, app.state.sessions() as second:
        first_player, second_player = first.get(Player, player_id), second.get(Player, player_id)
        assert first_player is not None and second_player is not None
        made = make_restore_key(first, first_player, NO_KEY_YET)
        assert made is not None
        assert make_restore_key(second, second_player, NO_KEY_YET) is None
    with TestClient(app) as other:
        restored = other.post(RESTORE, data={"key": made}, follow_redirects=False)
        assert restored.status_code == 303
        assert player_of(app, other) == player_id


def test_a_key_with_dots_or_invisible_spaces_between_its_groups_restores(
    app: FastAPI, client: TestClient
) -> None:
    start_game(client)
    key = made_key(client)
    for separator in (".", "\u200b", " · ", "_"):
        with TestClient(app) as cleared:
            typed = key.replace("-", separator)
            restored = cleared.post(RESTORE, data={"key": typed}, follow_redirects=False)
            assert restored.status_code == 303, repr(separator)


def test_a_browser_with_games_leaves_them_only_when_its_box_says_so(
    app: FastAPI, client: TestClient
) -> None:
    """Playing as the key's player leaves this browser's games with its present player,
    out of reach without a key of theirs: the form asks first, naming how many and how many
    are unfinished, and a restore without the box changes nothing (409, the key given back)."""
    key_game = start_game(client, "kept-1")
    key = made_key(client)
    with TestClient(app) as other:
        own = start_game(other, "left-2")
        page = other.get(KEY_PAGE).text
        box = re.search(r'<input type="checkbox" name="leave" value="(\w+)" required>', page)
        assert box is not None, "the box, which the browser asks to tick"
        assert "Leave this browser’s game, not finished yet, with its present player." in (
            html.unescape(page)
        )
        refused = other.post(RESTORE, data={"key": key}, follow_redirects=False)
        assert refused.status_code == 409
        assert "tick the box" in html.unescape(refused.text)
        typed = re.search(r'<input name="key"[^>]*>', refused.text)
        assert typed is not None and f'value="{key}"' in typed.group(0), "the key, given back"
        assert "aria-invalid" not in typed.group(0), "the key was right"
        unticked = re.search(r'<input type="checkbox" name="leave"[^>]*>', refused.text)
        assert unticked is not None and 'aria-invalid="true"' in unticked.group(0)
        assert "autofocus" in unticked.group(0), "the box the message is about, focused"
        assert own in other.get("/history").text and other.get(own).status_code == 200
        left = other.post(RESTORE, data={"key": key, "leave": box.group(1)})
        assert left.status_code == 200 and key_game in left.text and own not in left.text
    with TestClient(app) as fresh:
        page = fresh.get(KEY_PAGE).text
        assert 'name="leave"' not in page, "nothing to leave behind, nothing to tick"
        assert "The games it has now stay" not in page, "nor words about games it does not have"
        assert fresh.post(RESTORE, data={"key": key}, follow_redirects=False).status_code == 303


def test_the_players_own_key_needs_no_box(app: FastAPI, client: TestClient) -> None:
    game = start_game(client)
    key = made_key(client)
    assert client.post(RESTORE, data={"key": key}, follow_redirects=False).status_code == 303
    assert game in client.get("/history").text
