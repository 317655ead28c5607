"""Imports run one way, as the README's code map says: `engine` imports nothing of the project
outside itself, `bots` only `engine`, and each package of `app` only the packages its row of
the map names. The map is read from the README, so the page a newcomer reads and the rule the
code keeps are one. Every import counts: those under `if TYPE_CHECKING:` and inside functions
too, since an import that runs the wrong way ties the packages together however it is written."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ("engine", "bots", "app", "tests", "bench", "scripts", "migrations")
ROW = re.compile(r"^\| `(?P<package>[a-z_/]+)/` \| (?P<holds>.+?) \| (?P<imports>.+?) \|$")


def code_map(readme: str) -> dict[str, set[str]]:
    """The README's code map: each package (`engine`, `bots`, `app.table`, …) and the packages
    it may import. In the map an `app` package names the others of `app` by their short name."""
    section = readme.split("\n## Code map\n", 1)[1].split("\n## ", 1)[0]
    allowed: dict[str, set[str]] = {}
    for line in section.splitlines():
        if match := ROW.match(line):
            package = match["package"].replace("/", ".")
            names = re.findall(r"`([a-z_]+)`", match["imports"])
            inside_app = package.startswith("app.")
            allowed[package] = {
                f"app.{name}" if inside_app and name not in ("engine", "bots") else name
                for name in names
            }
    return allowed


def module_name(path: Path, root: Path) -> list[str]:
    """`app/table/store.py` → ["app", "table", "store"]; a package's `__init__` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def package_of(module: list[str]) -> str:
    """The code map's package of a module: `engine`, `bots`, or `app.<package>`."""
    return ".".join(module[:2]) if module[0] == "app" else module[0]


def imported_modules(path: Path, root: Path) -> set[str]:
    """Every project module one file imports, by its full name (relative imports resolved)."""
    module = module_name(path, root)
    package = module if path.name == "__init__.py" else module[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                above = package[: len(package) - node.level + 1]
                base = ".".join([*above, *filter(None, [node.module])])
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {name for name in names if name.split(".")[0] in PROJECT}
    return found


def wrong_way(root: Path, allowed: dict[str, set[str]]) -> list[str]:
    """Each import that the map does not allow, as "importer -> imported", and each module that
    lies in no package of the map."""
    wrong: list[str] = []
    for top in ("engine", "bots", "app"):
        for path in sorted((root / top).rglob("*.py")):
            module = module_name(path, root)
            own = package_of(module)
            if module == ["app"]:
                continue
            if own not in allowed:
                wrong.append(f"{'.'.join(module)} is in no package of the code map")
                continue
            for name in sorted(imported_modules(path, root)):
                other = package_of(name.split("."))
                if other != own and other not in allowed[own] and name != "app":
                    wrong.append(f"{'.'.join(module)} -> {name}")
    return wrong


PERSISTENCE = ("app/storage", "app/table/store.py")
"""The modules that read and write the database's rows of games and players."""
NOT_OF_PERSISTENCE = ("bots", "app.operations.ratelimit", "app.operations.bot_pool")
"""Who plays the other seats and how often a client may click: the services' business (a
click's count reaches the store as a `Guard` from `app.play.clicks`)."""


def module_file(name: str, root: Path) -> Path | None:
    """The file of a project module, or None when the name is something a module holds."""
    base = root.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def reached_modules(path: Path, root: Path) -> set[str]:
    """Every project module that importing `path` runs: what it imports, what those import,
    and the packages on the way (a package's `__init__` runs before its modules)."""
    reached: set[str] = set()
    waiting = [path]
    while waiting:
        for name in imported_modules(waiting.pop(), root):
            parts = name.split(".")
            for end in range(1, len(parts) + 1):
                prefix = ".".join(parts[:end])
                found = module_file(prefix, root)
                if found is not None and prefix not in reached:
                    reached.add(prefix)
                    waiting.append(found)
    return reached


def persistence_imports(root: Path) -> list[str]:
    """Each module a persistence module runs, however indirectly, of what persistence is to
    know nothing of: an import through a third module loads the bots all the same."""
    wrong: list[str] = []
    for place in PERSISTENCE:
        paths = [root / place] if place.endswith(".py") else sorted((root / place).rglob("*.py"))
        for path in paths:
            for name in sorted(reached_modules(path, root)):
                if any(
                    name == other or name.startswith(f"{other}.") for other in NOT_OF_PERSISTENCE
                ):
                    wrong.append(f"{'.'.join(module_name(path, root))} -> {name}")
    return wrong


def test_persistence_knows_nothing_of_bots_or_rate_limits() -> None:
    """The code map lets `app.table` import `operations` and `bots` (its presenter needs
    them), so the map alone would let the store count clicks again."""
    assert persistence_imports(ROOT) == []


def test_imports_run_the_way_the_code_map_says() -> None:
    allowed = code_map((ROOT / "README.md").read_text(encoding="utf-8"))
    assert wrong_way(ROOT, allowed) == []


def test_the_code_map_names_every_package_of_app() -> None:
    allowed = code_map((ROOT / "README.md").read_text(encoding="utf-8"))
    packages = {f"app.{path.parent.name}" for path in (ROOT / "app").glob("*/__init__.py")}
    assert {"engine", "bots"} | packages == set(allowed)
    assert allowed["engine"] == set()
    assert allowed["bots"] == {"engine"}


def modules_named(readme: str) -> dict[str, set[str]]:
    """Each `app` package's modules as its row of the code map names them: `name` for a
    module, `name/` for a package inside it (a dotted name points elsewhere)."""
    section = readme.split("\n## Code map\n", 1)[1].split("\n## ", 1)[0]
    named: dict[str, set[str]] = {}
    for line in section.splitlines():
        if (match := ROW.match(line)) and match["package"].startswith("app/"):
            names = re.findall(r"`([a-z0-9_]+/?)`", match["holds"])
            named[match["package"].replace("/", ".")] = set(names)
    return named


def modules_of(package: Path) -> set[str]:
    """A package's modules and the packages inside it (`name/`), as the map names them."""
    modules = {path.stem for path in package.glob("*.py") if path.stem != "__init__"}
    inner = {path.parent.name for path in package.glob("*/*.py")}
    return modules | {f"{name}/" for name in inner}


def test_the_code_map_names_every_module_of_app_and_no_other() -> None:
    """A module added, moved or gone shows in the map a newcomer reads."""
    named = modules_named((ROOT / "README.md").read_text(encoding="utf-8"))
    for package, names in named.items():
        assert names == modules_of(ROOT / package.replace(".", "/")), package


def test_the_map_is_read_with_the_short_names_of_app(tmp_path: Path) -> None:
    readme = (
        "# X\n\n## Code map\n\n| package | what it holds | may import |\n|---|---|---|\n"
        "| `engine/` | the rules | nothing of the project |\n"
        "| `bots/` | opponents | `engine` |\n"
        "| `app/low/` | the bottom | `engine` |\n"
        "| `app/high/` | the top | `low`, `bots`, `engine` |\n\n## Next\n"
    )
    assert code_map(readme) == {
        "engine": set(),
        "bots": {"engine"},
        "app.low": {"engine"},
        "app.high": {"app.low", "bots", "engine"},
    }


def test_a_wrong_way_import_is_found(tmp_path: Path) -> None:
    """An import up the map (a low package importing a high one), from inside a function and
    relatively, and one from the engine into the bots, are each named."""
    files = {
        "engine/__init__.py": "",
        "engine/cards.py": "def f():\n    from bots import heuristic\n",
        "bots/__init__.py": "",
        "bots/heuristic.py": "from engine import cards\n",
        "app/__init__.py": "",
        "app/low/__init__.py": "",
        "app/low/store.py": "from ..high import pages\nfrom engine import cards\n",
        "app/high/__init__.py": "",
        "app/high/pages.py": "from app.low.store import x\nfrom .other import y\n",
        "app/stray.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    allowed = {
        "engine": set(),
        "bots": {"engine"},
        "app.low": {"engine"},
        "app.high": {"app.low", "engine"},
    }
    assert wrong_way(tmp_path, allowed) == [
        "engine.cards -> bots",
        "engine.cards -> bots.heuristic",
        "app.low.store -> app.high",
        "app.low.store -> app.high.pages",
        "app.stray is in no package of the code map",
    ]
