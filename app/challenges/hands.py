"""What the challenge board keeps of a finished game: each hand's game points in seat 0,
the contract played, the Re seats and the hand's record number (Armut redeals counted, as
in its review's URL), worked out once from the replayed game when it ends: the board never
replays a game."""

from __future__ import annotations

from typing import Any

from app.table.service import HUMAN, Table, finished_records, finished_results, is_redeal

Hands = list[dict[str, Any]]


def hands_of(table: Table) -> Hands:
    """Per hand: `points`, `contract` (a `Contract` value), `re` (seats), `record`."""
    records = finished_records(table.game)
    numbers = [number for number, record in enumerate(records, 1) if not is_redeal(record)]
    return [
        {
            "points": result.scores[HUMAN],
            "contract": result.contract.value,
            "re": list(result.re),
            "record": number,
        }
        for result, number in zip(finished_results(table.game), numbers, strict=True)
    ]


def total_of(hands: Hands) -> int:
    return sum(int(hand["points"]) for hand in hands)
