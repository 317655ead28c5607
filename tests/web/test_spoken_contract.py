"""The live region reads the contract out: a reservation is shown on the table but not read,
and a solo changes which cards are trumps, so a player who cannot see the table must hear
what is played. The contract is read once, as the first line of the answer that settled it;
a bot's silent solo is read as a normal game until its second Q♣ shows it (§5)."""

from __future__ import annotations

import html
import re

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.languages.words import CONTRACTS
from app.table.speech import _hochzeit_words as hochzeit_words
from engine import PAGAT, Contract, Phase, view_of
from tests.helpers.hochzeit import hochzeit, trick_plays, winners_for
from tests.scripting import run
from tests.web.driver import default_choice, play_game
from tests.web.helpers.rules_shown import hand_on_table, start
from tests.web.helpers.spoken_contract import CASES, ENGLISH, later_lines, named


def spoken(body: str) -> list[str]:
    lines = re.findall(r'<li data-at="\d+">(.*?)</li>', body, re.S)
    return [html.unescape(line) for line in lines]


def is_contract_line(line: str) -> bool:
    return any(line == words or line.startswith(f"{words}: ") for words in CONTRACTS.values())


@pytest.mark.parametrize(("level", "seed", "reservation", "contract"), CASES)
def test_the_contract_is_read_once_when_it_is_settled(
    app: FastAPI, client: TestClient, level: str, seed: str, reservation: str, contract: Contract
) -> None:
    game_url = start(client, "pagat", {"hands_per_game": "1"}, seed, level)
    answers: list[tuple[Phase, list[str]]] = []

    def observe(response: httpx.Response) -> None:
        answers.append((hand_on_table(app, game_url).phase, spoken(response.text)))

    def choose(actions: list[str]) -> str:
        return reservation if reservation in actions else default_choice(actions)

    play_game(client, game_url, choose, observe)
    hand = hand_on_table(app, game_url)
    assert hand.contract is contract, f"the {seed} deal now makes another contract: pick another"
    settled = next(n for n, (phase, _) in enumerate(answers) if phase is not Phase.RESERVATIONS)
    known = Contract.HOCHZEIT if contract is Contract.HOCHZEIT_SOLO else contract
    if contract is Contract.SILENT_SOLO and hand.declarer != 0:
        known = Contract.NORMAL
    declarer = None if known is Contract.NORMAL else hand.declarer
    assert answers[settled][1][:1] == [named(known, declarer)]
    read_later = [line for _, lines in answers[settled + 1 :] for line in lines]
    expected = later_lines(hand)
    for before, line in expected:
        assert read_later[read_later.index(line) - 1] == before
    said = [line for line in read_later if is_contract_line(line) or line.startswith("Re in the")]
    assert said == [line for _, line in expected]


@pytest.mark.parametrize(
    ("partner", "said"),
    [(1, "Re in the Hochzeit: You and Lena"), (None, "Hochzeit played alone: You")],
)
def test_a_hochzeit_is_said_with_its_partner_or_alone(partner: int | None, said: str) -> None:
    """A Hochzeit played alone needs three tricks nobody else wins: rare in a dealt game."""
    winners = winners_for(3 if partner is None else 1, partner)
    hand = hochzeit(PAGAT, winners[:-1])
    run(hand, "; ".join(trick_plays(len(winners), winners[-1])))
    assert hand.clarification is not None
    assert hochzeit_words(view_of(hand, 0), ENGLISH) == said
