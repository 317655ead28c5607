"""Golden transcripts: whole hands whose replay and --trace output are stored in tests/golden/.

Any change of the engine's behaviour on these hands shows up as a diff. If the change is
intended, regenerate with `python scripts/make_golden.py` and review the diff of the files.
"""

from __future__ import annotations

import difflib
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from engine.replay import run

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
MAX_BYTES = 1_500_000


def load_make_golden() -> ModuleType:
    """scripts/ is not a package: load the generator from its file."""
    path = ROOT / "scripts" / "make_golden.py"
    spec = importlib.util.spec_from_file_location("make_golden", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


make_golden = load_make_golden()
NAMES = [case.name for case in make_golden.CASES]


def read(name: str) -> str:
    return (GOLDEN / name).read_text(encoding="utf-8")


def printed(lines: list[dict[str, object]]) -> str:
    """The text the command prints for these objects: one JSON object per line."""
    return "".join(json.dumps(line) + "\n" for line in lines)


def readable(text: str) -> list[str]:
    """Each JSON line spread out, one field or list item per line, so a diff points at the
    value that changed rather than at a whole trace line."""
    spread = []
    for number, line in enumerate(text.splitlines()):
        try:
            pretty = json.dumps(json.loads(line), indent=1)
        except json.JSONDecodeError:
            pretty = line
        spread += [f"{number}: {part}" for part in pretty.splitlines()]
    return spread


def assert_same_text(name: str, actual: str, expected: str) -> None:
    """Fails with a unified diff, stored file first, of the text spread out by `readable`."""
    if actual == expected:
        return
    diff = difflib.unified_diff(
        readable(expected), readable(actual), f"golden/{name}", "now", lineterm=""
    )
    shown = list(diff)[:120] or ["(only the spacing of the JSON differs)"]
    pytest.fail(f"{name} differs from the engine's output now:\n" + "\n".join(shown))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize(("suffix", "trace"), [(".replay.json", False), (".trace.jsonl", True)])
def test_replay_matches_the_stored_output(name: str, suffix: str, trace: bool) -> None:
    lines, code = run(read(f"{name}.record.json"), trace)
    assert code == 0
    assert_same_text(name + suffix, printed(lines), read(name + suffix))


@pytest.mark.parametrize("name", NAMES)
def test_make_golden_reproduces_the_stored_record(name: str) -> None:
    """The seeded random play still makes the same hand; if not, the legal actions or the
    deal changed."""
    case = next(case for case in make_golden.CASES if case.name == name)
    assert_same_text(
        f"{name}.record.json", make_golden.record_text(case), read(f"{name}.record.json")
    )


def test_the_golden_directory_holds_exactly_the_generated_files() -> None:
    expected = {f"{name}{suffix}" for name in NAMES for suffix in make_golden.SUFFIXES}
    present = {path.name for path in GOLDEN.iterdir()}
    assert present == expected
    assert sum((GOLDEN / name).stat().st_size for name in present) < MAX_BYTES


def test_the_golden_hands_cover_the_contracts() -> None:
    """A normal game, a declared solo, a Hochzeit, an Armut and a ddv hand, all complete."""
    results = {name: json.loads(read(f"{name}.replay.json")) for name in NAMES}
    contracts = {result["contract"] for result in results.values()}
    assert {"normal", "hochzeit", "armut"} <= contracts
    assert any(contract.startswith("solo-") for contract in contracts)
    rules = [json.loads(read(f"{name}.record.json"))["rules"] for name in NAMES]
    assert any(r == "ddv" or (isinstance(r, dict) and r["preset"] == "ddv") for r in rules)
    assert all(sum(result["scores"]) == 0 for result in results.values())
    assert all(result["announced"] != {"re": None, "kontra": None} for result in results.values())


def test_the_command_prints_the_stored_trace() -> None:
    """The real command, not only `run`, prints exactly the stored text."""
    name = NAMES[0]
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", "--trace", str(GOLDEN / f"{name}.record.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    assert_same_text(f"{name}.trace.jsonl", done.stdout, read(f"{name}.trace.jsonl"))
