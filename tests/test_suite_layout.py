"""The suite's own shape (issue 28, item 4): helpers that several test modules share live in
conftest.py or a helper module (`tests/helpers/`, `tests/web/helpers/`,
`tests/browser/helpers/`, `tests/web/driver.py`, …), never in a test module another imports, so
a test module can be read, moved or deleted on its own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
TEST_MODULE = re.compile(r"(^|\.)test_\w+$")
CONFTEST = re.compile(r"(^|\.)conftest$")
"""A conftest holds fixtures pytest hands out; a constant or helper shared by importing it
belongs in a helper module (pytest loads a conftest once per directory, imported again it is
a second copy)."""


def imported_modules(source: str, package: tuple[str, ...]) -> set[str]:
    """Every module a file of `package` imports from, relative imports made absolute, and
    every name it takes from one (`from tests.web import test_x` imports `tests.web.test_x`)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def imported_test_modules(path: Path, pattern: re.Pattern[str] = TEST_MODULE) -> list[str]:
    package = path.relative_to(TESTS.parent).parent.parts
    modules = imported_modules(path.read_text(), package)
    return sorted(module for module in modules if pattern.search(module))


def test_no_test_module_imports_another() -> None:
    offenders = {
        str(path.relative_to(TESTS)): modules
        for path in TESTS.rglob("*.py")
        if (modules := imported_test_modules(path))
    }
    assert not offenders


def test_no_module_imports_a_conftest() -> None:
    offenders = {
        str(path.relative_to(TESTS)): modules
        for path in TESTS.rglob("*.py")
        if (modules := imported_test_modules(path, CONFTEST))
    }
    assert not offenders


@pytest.mark.parametrize(
    "line",
    [
        "from tests.web.test_routes import played",
        "from tests.web import test_routes",
        "from . import test_routes",
        "from .test_routes import played",
        "import tests.web.test_routes",
    ],
)
def test_every_way_of_importing_a_test_module_is_seen(line: str) -> None:
    assert "tests.web.test_routes" in imported_modules(line, ("tests", "web"))
