"""The engine's modules import one another without a circle: every import counts, those under
`if TYPE_CHECKING:` and inside functions too, since a circle there still ties the modules into
one knot that can only be read, tested and moved together."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The engine modules that one file imports, by module name (`engine.x` → `x`)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = f"engine.{node.module}" if node.module else "engine"
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split(".")
            if parts[0] == "engine" and len(parts) > 1 and parts[1] in modules:
                found.add(parts[1])
    return found - {path.stem}


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of the package (its `__init__` aside) and the modules it imports."""
    files = {path.stem: path for path in package.glob("*.py") if path.stem != "__init__"}
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
