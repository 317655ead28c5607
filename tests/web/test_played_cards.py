"""A card in a trick as the table and the review show it: the card that took a complete
trick is marked, and the words a screen reader says of each card (seat, card, and "wins the
trick" for the winner) come in the player's language from the presenter, so the card's
macro needs nothing of the request."""

from __future__ import annotations

import random
import re

from fastapi import FastAPI

from app.languages.i18n import translations
from app.languages.words import POSITIONS, card_name, seat_name
from app.table.card_faces import last_trick
from app.table.service import HUMAN, human_action, new_table
from bots.registry import bot_named
from engine import PRESETS, CardOrder, SeatView, card_order, view_of

PLAYED = re.compile(r'<div class="played at-(\w+) suit-\w( winner)?"[^>]*aria-label="([^"]*)"')


def a_hand_after_tricks(tricks: int) -> tuple[SeatView, CardOrder]:
    """A game of the default rules, the human playing as a bot would, after `tricks` tricks;
    returns the human's view and its card order."""
    bot = bot_named("heuristic-v1")
    table = new_table(PRESETS["pagat"], "played-cards", bot)
    rng = random.Random(7)
    while len(table.game.hand.tricks) < tricks:
        human_action(table, bot.choose(view_of(table.game.hand, HUMAN), rng))
    view = view_of(table.game.hand, HUMAN)
    order = card_order(view.contract, view.schweinchen is not None)
    return view, order


def test_the_winner_of_the_last_trick_is_marked_and_named() -> None:
    view, order = a_hand_after_tricks(3)
    t = translations("en")
    shown = last_trick(view, order, t)
    assert shown is not None
    trick = view.tricks[-1]
    assert shown.winner == POSITIONS[trick.winner]
    assert [played.wins for played in shown.cards] == [
        seat == trick.winner for seat, _ in trick.plays()
    ]
    for played, (seat, card) in zip(shown.cards, trick.plays(), strict=True):
        said = f"{seat_name(seat, t)}: {card_name(card, t)}"
        assert played.label == (f"{said}, wins the trick" if seat == trick.winner else said)
        assert played.position == POSITIONS[seat]


def test_the_words_of_a_played_card_are_in_the_players_language() -> None:
    view, order = a_hand_after_tricks(3)
    german = translations("de")
    shown = last_trick(view, order, german)
    assert shown is not None
    (seat, card), winner = next(
        (play, played)
        for play, played in zip(view.tricks[-1].plays(), shown.cards, strict=True)
        if played.wins
    )
    words = {"name": seat_name(seat, german), "card": card_name(card, german)}
    expected = german.gettext("%(name)s: %(card)s, wins the trick") % words
    assert winner.label == expected and "wins the trick" not in expected


def test_the_page_marks_the_card_that_took_the_last_trick(app: FastAPI) -> None:
    view, order = a_hand_after_tricks(2)
    template = app.state.templates.env.get_template("cards.html")
    shown = last_trick(view, order, translations("en"))
    assert shown is not None
    html = "".join(template.module.played_card(played) for played in shown.cards)
    cards = PLAYED.findall(html)
    assert [(position, bool(marked)) for position, marked, _ in cards] == [
        (played.position, played.wins) for played in shown.cards
    ]
    winners = [label for _, marked, label in cards if marked]
    assert len(winners) == 1 and winners[0].endswith(", wins the trick")


WHO = re.compile(
    r'<div class="played at-(\w+)[^>]*>.*?<span class="who" aria-hidden="true">(.*?)</span>', re.S
)


def test_each_card_of_a_trick_carries_its_players_name(app: FastAPI) -> None:
    """The small tricks (the last one, a review's) stand away from the table's seats, so each
    card names its player (shown there only, by the stylesheet)."""
    view, order = a_hand_after_tricks(2)
    template = app.state.templates.env.get_template("cards.html")
    shown = last_trick(view, order, translations("de"))
    assert shown is not None
    html = "".join(template.module.played_card(played) for played in shown.cards)
    named = dict(WHO.findall(html))
    german = translations("de")
    assert named == {POSITIONS[seat]: seat_name(seat, german) for seat in range(4)}
