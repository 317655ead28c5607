"""The suite's own shape (issue 28, item 4): helpers that several test modules share live in
conftest.py or a helper module (`tests/helpers/`, `tests/web/helpers/`,
`tests/browser/helpers/`, `tests/web/driver.py`, …), never in a test module another imports, so
a test module can be read, moved or deleted on its own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
TEST_MODULE = re.compile(r"(^|\.)test_\w+$")


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports from, relative imports made absolute."""
    found = set()
    package = path.relative_to(TESTS.parent).parent.parts
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            found.add(".".join(part for part in (base, node.module or "") if part))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_test_module_imports_another() -> None:
    offenders = {
        str(path.relative_to(TESTS)): sorted(
            m for m in imported_modules(path) if TEST_MODULE.search(m)
        )
        for path in sorted(TESTS.rglob("*.py"))
    }
    assert not {path: modules for path, modules in offenders.items() if modules}
