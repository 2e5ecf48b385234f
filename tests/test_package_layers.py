"""The packages import one way: read every module's imports (function-level ones too) and find no cycle.

A module belongs to the folder under printkit/ that holds it, and nothing else decides: the click commands
and what they share live in commands/, so no feature package holds a command. printkit/ itself holds only
the version (imported by everything that stamps it) and ``__main__``, which ``python -m printkit`` runs and
nothing imports: it is the one module placed by name, above every package.
"""
from __future__ import annotations

import ast
from pathlib import Path

import printkit

PACKAGE = Path(printkit.__file__).parent

# Bottom to top: each layer imports only layers listed before it.
LAYERS = ("printkit", "core", "requirements", "model", "geometry", "images", "faces", "games", "sim", "kit",
          "rules", "checks", "render", "scaffold", "diff", "export", "commands", "__main__")

# Imports that still cross layers the wrong way, and why; each must still exist (this list only shrinks).
KNOWN: dict[tuple[str, str], str] = {}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def layer(module: str) -> str:
    """The folder right under printkit/ that holds ``module``: "printkit" for printkit/ itself."""
    if module == "printkit.__main__":
        return "__main__"
    folder = MODULES[module].relative_to(PACKAGE).parts
    return folder[0] if len(folder) > 1 else "printkit"


def imported(module: str) -> set[str]:
    """Every printkit module ``module`` imports, wherever the import statement stands."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
        else:
            continue
        for name in names:
            while name and name not in MODULES:
                name = name.rpartition(".")[0]
            if name and name != module:
                found.add(name)
    return found


EDGES = {(m, t) for m in MODULES for t in imported(m)}


def layer_edges() -> dict[tuple[str, str], list[str]]:
    edges: dict[tuple[str, str], list[str]] = {}
    for m, t in EDGES - set(KNOWN):
        if layer(m) != layer(t):
            edges.setdefault((layer(m), layer(t)), []).append(f"{m} imports {t}")
    return edges


def test_every_package_has_a_layer():
    assert {layer(m) for m in MODULES} == set(LAYERS)


def test_no_package_level_import_cycle():
    graph: dict[str, set[str]] = {}
    for a, b in layer_edges():
        graph.setdefault(a, set()).add(b)
    state: dict[str, str] = {}

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return path + [node, nxt]
            if nxt not in state and (cycle := visit(nxt, path + [node])):
                return cycle
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node, [])
            assert cycle is None, " -> ".join(cycle[cycle.index(cycle[-1]):])


def test_layers_import_only_layers_below():
    order = {name: i for i, name in enumerate(LAYERS)}
    upward = [why for (a, b), whys in sorted(layer_edges().items()) if order[b] > order[a] for why in whys]
    assert upward == []


def test_known_exceptions_still_exist():
    assert set(KNOWN) <= EDGES, "an exception no longer needed: remove it from KNOWN"
