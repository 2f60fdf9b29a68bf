"""No import cycles in ``bot/`` and ``engine/``, and no imports hidden inside functions in the Discord UI.

The graph is built from the source with ``ast``.  Imports at module level and inside functions are what runs,
so both count everywhere.  Imports under ``if TYPE_CHECKING:`` count too in ``bot/`` (a cycle that only the type
checker sees is still a knot in the design: type against a Protocol such as ``bot.ui.context.BotContext``), but
not in ``engine/``, whose game states and rules annotate each other (``engine/*/state.py``).
``from pkg import name`` points at ``pkg.name`` when that is a module, else at ``pkg`` itself; importing a
submodule is not counted as importing its parent package (``pkg/__init__.py`` re-exporting its submodules is fine).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "engine")

#: Where an import inside a function body is refused: the Discord UI wires itself up at module level.
NO_LOCAL_IMPORTS = ("bot/ui", "bot/exts", "bot/errors.py", "bot/client.py")
#: ``path: reason`` for documented lazy imports of heavy optional modules in those files (none today).
ALLOWED_LOCAL_IMPORTS: dict[str, str] = {}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources() -> dict[str, Path]:
    return {_module_name(p): p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))}


def _imported(module: str, path: Path, node: ast.Import | ast.ImportFrom, known: set[str]) -> Iterator[str]:
    """The modules of ``known`` that ``node`` (in ``module``) imports."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            name = alias.name
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name:
                yield name
        return
    base = node.module or ""
    if node.level:
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}".rstrip(".") if base else package
    for alias in node.names:
        if f"{base}.{alias.name}" in known:
            yield f"{base}.{alias.name}"
        elif base in known:
            yield base


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


def import_graph(*, type_checking: bool = False) -> dict[str, set[str]]:
    """Module -> the modules it imports; with ``type_checking``, the imports under ``if TYPE_CHECKING:`` too."""
    sources = _sources()
    known = set(sources)
    graph: dict[str, set[str]] = {m: set() for m in known}
    for module, path in sources.items():
        tree = ast.parse(path.read_text(), str(path))
        skip = set() if type_checking else _type_checking_only(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in skip:
                graph[module].update(t for t in _imported(module, path, node, known) if t != module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[tuple[list[str], list[str]]]:
    """Per strongly connected component with more than one module (Tarjan): its shortest cycle through its first
    module (``a -> b -> ... -> a``) and all its modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)

    found = []
    for component in components:
        start = min(component)
        # shortest way back to ``start`` inside the component (breadth first)
        previous: dict[str, str] = {}
        frontier = [start]
        while start not in previous:
            nxt = []
            for v in frontier:
                for w in sorted(graph[v] & component):
                    if w not in previous:
                        previous[w] = v
                        nxt.append(w)
            frontier = nxt
        path = [start]
        while previous[path[-1]] != start:
            path.append(previous[path[-1]])
        found.append(([start, *reversed(path[1:]), start], sorted(component)))
    return sorted(found)


def local_imports() -> list[str]:
    """``path:line: import`` for every import inside a function body of the files of ``NO_LOCAL_IMPORTS``."""
    out = []
    for module, path in _sources().items():
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith(NO_LOCAL_IMPORTS) or rel in ALLOWED_LOCAL_IMPORTS:
            continue
        tree = ast.parse(path.read_text(), str(path))
        for func in ast.walk(tree):
            if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(func):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    out.append(f"{rel}:{node.lineno}: {ast.unparse(node)}  (in {module}.{func.name})")
    return sorted(set(out))


def test_graph_sees_the_packages():
    graph = import_graph()
    assert "bot.client" in graph and "engine" in graph
    assert "bot.ui.board" in graph["bot.client"]  # a module-level import is an edge


def _describe(found: list[tuple[list[str], list[str]]]) -> str:
    return "\n".join(f"  {' -> '.join(cycle)}\n    (knot of {len(knot)}: {', '.join(knot)})" for cycle, knot in found)


def test_no_import_cycles():
    found = cycles(import_graph())
    assert not found, "import cycles:\n" + _describe(found)


def test_no_import_cycles_in_bot_even_for_the_type_checker():
    graph = {m: {t for t in targets if t.split(".")[0] == "bot"}
             for m, targets in import_graph(type_checking=True).items() if m.split(".")[0] == "bot"}
    found = cycles(graph)
    assert not found, "import cycles (counting `if TYPE_CHECKING:` imports):\n" + _describe(found)


def test_no_imports_inside_functions_of_the_ui():
    found = local_imports()
    assert not found, "imports inside functions (import at module level instead):\n" + "\n".join(
        "  " + line for line in found)
