"""The live region reads the contract out: a reservation is shown on the table but not read,
and a solo changes which cards are trumps, so a player who cannot see the table must hear
what is played. The contract is read once, as the first line of the answer that settled it;
a bot's silent solo is read as a normal game until its second Q♣ shows it (§5)."""

from __future__ import annotations

import gettext
import html
import re

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.words import CONTRACTS, card_name, seat_name
from engine import Card, Contract, Phase, Rank, Suit
from tests.web.driver import play_game
from tests.web.test_rules_shown import hand_on_table, seed_with_both_queens_of_clubs

ENGLISH = gettext.NullTranslations()
QUEEN_OF_CLUBS = Card(Suit.CLUBS, Rank.QUEEN)


def spoken(body: str) -> list[str]:
    lines = re.findall(r'<li data-at="\d+">(.*?)</li>', body, re.S)
    return [html.unescape(line) for line in lines]


def named(contract: Contract, declarer: int | None) -> str:
    words = CONTRACTS[contract]
    return words if declarer is None else f"{words}: {seat_name(declarer, ENGLISH)}"


def is_contract_line(line: str) -> bool:
    return any(line == words or line.startswith(f"{words}: ") for words in CONTRACTS.values())


def start(client: TestClient, level: str, seed: str) -> str:
    form = {"preset": "pagat", "level": level, "hands_per_game": "1"}
    assert client.post("/rules", data=form, follow_redirects=False).status_code == 303
    response = client.post("/games", data={"seed": seed}, follow_redirects=False)
    return str(response.headers["location"])


CASES = [
    pytest.param("easy", "plain-7", Contract.HOCHZEIT, id="a-bots-hochzeit"),
    pytest.param(
        "easy", seed_with_both_queens_of_clubs(0, False), Contract.SILENT_SOLO, id="own-silent-solo"
    ),
    pytest.param(
        "easy", seed_with_both_queens_of_clubs(2, False), Contract.SOLO_CLUBS, id="a-bots-solo"
    ),
    pytest.param("normal", "queens-204", Contract.SILENT_SOLO, id="a-bots-silent-solo"),
    pytest.param("normal", "plain-1", Contract.NORMAL, id="a-normal-game"),
]


@pytest.mark.parametrize(("level", "seed", "contract"), CASES)
def test_the_contract_is_read_once_when_it_is_settled(
    app: FastAPI, client: TestClient, level: str, seed: str, contract: Contract
) -> None:
    game_url = start(client, level, seed)
    answers: list[tuple[Phase, list[str]]] = []

    def observe(response: httpx.Response) -> None:
        answers.append((hand_on_table(app, game_url).phase, spoken(response.text)))

    play_game(client, game_url, observe=observe)
    hand = hand_on_table(app, game_url)
    assert hand.contract is contract, f"the {seed} deal now makes another contract: pick another"
    settled = next(n for n, (phase, _) in enumerate(answers) if phase is not Phase.RESERVATIONS)
    silent_bot = hand.contract is Contract.SILENT_SOLO and hand.declarer != 0
    first_words = (
        named(Contract.NORMAL, None) if silent_bot else named(hand.contract, hand.declarer)
    )
    assert answers[settled][1][:1] == [first_words]
    read_later = [line for _, lines in answers[settled + 1 :] for line in lines]
    if not silent_bot:
        assert not any(is_contract_line(line) for line in read_later)
        return
    assert hand.declarer is not None
    queen = f"{seat_name(hand.declarer, ENGLISH)}: {card_name(QUEEN_OF_CLUBS, ENGLISH)}"
    second_queen = [n for n, line in enumerate(read_later) if line == queen][1]
    revealed = named(Contract.SILENT_SOLO, hand.declarer)
    assert read_later[second_queen + 1] == revealed
    assert [line for line in read_later if is_contract_line(line)] == [revealed]
