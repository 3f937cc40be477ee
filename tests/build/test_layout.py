"""The package's seams: no import cycles in the core, no Qt in the core, and the
app's packages as the design lays them out.

Why: a cycle (movement importing exploration importing movement) forces
imports into functions and makes the compiled modules' initialisation order
fragile; the core must run headless (AI, network host, CLI).  The app is
split into packages that show its architecture (session, map, windows,
widgets, one style module); it imports every module by name, so a packaged
build can never lack one silently, and no module reaches into another's
private helpers.  Imports are read from the sources (the compiled modules
share them), so these tests need neither Qt nor a build.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import se4x_core
import se4x_qt

pytestmark = pytest.mark.fast

# Not marked core: these read the sources, which are the same in both modes, so the
# interpreted rerun of test_build would only repeat them.

CORE = Path(se4x_core.__file__).resolve().parent
APP = Path(se4x_qt.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.with_suffix("").relative_to(CORE.parent).parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_nodes(tree: ast.Module) -> list[ast.AST]:
    """Every node except the bodies of ``if TYPE_CHECKING:`` (never run, either mode)."""
    out: list[ast.AST] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        out.append(node)
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            todo.extend(node.orelse)
            continue
        todo.extend(ast.iter_child_nodes(node))
    return out


def top_level_imports(path: Path) -> set[str]:
    """se4x_core modules a file imports at module level (cimports and guards included;
    imports for the type checker only are not run, so they cannot form a cycle)."""
    found: set[str] = set()
    for node in _runtime_nodes(ast.parse(path.read_text())):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            name = node.module.removeprefix("cython.cimports.")
            if name == "se4x_core":
                found.update(f"se4x_core.{a.name}" for a in node.names)
            elif name.startswith("se4x_core"):
                found.add(name)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("se4x_core"))
    return found


def function_level_imports(path: Path) -> set[str]:
    found: set[str] = set()
    for func in ast.walk(ast.parse(path.read_text())):
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(func):
                if isinstance(node, ast.ImportFrom | ast.Import):
                    found.add(getattr(node, "module", None) or node.names[0].name)
    return found


GRAPH = {module_name(p): top_level_imports(p) for p in CORE.rglob("*.py")}


def test_the_core_has_no_import_cycle() -> None:
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2:
            return
        assert state.get(name) != 1, f"import cycle: {' -> '.join(path + [name])}"
        state[name] = 1
        for other in sorted(GRAPH.get(name, ())):
            if other in GRAPH:
                visit(other, path + [name])
        state[name] = 2

    for name in sorted(GRAPH):
        visit(name, [])


# The core's layers, lowest first: a module may import its own layer and the ones
# below it.  The rules need the dice and the battle arithmetic (the kernel), never the
# simulator, the search or a seat above them.
LAYERS = (
    ("se4x_core.kernel", ("se4x_core.data",)),
    ("se4x_core.rules", ("se4x_core.kernel", "se4x_core.data", "se4x_core.hexgrid",
                         "se4x_core.actions", "se4x_core.events", "se4x_core.phases",
                         "se4x_core.errors")),
    # A game other than Space Empires shares only the errors and the arena's hooks: its
    # rules never reach into Space Empires' (so a third game is a package of its own).
    ("se4x_core.games.sp4x", ("se4x_core.errors", "se4x_core.gamekit", "se4x_core.paths")),
    # The game-neutral floor: the contract, the codecs and the registry every game and
    # every table share; it names no game.
    # (It reads the built-in games' list, se4x_core/games/__init__.py, and nothing of them.)
    ("se4x_core.gamekit", ("se4x_core.errors", "se4x_core.games")),
)


@pytest.mark.parametrize("layer,allowed", LAYERS)
def test_a_layer_imports_only_itself_and_what_lies_below(layer: str,
                                                          allowed: tuple[str, ...]) -> None:
    for name, imports in GRAPH.items():
        if name == layer or name.startswith(layer + "."):
            above = sorted(i for i in imports
                           if not i.startswith((layer, *allowed)) and i != "se4x_core")
            assert above == [], f"{name} imports {above}, above its layer"


def imported_names(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement names (``from a import b``: a and a.b)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    module = node.module or ""
    return [module] + [f"{module}.{a.name}" for a in node.names]


def test_the_core_never_imports_qt() -> None:
    """Not at module level, and not inside a function either."""
    for path in CORE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = imported_names(node)
                assert not any(n.startswith(("PySide6", "shiboken6", "se4x_qt"))
                               for n in names), f"{path}:{node.lineno}"


def test_the_rules_import_nothing_inside_functions() -> None:
    """The compiled rules and search modules keep every import at module level."""
    for folder in ("rules", "sim"):
        for path in (CORE / folder).glob("*.py"):
            assert function_level_imports(path) == set(), path


# -- the app ---------------------------------------------------------------------------------
# Each game's app package (se4x_qt/games/<name>) is designed by the game plug-in rule, so
# a new game adds its package here without a line changed.
GAME_APP_PACKAGES = tuple(f"games/{p.name}" for p in sorted((APP / "games").iterdir())
                          if (p / "__init__.py").is_file())
APP_PACKAGES = ("session", "shell", "learn", "map", "windows", "windows/combat", "widgets",
                "games", "games/se4x", "games/sp4x", *GAME_APP_PACKAGES)
APP_MODULES = (
    "__init__", "__main__", "app", "launcher", "style", "help_book",
    "session/driver", "session/remote", "session/saves", "session/storage", "session/pins",
    "session/seats", "session/journal_entry",
    "shell/shell", "session/app_game", "shell/game_window", "shell/new_game",
    "shell/seats_panel", "shell/lan", "shell/settings_dialog", "shell/save_dialog",
    "widgets/rules_viewer",
    "games/se4x/session", "games/se4x/journal", "games/se4x/log_text",
    "map/hexmap", "map/map_items", "map/map_controller", "map/minimap", "map/art",
    "map/stack_list",
    "windows/main_window", "windows/dialog_host", "windows/production", "windows/game_over",
    "windows/new_game", "shell/handover", "windows/side_panel",
    "sound", "widgets/screen_fit", "widgets/flow",
    "games/sp4x/window", "games/sp4x/board", "games/sp4x/new_game", "games/sp4x/saves",
    "games/sp4x/reference",
)


def app_sources() -> list[Path]:
    return sorted(APP.rglob("*.py"))


def test_the_app_has_the_designed_packages() -> None:
    for package in APP_PACKAGES:
        assert (APP / package / "__init__.py").is_file(), f"se4x_qt/{package} is not a package"
    for module in APP_MODULES:
        assert (APP / f"{module}.py").is_file(), f"se4x_qt/{module}.py is missing"
    for gone in ("theme", "palette", "combat_window", "session", "storage", "hexmap"):
        assert not (APP / f"{gone}.py").exists(), f"se4x_qt/{gone}.py belongs in a package now"
    packaged = {p.parent for p in app_sources()}
    assert packaged <= {APP, *(APP / package for package in APP_PACKAGES)}, packaged


def test_the_combat_window_is_split_into_documented_parts() -> None:
    parts = [p for p in (APP / "windows" / "combat").glob("*.py") if p.stem != "__init__"]
    assert len(parts) >= 4
    for path in parts:
        assert ast.get_docstring(ast.parse(path.read_text())), f"{path.name} has no docstring"


def test_the_app_never_imports_by_string() -> None:
    """Every module is imported by name: a packaged build cannot lack one silently."""
    for path in app_sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import | ast.ImportFrom):
                assert not any(n.split(".")[0] == "importlib" for n in imported_names(node)), (
                    f"{path}:{node.lineno} uses importlib")
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id != "__import__", f"{path}:{node.lineno} uses __import__"


def test_the_launcher_starts_without_qt() -> None:
    """``se4x battle ...`` must not load Qt: the launcher imports the app only when needed."""
    tree = ast.parse((APP / "launcher.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for name in imported_names(node):
                assert not name.startswith(("PySide6", "se4x_qt")), name


def test_no_app_module_uses_another_modules_private_names() -> None:
    """Helpers two windows need live in se4x_qt.widgets or se4x_qt.style, public."""
    for path in app_sources():
        tree = ast.parse(path.read_text())
        modules: set[str] = set()  # local names bound to se4x_qt modules
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("se4x_qt"):
                for alias in node.names:
                    assert not alias.name.startswith("_"), (
                        f"{path}:{node.lineno} imports {node.module}.{alias.name}")
                    modules.add(alias.asname or alias.name)
            elif isinstance(node, ast.Import):
                modules.update(a.asname or a.name.split(".")[0] for a in node.names
                               if a.name.startswith("se4x_qt"))
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                    and node.value.id in modules and node.attr.startswith("_")
                    and not node.attr.startswith("__")):
                raise AssertionError(f"{path}:{node.lineno} uses {node.value.id}.{node.attr}")


# -- the app's floors ----------------------------------------------------------------------
def app_module_name(path: Path) -> str:
    parts = path.with_suffix("").relative_to(APP.parent).parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def runtime_imports(path: Path, *, top_level_only: bool = False) -> set[str]:
    """The modules a file imports when it runs (``from a import b``: a and a.b), inside
    functions too unless ``top_level_only``; imports for the type checker never run."""
    found: set[str] = set()
    todo: list[ast.AST] = [ast.parse(path.read_text())]
    while todo:
        node = todo.pop()
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            todo.extend(node.orelse)
            continue
        if top_level_only and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.update(imported_names(node))
        todo.extend(ast.iter_child_nodes(node))
    return found


APP_GRAPH = {app_module_name(p): runtime_imports(p) for p in app_sources()}

# Lowest first; a floor imports only itself and the floors below it.  The look (style,
# resources, sounds, the reference's text machinery, widgets and the rules viewer) knows
# no session; the session drivers know no window; the shell (New Game, Open, LAN, Settings,
# the game window's frame) names no game.  Above them, each game's screens: Space Empires'
# own in windows/ and map/, the others in games/.
APP_FLOORS: tuple[tuple[str, ...], ...] = (
    ("se4x_qt.style", "se4x_qt.resources", "se4x_qt.sound", "se4x_qt.help_book",
     "se4x_qt.widgets"),
    ("se4x_qt.session",),
    ("se4x_qt.shell", "se4x_qt.learn"),  # learning to play (tutorials, tips): no game named
)


def app_floor(name: str) -> int:
    for rank, floor in enumerate(APP_FLOORS):
        if any(name == m or name.startswith(m + ".") for m in floor):
            return rank
    return len(APP_FLOORS)  # the games' screens, the app's entry points


def test_each_app_floor_imports_only_itself_and_the_floors_below() -> None:
    for name, imports in APP_GRAPH.items():
        above = sorted(i for i in imports if i.startswith("se4x_qt.") and i in APP_GRAPH
                       and app_floor(i) > app_floor(name))
        assert above == [], f"{name} imports {above}, above its floor"


def test_the_app_has_no_import_cycle() -> None:
    graph = {name: {i for i in runtime_imports(p, top_level_only=True) if i in APP_GRAPH}
             for p in app_sources() for name in [app_module_name(p)]}
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(name: str, path: list[str]) -> None:
        if state.get(name) == 2:
            return
        assert state.get(name) != 1, f"import cycle: {' -> '.join(path + [name])}"
        state[name] = 1
        for other in sorted(graph[name] - {name}):
            if not name.startswith(other + "."):  # a package's module needs its __init__
                visit(other, path + [name])
        state[name] = 2

    for name in sorted(graph):
        visit(name, [])


def test_the_app_and_the_network_never_reach_the_rules_or_the_simulator() -> None:
    """The app and the LAN go through a game's facade (the contract); a game's rules,
    simulator and search stay behind it (a window's odds come from se4x_core.odds)."""
    inner = ("se4x_core.rules", "se4x_core.sim")
    users = {**APP_GRAPH, **{module_name(p): runtime_imports(p)
                             for p in (CORE / "net").rglob("*.py")}}
    for name, imports in users.items():
        reached = sorted(i for i in imports if i.startswith(inner))
        assert reached == [], f"{name} imports {reached}"


def test_data_files_are_found_through_one_module() -> None:
    """A path built from ``__file__`` to ``resources/`` works in a checkout and an
    editable install and fails in a wheel (where the data is the package
    se4x_resources); every reader asks se4x_core.paths."""
    built_by_hand = [str(path) for package in (CORE, APP) for path in package.rglob("*.py")
                     if path != CORE / "paths.py" and '/ "resources"' in path.read_text()]
    assert built_by_hand == []
