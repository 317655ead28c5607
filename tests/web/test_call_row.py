"""Issue 25, point 1: the call row keeps one place per step of the team's ladder, so that no
call moves under the finger. The steps the team has made stay in the row as marks that take
no tap; the open calls are buttons, the lowest the A key's, and from no 60 on each asks
again before it is made."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from app.languages.i18n import translations
from app.languages.words import action_text
from app.table.call_row import call_row
from app.table.table_notes import Control
from tests.web.driver import HTMX, data_actions, page_version, start_game
from tests.web.helpers.call_versions import SOLO_SEED, soloist_may_announce

ENGLISH = translations("en")
LADDER = ["Re", "No 90", "No 60", "No 30", "Schwarz"]


def places(body: str) -> list[tuple[str, str]]:
    """The call row's places in order: ("made", its word) or ("call", its action)."""
    row = re.search(r'<div class="announce".*?</form>', body, re.S)
    assert row is not None, "no call row"
    made = r'class="call-made"><span aria-hidden="true">✓</span> ([^<]+)<'
    found = re.findall(made + r'|data-action="([^"]+)"', row.group(0))
    return [("made", word) if word else ("call", action) for word, action in found]


def test_a_call_made_keeps_its_place(client: TestClient) -> None:
    game = start_game(client, SOLO_SEED)
    body = soloist_may_announce(client.post, client.get, game)
    assert places(body) == [
        ("call", "announce re"),
        ("call", "announce no90"),
        ("call", "announce no60"),
        ("call", "announce no30"),
        ("call", "announce schwarz"),
    ]
    data = {"version": str(page_version(body)), "action": "announce re"}
    body = client.post(f"{game}/actions", data=data, headers=HTMX).text
    assert places(body)[:2] == [("made", "Re"), ("call", "announce no90")]
    assert len(places(body)) == len(LADDER)
    data = {"version": str(page_version(body)), "action": "announce no60"}
    body = client.post(f"{game}/actions", data=data, headers=HTMX).text
    assert places(body) == [
        ("made", "Re"),
        ("made", "No 90"),
        ("made", "No 60"),
        ("call", "announce no30"),
        ("call", "announce schwarz"),
    ], "a skip makes the calls below it too"
    assert "announce re" not in data_actions(body)


def test_the_high_calls_ask_again() -> None:
    controls = [
        Control("announce no90", "No 90", True),
        Control("announce no60", "No 60"),
        Control("announce no30", "No 30"),
    ]
    row = call_row(controls, "kontra", ENGLISH)
    assert [place.label for place in row] == ["Kontra", "No 90", "No 60", "No 30"]
    assert [place.action for place in row][:1] == [None], "Kontra is made: a mark, no button"
    assert [place.next for place in row] == [False, True, False, False]
    assert [place.confirm for place in row] == [False, False, True, True]
    assert call_row((), "re", ENGLISH) == ()


def test_a_jump_past_the_next_call_asks_again() -> None:
    """A jump makes the calls below it too; on a phone no tooltip said so, and the second tap's
    question does."""
    controls = [Control("announce re", "Re", True), Control("announce no90", "No 90")]
    row = call_row(controls, "re", ENGLISH)
    assert [(place.confirm, place.jump) for place in row] == [(False, False), (True, True)]


TITLE = re.compile(r'data-action="announce (\w+)"[^>]*title="([^"]*)"', re.S)


def test_german_announces_a_team_and_bids_away_a_level(client: TestClient) -> None:
    """German says "ansagen" of Re and Kontra but "absagen" of no 90 and beyond (Ansage and
    Absage): the buttons' titles, their questions and the review's words of a choice."""
    client.get("/language?lang=de&back=/")
    game = start_game(client, SOLO_SEED)
    body = soloist_may_announce(client.post, client.get, game)
    titles = dict(TITLE.findall(body))
    assert titles["re"] == "„Re“ ansagen"
    assert titles["no90"] == "„Keine 90“ absagen (alles darunter gilt mit)"
    data = {"version": str(page_version(body)), "action": "announce re"}
    body = client.post(f"{game}/actions", data=data, headers=HTMX).text
    titles = dict(TITLE.findall(body))
    assert titles["no90"] == "„Keine 90“ absagen"
    assert "absagen? Alles darunter gilt mit, und nichts davon lässt sich zurücknehmen" in body
    german = translations("de")
    assert action_text("announce re", german) == "„Re“ ansagen"
    assert action_text("announce no90", german) == "„Keine 90“ absagen"
    assert action_text("announce no90", ENGLISH) == action_text("announce re", ENGLISH).replace(
        "Re", "No 90"
    )
