"""What the live region reads of a change of who plays with whom is also shown, as a notice
over the table, to a player who sees it and hears nothing: the contract a reservation settled
(a solo, a Hochzeit; not a normal game, which nobody declared), a bot's silent solo when its
second Q♣ shows it, and a Hochzeit's partner (or its being played alone). Each notice is the
live region's own line, shown at the moment it is read; bot cards, tricks and calls are not
notices. An Armut settled is shown by its outcome, the table's Armut line (who took the
cards, how many trumps came back)."""

from __future__ import annotations

import html
import re

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from engine import Contract
from tests.browser.helpers.table import poor_seed
from tests.web.driver import default_choice, finished_first_hand, play_game, start_game
from tests.web.helpers.rules_shown import hand_on_table, start
from tests.web.helpers.spoken_contract import CASES, later_lines, named

ARMUT_NOTE = re.compile(r'<p class="armut-note">(.*?)</p>', re.S)
NEWS = re.compile(r'<p class="news" aria-hidden="true" data-vars="--at:(\d+)ms">(.*?)</p>', re.S)
SPOKEN = re.compile(r'<li data-at="(\d+)">(.*?)</li>', re.S)


def lines(pattern: re.Pattern[str], body: str) -> list[tuple[int, str]]:
    return [(int(at), html.unescape(text)) for at, text in pattern.findall(body)]


@pytest.mark.parametrize(("level", "seed", "reservation", "contract"), CASES)
def test_a_change_of_teams_is_shown_as_it_is_read(
    app: FastAPI, client: TestClient, level: str, seed: str, reservation: str, contract: Contract
) -> None:
    game_url = start(client, "pagat", {"hands_per_game": "1"}, seed, level)
    shown: list[tuple[int, str]] = []

    def observe(response: httpx.Response) -> None:
        news = lines(NEWS, response.text)
        assert set(news) <= set(lines(SPOKEN, response.text)), "a notice is a line read, then"
        shown.extend(news)

    def choose(actions: list[str]) -> str:
        return reservation if reservation in actions else default_choice(actions)

    play_game(client, game_url, choose, observe)
    hand = hand_on_table(app, game_url)
    assert hand.contract is contract, f"the {seed} deal now makes another contract: pick another"
    silent = contract is Contract.SILENT_SOLO and hand.declarer != 0
    known = Contract.HOCHZEIT if contract is Contract.HOCHZEIT_SOLO else contract
    declared = [] if silent or known is Contract.NORMAL else [named(known, hand.declarer)]
    assert [text for _, text in shown] == declared + [line for _, line in later_lines(hand)]


def test_an_armut_is_shown_by_its_outcome(client: TestClient) -> None:
    game_url = start(client, "pagat", {"hands_per_game": "1", "armut": "on"}, poor_seed())
    shown: list[tuple[list[str], list[str]]] = []

    def observe(response: httpx.Response) -> None:
        news = [text for _, text in lines(NEWS, response.text)]
        shown.append((news, [html.unescape(note) for note in ARMUT_NOTE.findall(response.text)]))

    def choose(actions: list[str]) -> str:
        return "armut" if "armut" in actions else default_choice(actions)

    play_game(client, game_url, choose, observe)
    told = [(news, notes) for news, notes in shown if news]
    assert len(told) == 1, told
    news, notes = told[0]
    assert news == notes and "took the cards" in news[0]


def test_a_hand_played_out_without_calls_says_none_were_made(client: TestClient) -> None:
    """ "No announcements yet." promised some to come under the hand's final score."""
    url = start_game(client, "calm1")
    assert "No announcements yet." in client.get(url).text
    finished = finished_first_hand(client, url)
    assert "No announcements." in finished and "No announcements yet." not in finished
