"""Only games/services/ writes table state (tables, seats, hands and their rows), and there
only inside the one shape of a change (games/services/change.py).

A reading of the source, not of one run: every call that writes one of these models, through
its manager (``Seat.objects.create``, ``Hand.objects.filter(...).update``), through an
instance whose name says what it is (``table.save()``, ``seat.delete()``) or through the
writer's plain statements (``plain_sql.update``, ``plain_sql.insert``), must sit in a module
of games/services/. Views, the admin, bots and commands call the services instead.

Inside games/services/ each such write must be in the body of a ``with table_change(...)``
or in a function given the shape's ``Locked`` table (only a change has one), so that no
write can miss the version bump and the publish; the lock and the publish themselves are
called by the shape alone.
"""

import ast
from pathlib import Path

from tests.servers import ROOT

TABLE_STATE = {"Table", "Seat", "Hand", "HandPlayer", "HandAction"}
INSTANCE_NAMES = {"table", "seat", "chair", "hand", "hand_player", "action"}
WRITES = {
    "save", "delete", "update", "create", "bulk_create", "bulk_update", "get_or_create",
    "update_or_create",
}
PLAIN_SQL_WRITES = {"update", "insert"}
ALLOWED = ("games/services/", "games/migrations/")
SHAPE = "table_change"
# The shape's own parts: every change reaches them through it.
SHAPE_ONLY = {"lock_table", "publish_change"}
# Where the shape lives and is assembled (the lock and the publish are defined in writer.py),
# and the one way a table comes to be, at version 0 (change.new_table).
SHAPE_MODULES = ("games/services/change.py", "games/services/writer.py")
CREATION = "new_table"


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


def _is_write(node: ast.AST) -> bool:
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
        return False
    receiver = node.func.value
    if isinstance(receiver, ast.Name) and receiver.id == "plain_sql":
        return node.func.attr in PLAIN_SQL_WRITES
    if node.func.attr not in WRITES:
        return False
    return _mentions_model(receiver) or _names_instance(receiver)


def writes_in(source: str) -> list[int]:
    """Line numbers of the calls in ``source`` that write table state.

    >>> writes_in("table.save()\\nSeat.objects.filter(pk=1).update(stack=0)\\nx.save()")
    [1, 2]
    """
    return sorted(node.lineno for node in ast.walk(ast.parse(source)) if _is_write(node))


def _called_name(node: ast.AST) -> str | None:
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def _shape_part_called(node: ast.AST) -> str | None:
    """``lock_table(...)``, ``writer.publish_change(...)``: a part only the shape calls (not
    ``lobby_feed.publish_change``, the lobby's own)."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Name) and func.id in SHAPE_ONLY:
        return func.id
    if (isinstance(func, ast.Attribute) and func.attr in SHAPE_ONLY
            and isinstance(func.value, ast.Name) and func.value.id in ("writer", "services")):
        return func.attr
    return None


def _given_the_shape(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether a parameter is annotated ``Locked``: the function runs inside a change."""
    arguments = function.args
    for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
        annotation = argument.annotation
        if isinstance(annotation, ast.Name) and annotation.id == "Locked":
            return True
        if isinstance(annotation, ast.Attribute) and annotation.attr == "Locked":
            return True
    return False


def _opens_the_shape(node: ast.With) -> bool:
    return any(_called_name(item.context_expr) == SHAPE for item in node.items)


def _unshaped(node: ast.AST, where: str, shaped: bool, found: list[str]) -> None:
    """Walk ``node``'s children, noting each write made outside the shape."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
            _unshaped(child, child.name, _given_the_shape(child), found)
            continue
        name = _shape_part_called(child)
        if name is not None:
            found.append(f"{where}:{child.lineno} {name}")
        elif _is_write(child) and not shaped:
            found.append(f"{where}:{child.lineno}")
        inside = shaped or (isinstance(child, ast.With) and _opens_the_shape(child))
        _unshaped(child, where, inside, found)


def writes_outside_the_shape(source: str) -> list[str]:
    """"function:line" for each write of table state in ``source`` (a module of
    games/services/) outside ``with table_change(...)`` and outside functions given its
    ``Locked``; "function:line name" for each call of the lock or the publish, which only
    the shape makes.

    >>> writes_outside_the_shape("def f(table):\\n    table.save()")
    ['f:2']
    """
    found: list[str] = []
    _unshaped(ast.parse(source), "<module>", False, found)
    return found


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


SYNTHETIC_SERVICES = """
def sneaky(seat_id):
    seat = Seat.objects.get(pk=seat_id)
    seat.save(update_fields=["stack"])


def shaped(table_id):
    with table_change(table_id) as locked:
        Seat.objects.filter(table_id=table_id).update(stack=0)
        locked.table.name = "Renamed"


def helper(locked: Locked, hand):
    plain_sql.update(hand, ["state"])


def by_hand(table_id):
    locked = lock_table(table_id)
    plain_sql.insert(rows, ["hand"])
    publish_change(locked)
    with transaction.atomic():
        locked.table.delete()


def nested(locked: Locked):
    def later(table):
        table.save()
    return later
"""


def test_the_checker_reports_writes_outside_the_shape():
    assert writes_outside_the_shape(SYNTHETIC_SERVICES) == [
        "sneaky:4",
        "by_hand:18 lock_table", "by_hand:19", "by_hand:20 publish_change", "by_hand:22",
        "later:27",  # a function defined inside one given the shape may run after it
    ]


def test_every_change_in_the_services_goes_through_the_one_shape():
    offenders, shaped = [], 0
    for path in sorted((ROOT / "games" / "services").glob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        source = path.read_text()
        shaped += source.count(f"{SHAPE}(")
        found = writes_outside_the_shape(source)
        if name in SHAPE_MODULES:
            # The shape's modules define the lock and the publish and make new tables.
            found = [f for f in found if not f.startswith(CREATION + ":")]
            found = [f for f in found if not f.endswith(tuple(SHAPE_ONLY))]
        offenders += [f"{name} {f}" for f in found]
    assert offenders == [], "table state written outside the shape: " + ", ".join(offenders)
    assert shaped > 20  # the services are read at all: each change opens the shape


def test_only_the_shape_makes_a_table():
    makers = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        tree = ast.parse(path.read_text())
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef):
                continue
            for node in ast.walk(function):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "create" and _mentions_model(node.func.value)
                        and _root_name(node.func.value) == "Table"):
                    makers.append(f"{path.relative_to(ROOT).as_posix()}:{function.name}")
    assert makers == [f"games/services/change.py:{CREATION}"]


def _root_name(node: ast.AST) -> str | None:
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None
