"""`python bench/decision_times.py`: every decision of the tested seat in arena records timed
again, whatever the number of workers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench.decision_times import main as decision_times
from bots.arena import main as arena
from engine import parse_record

DEALS = 2


def test_every_choice_of_the_tested_seat_is_timed_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "arena.jsonl"
    arena(
        [
            "--bot",
            "heuristic-v1",
            "--vs",
            "random-v1",
            "--deals",
            str(DEALS),
            "--seed",
            "times",
            "--records",
            str(records),
        ]
    )
    hands = [parse_record(line) for line in records.read_text().splitlines()]
    played = [hand for hand in hands if not hand.is_redeal]
    choices = forced = 0
    for number, record in enumerate(played):
        tested = number % 4
        hand = record.new_hand()
        for action in record.actions:
            if action.seat == tested:
                legal = len(hand.legal_actions(tested))
                choices += legal > 1
                forced += legal == 1
            hand.apply(action)
    capsys.readouterr()

    for workers in ("1", "2"):
        decision_times([str(records), str(records), "--bot", "heuristic-v1", "--workers", workers])
        out = capsys.readouterr().out.splitlines()
        assert out[0] == (
            f"heuristic-v1: {2 * choices} decisions in {2 * 4 * DEALS} hands"
            f" ({2 * forced} forced moves left out)"
        )
        assert re.fullmatch(r"wall: mean [\d.]+ ms, p95 [\d.]+ ms, longest [\d.]+ ms", out[1])
        assert re.fullmatch(r"  [\d.]+ [\d.]+ arena\.jsonl \d \d \d+", out[-1])
