"""A server restart in the middle of a hand loses nothing: the same player (cookie signed with
the same secret) finds the same table on the same database and plays the hand to its end."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

import httpx
import pytest

from engine import deal
from tests.live import LiveServer

SEED = "restart-1"
MAX_MOVES = 60
ACTION = re.compile(r'data-action="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
CARD_LABEL = re.compile(r'aria-label="([^"]+)"')


@dataclass(frozen=True)
class Seen:
    """What the human sees of the table: enough to tell two states apart."""

    version: int
    actions: tuple[str, ...]
    hand: tuple[str, ...]

    @staticmethod
    def of(page: str) -> Seen:
        version = VERSION.search(page)
        assert version is not None, "no state version on the table"
        start = page.index('<div class="hand"')
        hand = page[start : page.index("</div>", start)]
        return Seen(
            int(version.group(1)),
            tuple(sorted(html.unescape(a) for a in ACTION.findall(page))),
            tuple(html.unescape(label) for label in CARD_LABEL.findall(hand)[1:]),
        )


def next_move(seen: Seen) -> str:
    """Healthy in the reservations, else the first playable card, else the first choice."""
    if "healthy" in seen.actions:
        return "healthy"
    plays = [action for action in seen.actions if action.startswith("play ")]
    others = [action for action in seen.actions if not action.startswith("announce ")]
    return (plays or others)[0]


def move(client: httpx.Client, game: str, page: str) -> str:
    """One human action the way htmx sends it; returns the new table fragment."""
    seen = Seen.of(page)
    data = {"version": str(seen.version), "action": next_move(seen)}
    answer = client.post(f"{game}/actions", data=data, headers={"HX-Request": "true"})
    assert answer.status_code == 200, answer.text
    return answer.text


def test_restart_mid_hand_then_play_on(new_server: Callable[[], LiveServer]) -> None:
    server = new_server()
    server.start()
    with httpx.Client(base_url=server.url, timeout=10) as client:
        started = client.post("/games", data={"seed": SEED})
        assert started.status_code == 303
        game = started.headers["location"]
        page = client.get(game).text
        for _ in range(4):
            page = move(client, game, page)
        before = Seen.of(page)
        assert before.version >= 4 and len(before.hand) == 9

        server.stop()
        with pytest.raises(httpx.TransportError):
            client.get(game)
        server.start()

        assert f'href="{game}"' in client.get("/").text, "home offers to continue the game"
        reloaded = client.get(game)
        assert reloaded.status_code == 200
        assert Seen.of(reloaded.text) == before

        page = reloaded.text
        for _ in range(MAX_MOVES):
            if 'class="summary"' in page:
                break
            page = move(client, game, page)
        assert 'class="summary"' in page, "the hand did not reach its end"
        assert Seen.of(page).hand == ()
        record = client.get(f"{game}/hands/1/record.json")
        assert record.status_code == 200
        hand = record.json()
        assert sorted(hand["hands"][0].split()) == sorted(str(c) for c in deal(SEED, 0).hands[0])
        assert sum(1 for action in hand["actions"] if action["act"] == "play") == 48
