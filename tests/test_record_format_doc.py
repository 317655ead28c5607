"""docs/record-format.md documents what `python -m engine.replay` prints: engine/replay.py,
engine/scoring.py, engine/contracts.py and
engine/announcements.py cite it for the result object, the contract names, the `announced`
steps, the phases and the exit codes, so each of those names must be in it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Contract
from engine.phases import Phase
from engine.replay import run

DOC = (Path(__file__).parent.parent / "docs" / "record-format.md").read_text(encoding="utf-8")
GOLDEN = Path(__file__).parent / "golden" / "normal-announced.record.json"


def _result_keys() -> list[str]:
    lines, code = run(GOLDEN.read_text(encoding="utf-8"), with_trace=False)
    assert code == 0
    return sorted(lines[0])


TERMS: list[tuple[str, str]] = [
    *((f"`{key}`", "a field of the result object") for key in _result_keys()),
    *((f"`{contract.value}`", "a contract name") for contract in Contract),
    *((f"`{phase.value}`", "a phase of --trace and of an incomplete hand") for phase in Phase),
    ('"incomplete": true', "the object of a hand in progress"),
    ('"redeal": true', "the object of an Armut nobody accepted"),
    ('"error": "illegal"', "the error object of a refused action"),
    ('"error": "invalid"', "the error object of a malformed record"),
    ("exits 0", "the exit code of a replayed record"),
    ("exits 2", "the exit code of a refused record"),
    ("`--trace`", "the trace option"),
    ("`no90`", "the `announced` value of a team's step"),
]


@pytest.mark.parametrize(("term", "what"), TERMS, ids=[term for term, _ in TERMS])
def test_the_record_format_doc_names(term: str, what: str) -> None:
    assert term in DOC, f"docs/record-format.md does not document {what}: {term}"


def test_the_doc_does_not_send_the_reader_back_to_the_code() -> None:
    assert "described in the engine's" not in DOC
    assert json.loads(GOLDEN.read_text(encoding="utf-8"))["format"] in DOC
