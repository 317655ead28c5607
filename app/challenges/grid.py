"""The board's hand-by-hand grid in words, made in Python before the page is rendered: a
board of 50 players has 400 and more cells, and working each one's words out in the
template (the points written the language's way, a contract's name, who held Re) took most
of the page's time (`bench/challenge_board.py`). Each number, contract and set of Re seats
is put in words once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from app.challenges.board import Board
from app.challenges.words import contract_words, re_words
from app.languages.i18n import Translator
from app.operations.urls import review_url


@dataclass(frozen=True)
class Cell:
    points: str
    contract: str
    re: str
    own: bool
    review_url: str | None
    """The viewer's own hand: its review."""


def grid(board: Board, t: Translator, signed: Callable[[int], str]) -> list[list[Cell | None]]:
    """Per hand the viewer may see, a cell per column (None where a game has no such hand);
    `signed` writes a number of points."""
    numbers: dict[int, str] = {}
    contracts: dict[str, str] = {}
    teams: dict[tuple[int, ...], str] = {}

    def cell(hand: dict[str, Any], own: bool, game_id: str | None) -> Cell:
        points = int(hand["points"])
        if points not in numbers:
            numbers[points] = signed(points)
        contract = hand["contract"]
        if contract not in contracts:
            contracts[contract] = contract_words(hand, t)
        seats = tuple(hand["re"])
        if seats not in teams:
            teams[seats] = re_words(hand, t)
        url = review_url(game_id, int(hand["record"])) if game_id else None
        return Cell(numbers[points], contracts[contract], teams[seats], own, url)

    rows: list[list[Cell | None]] = []
    for number in range(min(board.seen, len(board.hands))):
        row: list[Cell | None] = []
        for entry in board.columns:
            game_id = entry.game_id if entry.own else None
            inside = number < len(entry.hands)
            row.append(cell(entry.hands[number], entry.own, game_id) if inside else None)
        rows.append(row)
    return rows
