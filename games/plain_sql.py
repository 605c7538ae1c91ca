"""The writer's hot statements, written by the ORM once per process and then sent as they are.

A change at a table sends a handful of small statements (lock the table, add the actions,
save the hand and the table, read the seats for the frames). Building each through the ORM
costs several times what the database takes to run it: on PostgreSQL a seat read is 0.65 ms
of CPU through a queryset and 0.11 ms sent as compiled (bench/writer_cost.py measures a
whole change). So these few statements keep the ORM as their author (a queryset, compiled
on first use for the connection's database) and only skip compiling it again; values go
both ways through the model fields' own conversions, as the ORM's would.

Nothing here sends signals: no receiver listens to saves of the models written this way
(games/signals.py), and ``tests/games/test_plain_sql.py`` compares every helper with the ORM.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

import orjson
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, JSONField, Model, QuerySet
from django.db.models.constants import OnConflict
from django.db.models.expressions import Expression
from django.db.models.options import Options
from django.db.models.query import get_related_populators  # type: ignore[attr-defined]  # not in the stubs
from django.db.transaction import TransactionManagementError

from games import write_batch

M = TypeVar("M", bound=Model)
# A stand-in for a query's datetime parameter (``CompiledQuery``).
STAND_IN_TIME = datetime(2000, 1, 1, tzinfo=UTC)
# A column's conversions from what the driver returns (SQLite's text dates, 0/1 booleans;
# JSON text) to the field's Python value, with the expression they belong to.
Converters = list[tuple[int, list[Callable[..., Any]], Expression]]


class CompiledQuery:
    """A SELECT compiled once from a queryset and run again with new parameters.

    ``build(*params)`` makes the queryset. It is compiled with ``stand_ins`` (values that
    must come back as its SQL parameters, in order, or the query is refused at first use),
    so the one SQL text fits every call. A datetime may come back as the database takes it
    (SQLite's text): each call's datetimes are then adapted the same way. Rows come back
    converted, in the queryset's column order (``.values(*names)``: the names' order).
    """

    def __init__(self, build: Callable[..., QuerySet[Any, Any]], *stand_ins: Any) -> None:
        self._build = build
        self._stand_ins = stand_ins
        self._compiled: dict[str, tuple[str, Converters, int]] = {}
        self._adapters: dict[str, list[Callable[[Any], Any] | None]] = {}
        # The compiler's select list and model layout, for ``instances``.
        self._shapes: dict[str, tuple[Any, Any]] = {}
        self.locks = False  # select_for_update(): run only inside a transaction

    def _compile(self, using: str) -> tuple[str, Converters, int]:
        compiled = self._compiled.get(using)
        if compiled is None:
            queryset = self._build(*self._stand_ins)
            self.locks = queryset.query.select_for_update
            compiler = queryset.query.get_compiler(using)
            sql, params = compiler.as_sql()
            self._adapters[using] = _adapters(params, self._stand_ins, compiler.connection)
            columns = [expression for expression, _, _ in compiler.select]
            compiled = sql, _converters(columns, compiler.connection), len(columns)
            self._compiled[using] = compiled
            self._shapes[using] = compiler.select, compiler.klass_info
        return compiled

    def rows(self, *params: Any, using: str = DEFAULT_DB_ALIAS) -> list[list[Any]]:
        sql, converters, _ = self._compile(using)
        connection = connections[using]
        if self.locks and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        adapted = [
            value if adapt is None else adapt(value)
            for adapt, value in zip(self._adapters[using], params, strict=True)
        ]
        # With any writes waiting before it (games/write_batch.py).
        rows = [list(row) for row in write_batch.read(connection, sql, adapted)]
        for row in rows:
            for position, functions, expression in converters:
                value = row[position]
                for convert in functions:
                    value = convert(value, expression, connection)
                row[position] = value
        return rows

    def instances(self, model: type[M], *params: Any, using: str = DEFAULT_DB_ALIAS) -> list[M]:
        """The rows as model instances, as the queryset would make them: every column of
        ``model`` selected, and the objects of its ``select_related`` attached."""
        rows = self.rows(*params, using=using)
        select, klass_info = self._shapes[using]
        if klass_info is None or klass_info["model"] is not model:
            raise ValueError(f"The query does not select rows of {model.__name__}.")
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        names = [column[0].target.attname for column in select[start:end]]
        if len(names) != len(model._meta.concrete_fields):
            raise ValueError(f"The query does not select every column of {model.__name__}.")
        related = get_related_populators(klass_info, select, using)
        found = []
        for row in rows:
            instance = model.from_db(using, names, row[start:end])
            for populator in related:
                populator.populate(row, instance)
            found.append(instance)
        return found


def _adapters(
    params: Sequence[Any], stand_ins: tuple[Any, ...], connection: BaseDatabaseWrapper
) -> list[Callable[[Any], Any] | None]:
    """How each call's value becomes its SQL parameter: as it is (None), or adapted as the
    ORM adapts a datetime for this database; refused if the parameters are not the
    stand-ins."""
    adapt_datetime = connection.ops.adapt_datetimefield_value
    adapters: list[Callable[[Any], Any] | None] = []
    for param, stand_in in zip(params, stand_ins, strict=False):
        if param == stand_in:
            adapters.append(None)
        elif isinstance(stand_in, datetime) and param == adapt_datetime(stand_in):
            adapters.append(adapt_datetime)
    if len(adapters) != len(stand_ins) or len(params) != len(stand_ins):
        raise ValueError(
            f"The query's parameters {tuple(params)!r} are not its stand-ins "
            f"{stand_ins!r}: it cannot be compiled once for every call."
        )
    return adapters


def _converters(columns: Sequence[Expression], connection: BaseDatabaseWrapper) -> Converters:
    found: Converters = []
    for position, expression in enumerate(columns):
        functions = connection.ops.get_db_converters(expression) + expression.get_db_converters(
            connection
        )
        if functions:
            found.append((position, functions, expression))
    return found


def _columns(meta: Options[Any], names: Sequence[str]) -> list[Field[Any, Any]]:
    fields = [meta.get_field(name) for name in names]
    for field in fields:
        if not isinstance(field, Field) or not field.concrete:
            raise ValueError(f"{meta.object_name}.{field.name} is not a column.")
    return fields  # type: ignore[return-value]  # checked just above


def _db_value(field: Field[Any, Any], value: Any, connection: BaseDatabaseWrapper) -> Any:
    if isinstance(field, JSONField) and field.encoder is None and value is not None:
        # As JSON text, by orjson: a live hand's state is several kilobytes, saved at every
        # action, and orjson encodes it about ten times faster than the json module. The
        # database reads the text as it would the ORM's (jsonb on PostgreSQL).
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    return field.get_db_prep_save(value, connection)


def update(instance: Model, names: Sequence[str], using: str = DEFAULT_DB_ALIAS) -> None:
    """``instance.save(update_fields=names)`` as one UPDATE by primary key."""
    if not names:
        return
    meta = instance._meta
    connection = connections[using]
    quote = connection.ops.quote_name
    fields = _columns(meta, names)
    setters = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    sql = f"UPDATE {quote(meta.db_table)} SET {setters} WHERE {quote(meta.pk.column)} = %s"
    values = [_db_value(field, field.pre_save(instance, False), connection) for field in fields]
    refusal = f"{meta.object_name} {instance.pk} was not saved: no such row."
    write_batch.write(connection, sql, [*values, instance.pk], refusal)


def insert(objects: Iterable[Model], names: Sequence[str], using: str = DEFAULT_DB_ALIAS) -> int:
    """``bulk_create`` of the objects' ``names`` columns in one INSERT; their ``pk`` stays
    unset (callers that need it use the ORM). Returns how many rows were added."""
    objects = list(objects)
    if not objects:
        return 0
    meta = objects[0]._meta
    connection = connections[using]
    quote = connection.ops.quote_name
    fields = _columns(meta, names)
    columns = ", ".join(quote(field.column) for field in fields)
    row = "(" + ", ".join(["%s"] * len(fields)) + ")"
    sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES {', '.join([row] * len(objects))}"
    values = [
        _db_value(field, field.pre_save(obj, True), connection)
        for obj in objects
        for field in fields
    ]
    write_batch.write(connection, sql, values, None)
    return len(objects)


def insert_each(objects: Iterable[Model], ignore_conflicts: bool = False,
                using: str = DEFAULT_DB_ALIAS) -> None:
    """``bulk_create`` of every column but the primary key, as one prepared INSERT run for
    each object (``executemany``): an import's thousands of rows skip the ORM's compiling of
    each value into a multi-row statement. With ``ignore_conflicts`` a row that breaks a
    unique constraint is left out, as ``bulk_create(ignore_conflicts=True)`` does. The
    objects' ``pk`` stays unset; nothing waits in ``write_batch``: the rows go now."""
    objects = list(objects)
    if not objects:
        return
    meta = objects[0]._meta
    connection = connections[using]
    quote = connection.ops.quote_name
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    columns = ", ".join(quote(field.column) for field in fields)
    on_conflict = OnConflict.IGNORE if ignore_conflicts else None
    sql = (f"{connection.ops.insert_statement(on_conflict=on_conflict)} "
           f"{quote(meta.db_table)} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})")
    suffix = connection.ops.on_conflict_suffix_sql(fields, on_conflict, None, None)
    if suffix:
        sql += f" {suffix}"
    rows = [[_db_value(field, field.pre_save(obj, True), connection) for field in fields]
            for obj in objects]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)
