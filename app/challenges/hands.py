"""What the challenge board keeps of a finished game: each hand's game points in seat 0,
the contract played, the Re seats and the hand's record number (Armut redeals counted, as
in its review's URL), worked out once from the replayed game when it ends: the board never
replays a game."""

from __future__ import annotations

from typing import Any

from app.table.service import HUMAN, Table

Hands = list[dict[str, Any]]


def hands_of(table: Table) -> Hands:
    """Per hand: `points`, `contract` (a `Contract` value), `re` (seats), `won` (seat 0's
    team won it), `record`."""
    records = table.game.finished_records
    numbers = [number for number, record in enumerate(records, 1) if not record.is_redeal]
    return [
        {
            "points": result.scores[HUMAN],
            "contract": result.contract.value,
            "re": list(result.re),
            "won": result.won_by(HUMAN),
            "record": number,
        }
        for result, number in zip(table.game.finished_results, numbers, strict=True)
    ]


def total_of(hands: Hands) -> int:
    return sum(int(hand["points"]) for hand in hands)
