"""The sentence read out when a hand ends names the winner and the team its value is scored
for. They differ when the extras outweigh the win (docs/rules.md §8: the value goes to the team
with more points), and a hand nobody wins may still score."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from app.languages.i18n import translations
from app.languages.words import seat_name
from app.table.hand_summary import items_shown
from app.table.speech import _end_words
from engine import HandResult, ItemKind, Team
from engine.record import parse_record
from engine.rules import Scoring

RECORDS = Path(__file__).parent / "records"
ENGLISH = translations("en")


def played_out(name: str) -> HandResult:
    record = parse_record((RECORDS / name).read_text())
    hand = record.new_hand()
    for action in record.actions:
        hand.apply(action)
    return hand.result()


def test_re_wins_but_kontras_foxes_score_the_hand() -> None:
    """A real hand: Re reached its target, Kontra caught two foxes; Re's players score -1."""
    result = played_out("re-wins-kontra-scores.record.json")
    assert result.winner is Team.RE
    assert [result.scores[seat] for seat in result.re] == [-1, -1]
    assert _end_words(result, ENGLISH) == "The hand is over: Re wins, but Kontra scores 1."


def scored(winner: Team | None, re_score: int) -> HandResult:
    """The real hand's result with another winner and Re's players' score."""
    result = played_out("re-wins-kontra-scores.record.json")
    scores = tuple(re_score if seat in result.re else -re_score for seat in range(4))
    return replace(result, winner=winner, scores=scores, value=abs(re_score))


@pytest.mark.parametrize(
    ("winner", "re_score", "said"),
    [
        (Team.RE, 3, "The hand is over: Re wins, worth 3."),
        (Team.KONTRA, -2, "The hand is over: Kontra wins, worth 2."),
        (Team.KONTRA, 1, "The hand is over: Kontra wins, but Re scores 1."),
        (Team.RE, 0, "The hand is over: Re wins, but the points cancel out."),
        (None, 0, "The hand is over: nobody wins."),
        (None, 1, "The hand is over: nobody wins; Re scores 1."),
        (None, -2, "The hand is over: nobody wins; Kontra scores 2."),
    ],
)
def test_the_sentence_follows_the_winner_and_the_sign_of_the_score(
    winner: Team | None, re_score: int, said: str
) -> None:
    assert _end_words(scored(winner, re_score), ENGLISH) == said


def test_the_scoring_column_adds_up_to_the_hand_value() -> None:
    """The real hand where Re wins and Kontra's two foxes outweigh it: on the end-of-hand
    sheet Kontra's items count plus and Re's minus, so the column sums to the value a player
    sees below it, scored for Kontra."""
    result = played_out("re-wins-kontra-scores.record.json")
    assert result.scored_for is Team.KONTRA
    shown = items_shown(result, Scoring.PAGAT, ENGLISH)
    assert sum(item.points for item in shown) == result.value == 1
    assert {item.team for item in shown if item.points > 0} == {"Kontra"}
    assert {item.team for item in shown if item.points < 0} == {"Re"}


@pytest.mark.parametrize(("winner", "gainer"), [(Team.KONTRA, "Kontra"), (Team.RE, "Re")])
def test_a_hand_worth_0_is_signed_for_its_winner(winner: Team, gainer: str) -> None:
    """The extras cancel the win: the winner's items count plus, not minus."""
    shown = items_shown(scored(winner, 0), Scoring.PAGAT, ENGLISH)
    assert {item.team for item in shown if item.points > 0} == {gainer}


def test_a_fox_line_names_who_won_its_trick() -> None:
    """A name in brackets after the trick read as the fox's owner; the line says who won
    the trick that caught it."""
    result = played_out("re-wins-kontra-scores.record.json")
    lines = [item.text for item in items_shown(result, Scoring.PAGAT, ENGLISH)]
    foxes = [line for line in lines if line.startswith("caught a fox")]
    tricks = [item.trick for item in result.items if item.kind is ItemKind.FOX]
    assert len(foxes) == len(tricks) == 2
    for line, trick in zip(foxes, tricks, strict=True):
        winner = result.tricks[trick - 1].winner
        assert line.endswith(f" (trick {trick}, won by {seat_name(winner, ENGLISH)})"), line


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "(trick 4, won by you)"),
        ("de", "(Stich 4, von dir gewonnen)"),
        ("ru", "(взятка 4 — твоя)"),
        ("hu", "(4. ütés, te nyerted)"),
        ("ro", "(levata 4, câștigată de tine)"),
    ],
)
def test_a_trick_the_player_won_is_theirs_on_the_sheet(language: str, said: str) -> None:
    """The player's name dropped into the frame read "gewonnen von Du", "câștigată de Tu"."""
    result = played_out("re-wins-kontra-scores.record.json")
    tricks = list(result.tricks)
    tricks[3] = replace(tricks[3], winner=0)
    mine = replace(result, tricks=tuple(tricks))
    lines = [item.text for item in items_shown(mine, Scoring.PAGAT, translations(language))]
    assert sum(line.endswith(f" {said}") for line in lines) == 2, lines
