"""Only games/services/ writes table state (tables, seats, hands and their rows).

A reading of the source, not of one run: every call that writes one of these models, through
its manager (``Seat.objects.create``, ``Hand.objects.filter(...).update``) or through an
instance whose name says what it is (``table.save()``, ``seat.delete()``), must sit in a
module of games/services/. Views, the admin, bots and commands call the services instead.
"""

import ast
from pathlib import Path

from tests.servers import ROOT

TABLE_STATE = {"Table", "Seat", "Hand", "HandPlayer", "HandAction"}
INSTANCE_NAMES = {"table", "seat", "hand", "hand_player", "action"}
WRITES = {
    "save", "delete", "update", "create", "bulk_create", "bulk_update", "get_or_create",
    "update_or_create",
}
ALLOWED = ("games/services/", "games/migrations/")


def _mentions_model(node: ast.AST) -> bool:
    """Whether a receiver chain starts at a table-state model (``Seat.objects...``)."""
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return isinstance(node, ast.Name) and node.id in TABLE_STATE


def _names_instance(node: ast.AST) -> bool:
    """``table.save()``, ``locked.table.save()``, ``self.seat.delete()``..."""
    if isinstance(node, ast.Name):
        return node.id in INSTANCE_NAMES
    return isinstance(node, ast.Attribute) and node.attr in INSTANCE_NAMES


def writes_in(source: str) -> list[int]:
    """Line numbers of the calls in ``source`` that write table state.

    >>> writes_in("table.save()\\nSeat.objects.filter(pk=1).update(stack=0)\\nx.save()")
    [1, 2]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr not in WRITES:
            continue
        receiver = node.func.value
        if _mentions_model(receiver) or _names_instance(receiver):
            found.append(node.lineno)
    return sorted(found)


def test_the_detector_finds_a_write_outside_the_services():
    assert writes_in("def pause(table):\n    table.status = 'paused'\n    table.save()\n") == [3]
    assert writes_in("Table.objects.create(name='x')") == [1]
    assert writes_in("Hand.objects.filter(table=t).delete()") == [1]
    assert writes_in("player.save(update_fields=['bankroll'])") == []


def test_only_the_services_write_table_state():
    offenders = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name.startswith(ALLOWED):
            continue
        for line in writes_in(Path(path).read_text()):
            offenders.append(f"{name}:{line}")
    assert offenders == [], "table state written outside games/services/: " + ", ".join(offenders)
