"""Games started with given rules, and seeds with both Q♣ in one hand. Shared by several test
modules (moved out of `tests/web/test_rules_shown.py`, so that no test module imports another)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.languages.i18n import translations
from app.languages.rules_names import rules_name
from app.storage.models import GameRow
from app.table.service import replay_game
from app.table.store import HANDS
from engine import Hand, RuleSet, deal
from engine.cards import Card, Rank, Suit

ENGLISH = translations("en")


def start(
    client: TestClient, preset: str, toggles: dict[str, str], seed: str, level: str = "easy"
) -> str:
    """A game with these rules and level (chosen in the Rules dialog) and deals; its URL."""
    form = {"preset": preset, "level": level, **toggles}
    assert client.post("/rules", data=form, follow_redirects=False).status_code == 303
    response = client.post("/games", data={"seed": seed}, follow_redirects=False)
    assert response.status_code == 303
    return str(response.headers["location"])


def hand_on_table(app: FastAPI, game_url: str) -> Hand:
    """The hand being played, rebuilt from the stored game (the facts of the moment)."""
    game_id = game_url.rsplit("/", 1)[1]
    with Session(app.state.engine) as session:
        row = session.get(GameRow, game_id)
        assert row is not None
        query = select(HANDS.c.actions).where(HANDS.c.game_id == game_id)
        log = list(session.scalars(query.order_by(HANDS.c.number)))
        game, _ = replay_game(RuleSet.from_key(row.rules_key), row.seed, log)
    return game.hand


def seed_with_both_queens_of_clubs(seat: int, without_nines: bool) -> str:
    """Deals whose first hand gives `seat` both Q♣ (a Hochzeit, or a silent solo)."""
    queen = Card(Suit.CLUBS, Rank.QUEEN)
    for number in range(500):
        seed = f"queens-{number}"
        hands = deal(seed, 0, 0, without_nines).hands
        if sum(1 for card in hands[seat] if card == queen) == 2:
            return seed
    raise AssertionError("no such deal")


def named_rules(key: str) -> str:
    """How a page names the rule set of `key` in English: its words, with the key beside them
    for whoever wants it (`app.languages.rules_names`)."""
    return f'<span class="rules-name" data-rules="{key}">{escape(rules_name(key, ENGLISH))}</span>'
