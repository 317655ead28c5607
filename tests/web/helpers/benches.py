"""A bench script run as its user runs it (`python bench/<script>`, from the project's root),
for the tests that read what it prints. Shared by the tests of the benches."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run_bench(script: str, *options: str, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    """`script` (a path under the root, e.g. `bench/flood.py`) with `options`; its output."""
    command = [sys.executable, script, *options]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
