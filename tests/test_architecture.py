"""The layers hold (docs/architecture.md): checked on the real import graph (grimp reads every
import statement, those inside functions and under TYPE_CHECKING too), and by importing.

- The evaluator core, the engine and the drills (``learning.drills``) import no Django,
  directly or through other modules.
- The engine imports only itself and the evaluator core, and has no import cycle.
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache

import grimp
import pytest

ENGINE = "games.engine"
DRILLS = "learning.drills"
# The evaluator's Django side: the app config and the console commands (its pages live in
# the learning app). Everything else in the package is its core.
EVALUATOR_DJANGO_SIDE = (
    "evaluator.apps",
    "evaluator.management",
)


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(
        "evaluator", "games", "learning", "pokersite", include_external_packages=True,
        cache_dir=None,
    )


def package(name: str) -> set[str]:
    return {name} | graph().find_descendants(name)


def evaluator_core() -> set[str]:
    return {
        module
        for module in package("evaluator")
        if not any(module == side or module.startswith(f"{side}.")
                   for side in EVALUATOR_DJANGO_SIDE)
    }


def pure_modules() -> list[str]:
    return sorted(evaluator_core() | package(ENGINE) | package(DRILLS))


def test_the_evaluator_django_side_exists_as_listed():
    """A renamed page module must not slip into the core unchecked, nor a stale name stay."""
    for side in EVALUATOR_DJANGO_SIDE:
        assert side in graph().modules, f"{side} is listed as the Django side but is gone"


@pytest.mark.parametrize("module", pure_modules())
def test_the_evaluator_core_the_engine_and_the_drills_import_no_django(module):
    chain = graph().find_shortest_chain(importer=module, imported="django")
    assert chain is None, " -> ".join(chain or ())


def test_importing_them_loads_no_django():
    """Also what the graph cannot see: a library of theirs that would import Django."""
    code = (
        "import importlib, sys\n"
        f"for name in {pure_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not loaded, loaded\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("module", sorted(package(ENGINE)))
def test_the_engine_imports_only_itself_and_the_evaluator_core(module):
    project = ("evaluator", "games", "pokersite")
    imported = graph().find_modules_directly_imported_by(module)
    outside = {
        name for name in imported
        if name.split(".")[0] in project
        and name not in package(ENGINE) and name not in evaluator_core()
    }
    assert not outside, f"{module} imports {sorted(outside)}"


@pytest.mark.parametrize("module", sorted(package(ENGINE)))
def test_the_engine_has_no_import_cycle(module):
    """No module of the engine is imported, however indirectly, by a module it imports."""
    for imported in sorted(graph().find_modules_directly_imported_by(module) & package(ENGINE)):
        back = graph().find_shortest_chain(importer=imported, imported=module)
        assert back is None, f"{module} -> " + " -> ".join(back or ())
