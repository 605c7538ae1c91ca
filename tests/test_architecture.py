"""The layers hold (docs/architecture.md): checked on the real import graph (grimp reads every
import statement, those inside functions and under TYPE_CHECKING too), and by importing.

- The evaluator core, the engine and the drills (``learning.drills``) import no Django,
  directly or through other modules.
- The engine imports only itself and the evaluator core.
- Every module of the project sits in one layer of ``LAYERS`` (top first) and imports only
  its own layer and the layers below: the sockets and the pages consume the services, the
  services send through the way out (``games.outbound``) and never import the live
  runtime, the bots or the pages. A new module must be given its layer here.
- Only the project's entry points import the live runtime's start (``background``) and its
  routes.
- No module of the evaluator or the games app is in an import cycle, not even through an
  import inside a function (tests/import_cycles.py reads every import statement).
"""

from __future__ import annotations

import copy
import subprocess
import sys
from functools import cache
from pathlib import Path

import grimp
import pytest

from tests.import_cycles import describe, find_cycles, import_graph

ENGINE = "games.engine"
LIVE = "games.live"
# What the rest of the games app may import of the live runtime: how a change's frames and
# lobby rows leave after the commit, and who has a table open.
LIVE_WAY_OUT = {"games.outbound.broadcast", "games.outbound.lobby_feed", "games.outbound.presence"}
# Who may import the rest: the servers' entry point, the routes, and the clock's process.
LIVE_ENTRY_POINTS = {
    "pokersite.asgi": {"games.live.background"},
    "pokersite.routing": {"games.live.routing"},
    "games.management.commands.runclock": {"games.live.background"},
}
DRILLS = "learning.drills"
# A club night's arithmetic (who pays whom, chips to cents): plain Python, no Django.
CLUBS_PURE = {"clubs.settle", "clubs.money", "clubs.points"}
# The evaluator's Django side: the app config and the console commands (its pages live in
# the learning app). Everything else in the package is its core.
ROOT = Path(__file__).resolve().parent.parent
EVALUATOR_DJANGO_SIDE = (
    "evaluator.apps",
    "evaluator.management",
)


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph(
        "evaluator", "games", "learning", "pokersite", "clubs", include_external_packages=True,
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
    return sorted(evaluator_core() | package(ENGINE) | package(DRILLS) | CLUBS_PURE)


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


def outside_live() -> list[str]:
    return sorted(
        module for module in graph().modules
        if module.split(".")[0] in ("evaluator", "games", "learning", "pokersite", "clubs")
        and module not in package(LIVE)
    )


@pytest.mark.parametrize("module", outside_live())
def test_only_the_entry_points_import_the_live_runtime(module):
    imported = graph().find_modules_directly_imported_by(module) & package(LIVE)
    allowed = LIVE_ENTRY_POINTS.get(module, set())
    assert imported <= allowed, f"{module} imports {sorted(imported - allowed)}"


# The project's layers, top first: a module imports only its own layer and those below.
# Each entry is a package or module with everything under it.
LAYERS: list[set[str]] = [
    # How the site starts and is routed: servers, URL maps, admin, commands, app set-up.
    {"pokersite.asgi", "pokersite.routing", "pokersite.urls", "pokersite.settings",
     "games.urls", "learning.urls", "games.admin", "learning.admin", "games.management",
     "evaluator.management", "games.apps", "learning.apps", "evaluator.apps",
     "games.migrations", "learning.migrations", "clubs.urls", "clubs.admin", "clubs.apps",
     "clubs.migrations"},
    # What a request or a frame reaches: the sockets, the pages, their forms.
    {"games.live", "games.views", "games.tournament_views", "games.push_views",
     "games.player_views",
     "games.accounts", "games.forms", "games.tournament_forms", "learning.drill_views",
     "learning.lesson_views", "learning.range_views", "learning.review_views",
     "learning.tool_views", "learning.odds_games", "learning.progress", "learning.models",
     "learning.card_views", "learning.mistakes", "learning.schedule", "learning.card_themes",
     "learning.solver_views", "learning.solver_jobs", "learning.solver_links",
     "pokersite.health",
     "pokersite.app_shell", "pokersite.app_icons", "pokersite.not_found",
     "clubs.views", "clubs.night_views", "clubs.season_views"},
    # A whole tick of the table clock: the services' work with the bots' turns.
    {"games.table_clock"},
    # Lessons and drills, which quote the bots' equity and outs.
    {"learning.lessons", "learning.drills"},
    # The players that are programs, and the coach: they act through the services.
    {"games.bots"},
    # Every change to a table, and the signals that call them.
    {"games.services", "games.signals"},
    # The way out of a change and the process's state (below the services).
    {"games.outbound"},
    # What the services read and write beside the tables.
    {"games.lobby", "games.snapshots", "games.history", "games.access", "games.chips",
     "games.tournament_status", "clubs.membership", "clubs.settling", "clubs.nights",
     "clubs.exports", "clubs.standings", "clubs.member_history"},
    # The views of a table for each person.
    {"games.projection"},
    # The stored data, and the felt's words.
    {"games.models", "games.felt", "clubs.models"},
    # Rules and words the models and views share.
    {"games.hand_text", "games.protocol", "games.runout", "games.table_games",
     "games.dealers_choice", "games.house_rules", "games.rotation_field",
     "games.table_limits", "games.host_settings", "games.tournament_line", "games.viewer_status",
     "games.bet_sizes", "games.bet_presets", "games.add_chips_rule", "games.plain_sql",
     "games.write_batch", "clubs.settle", "clubs.money", "clubs.points"},
    # The pure core: the rules of the game, then the evaluator.
    {"games.engine"},
    {"evaluator core"},  # every module of the evaluator but its Django side (below)
    # The project's small settings helpers, which import nothing of it.
    {"pokersite.env", "pokersite.lan", "pokersite.throttles", "pokersite.origins",
     "pokersite.daphne_sends", "pokersite.memory_layer", "pokersite.pubsub_layer"},
]
# Their __init__ modules.
PACKAGE_ROOTS = {"evaluator", "games", "learning", "pokersite", "clubs"}


def project_layers() -> list[set[str]]:
    """``LAYERS`` with the evaluator's core spelled out (its Django side sits on top)."""
    core = set(graph().find_children("evaluator")) - set(EVALUATOR_DJANGO_SIDE)
    return [core if names == {"evaluator core"} else names for names in LAYERS]


def layer_violations(graph: grimp.ImportGraph) -> list[str]:
    """Each import against the direction of ``LAYERS``: the two layers' members, and one
    chain of imports that goes up."""
    layers = [grimp.Layer(*sorted(names), independent=False) for names in project_layers()]
    found = []
    for dependency in graph.find_illegal_dependencies_for_layers(layers=layers):
        route = min(dependency.routes, key=lambda r: (len(r.middle), sorted(r.heads)))
        chain = [min(route.heads), *route.middle, min(route.tails)]
        found.append(f"{dependency.importer} imports {dependency.imported}: "
                     + " -> ".join(chain))
    return sorted(found)


def test_no_import_goes_up_the_layers():
    found = layer_violations(graph())
    assert not found, "imports against the layers:\n" + "\n".join(found)


def test_the_layer_check_fails_on_an_import_against_the_direction():
    """Broken on purpose: the engine importing the models, and the services importing the
    live runtime, are both found."""
    broken = copy.deepcopy(graph())
    broken.add_import(importer="games.engine.cards", imported="games.models.tables")
    broken.add_import(importer="games.services.writer", imported="games.live.consumers")
    found = layer_violations(broken)
    assert any(line.startswith("games.engine imports games.models") for line in found), found
    assert any(line.startswith("games.services imports games.live") for line in found), found
    assert not layer_violations(graph())


def test_every_module_has_a_layer():
    placed = set().union(*project_layers())
    homeless = sorted(
        module for module in graph().modules
        if module.split(".")[0] in PACKAGE_ROOTS and module not in PACKAGE_ROOTS
        and not any(module == name or module.startswith(f"{name}.") for name in placed)
    )
    assert not homeless, f"give these a layer in LAYERS: {homeless}"


def test_the_live_entry_points_exist_as_listed():
    for module, imported in LIVE_ENTRY_POINTS.items():
        assert imported <= graph().find_modules_directly_imported_by(module), module


def cycles_in(root: Path, packages: list[str]) -> list[str]:
    lines = import_graph(root, packages)
    return [describe(cycle, lines)
            for cycle in find_cycles({name: set(imported) for name, imported in lines.items()})]


def test_the_evaluator_and_the_games_app_have_no_import_cycle():
    """Two modules that import each other, however indirectly, are one module split in two:
    shared types and helpers go in a module of their own that both import."""
    found = cycles_in(ROOT, ["evaluator", "games"])
    assert not found, "import cycles:\n" + "\n".join(found)


def write_package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_cycle_check_sees_an_import_inside_a_function(tmp_path):
    write_package(tmp_path, {
        "knot/__init__.py": "",
        "knot/rules.py": "from knot.words import sentence\n",
        "knot/words.py": "def sentence():\n    from knot import rules\n    return rules\n",
    })
    assert cycles_in(tmp_path, ["knot"]) == [
        "knot.rules -> knot.words (knot.rules line 1) -> knot.rules (knot.words line 2)"]


def test_the_cycle_check_sees_relative_and_type_checking_imports(tmp_path):
    write_package(tmp_path, {
        "knot/__init__.py": "",
        "knot/inner/__init__.py": "from .a import A\n",
        "knot/inner/a.py": "from ..b import B\nA = 1\n",
        "knot/b.py": ("from typing import TYPE_CHECKING\nB = 2\n"
                      "if TYPE_CHECKING:\n    from knot.inner import A\n"),
    })
    assert cycles_in(tmp_path, ["knot"]) == [
        "knot.b -> knot.inner (knot.b line 4) -> knot.inner.a (knot.inner line 1)"
        " -> knot.b (knot.inner.a line 1)"]


def test_the_cycle_check_passes_imports_that_go_one_way(tmp_path):
    """A package importing its own modules, and modules importing each other one way (by
    a name in a package, by a module of it), make no cycle."""
    write_package(tmp_path, {
        "knot/__init__.py": "from knot.rules import rule\n",
        "knot/rules.py": "from knot import words\nfrom knot.words import sentence\n",
        "knot/words.py": "import json\n\ndef sentence():\n    import knot.base\n",
        "knot/base.py": "",
    })
    assert cycles_in(tmp_path, ["knot"]) == []
