"""Import cycles among a project's modules, read from the source with ``ast``.

Every import statement counts: at module level, inside functions, under ``TYPE_CHECKING``.
A function-level import hides a cycle from Python at start-up, not from the design: two
modules that need each other are one module split in two, and the import that runs last
finds the other half-built. ``from p import x`` imports module ``p.x`` when there is one,
else the package ``p`` itself (``x`` is a name in it). Importing ``p.x`` also runs
``p/__init__.py``, but that is not counted as an import of ``p``: a package that imports
its own modules would otherwise be in a cycle with each of them.

>>> find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
[['a', 'b', 'c', 'a']]
"""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

Graph = dict[str, set[str]]


def module_files(root: Path, packages: list[str]) -> dict[str, Path]:
    """Module name -> source file, for every ``.py`` file under each package directory."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _base(module: str, path: Path, level: int, target: str | None) -> str:
    """The absolute module a ``from`` import names (``level`` dots before ``target``)."""
    if not level:
        return target or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    package = package[: len(package) - (level - 1)]
    return ".".join(package + ([target] if target else []))


def _known(name: str, modules: dict[str, Path]) -> str | None:
    """The longest leading part of a dotted name that is one of ``modules``."""
    parts = name.split(".")
    for end in range(len(parts), 0, -1):
        candidate = ".".join(parts[:end])
        if candidate in modules:
            return candidate
    return None


def imports_of(module: str, modules: dict[str, Path]) -> dict[str, int]:
    """The modules of ``modules`` that ``module`` imports, each with the first line that does."""
    path = modules[module]
    out: dict[str, int] = {}
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, path, node.level, node.module)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                       for alias in node.names]
        for target in targets:
            known = _known(target, modules)
            if known is not None and known != module:
                out[known] = min(out.get(known, node.lineno), node.lineno)
    return out


def import_graph(root: Path, packages: list[str]) -> dict[str, dict[str, int]]:
    """Every module of ``packages`` (directories under ``root``) -> what it imports of them,
    with line numbers."""
    modules = module_files(root, packages)
    return {name: imports_of(name, modules) for name in modules}


def _components(graph: Graph) -> list[list[str]]:
    """Strongly connected components (Tarjan's algorithm, iterative), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(sorted(component))
    return found


def _shortest_cycle(graph: Graph, start: str, within: set[str]) -> list[str]:
    """The shortest path from ``start`` back to itself inside ``within`` (breadth first)."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph.get(node, ())):
            if child == start:
                path = [node]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                return [*reversed(path), start]
            if child in within and child not in came_from:
                came_from[child] = node
                queue.append(child)
    raise ValueError(f"{start} is in no cycle")


def find_cycles(graph: Graph) -> list[list[str]]:
    """One cycle per knot of modules that import each other, each as a path from its first
    module (by name) back to it; [] when the imports go one way.

    >>> find_cycles({"a": {"b"}, "b": set()})
    []
    """
    return [_shortest_cycle(graph, component[0], set(component))
            for component in _components(graph) if len(component) > 1]


def describe(cycle: list[str], lines: dict[str, dict[str, int]]) -> str:
    """A cycle with the line of each import: ``a -> b (a.py line 3) -> a (b.py line 9)``."""
    steps = [cycle[0]]
    for importer, imported in zip(cycle, cycle[1:], strict=False):
        steps.append(f"{imported} ({importer} line {lines[importer][imported]})")
    return " -> ".join(steps)
