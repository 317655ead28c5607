"""The engine's modules import one another without a circle: every import counts, those under
`if TYPE_CHECKING:` and inside functions too, since a circle there still ties the modules into
one knot that can only be read, tested and moved together."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


PACKAGE = "__init__"
"""The package's own module: `from engine import Hand` runs it, and it imports every module."""


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The engine modules that one file imports, by module name (`engine.x` → `x`; a name
    taken from the package itself → `__init__`). Every `engine.x` import runs the package
    first, so only a name taken from the package counts as an import of it."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(_module(alias.name.split("."), modules) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".") if node.level == 0 else ["engine"]
            if node.level and node.module:
                parts += node.module.split(".")
            if parts == ["engine"]:
                found.update(
                    alias.name if alias.name in modules else PACKAGE for alias in node.names
                )
            else:
                found.add(_module(parts, modules))
    return found - {path.stem, ""}


def _module(parts: list[str], modules: set[str]) -> str:
    """The engine module a dotted name is in; "" outside the engine."""
    if parts[0] != "engine":
        return ""
    if len(parts) == 1:
        return PACKAGE
    return parts[1] if parts[1] in modules else ""


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of the package, its `__init__` included, and the modules it imports."""
    files = {path.stem: path for path in package.glob("*.py")}
    return {name: imports_of(path, set(files)) for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of imports as the modules along it, or None (depth-first, colouring)."""
    state: dict[str, str] = {}
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for imported in sorted(graph[module]):
            if state.get(imported) == "open":
                return path[path.index(imported) :] + [imported]
            if imported not in state and (cycle := visit(imported)):
                return cycle
        state[module] = "done"
        path.pop()
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module)):
            return cycle
    return None


def test_engine_has_no_import_cycle() -> None:
    cycle = find_cycle(import_graph(ENGINE))
    assert cycle is None, "engine import circle: " + " -> ".join(cycle or [])


def test_the_walk_sees_type_checking_imports(tmp_path: Path) -> None:
    (tmp_path / "first.py").write_text("from engine.second import B\n", encoding="utf-8")
    (tmp_path / "second.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine import first\n",
        encoding="utf-8",
    )
    assert find_cycle(import_graph(tmp_path)) == ["first", "second", "first"]


def test_a_name_taken_from_the_package_is_an_import_of_it(tmp_path: Path) -> None:
    (tmp_path / "__init__.py").write_text("from engine.first import A\n", encoding="utf-8")
    (tmp_path / "first.py").write_text(
        "def made():\n    from engine import B\n    return B\n", encoding="utf-8"
    )
    assert find_cycle(import_graph(tmp_path)) == ["__init__", "first", "__init__"]


def test_a_module_taken_from_the_package_is_an_import_of_that_module(tmp_path: Path) -> None:
    (tmp_path / "__init__.py").write_text("from engine.first import A\n", encoding="utf-8")
    (tmp_path / "first.py").write_text("from engine import second\n", encoding="utf-8")
    (tmp_path / "second.py").write_text("X = 1\n", encoding="utf-8")
    assert find_cycle(import_graph(tmp_path)) is None
