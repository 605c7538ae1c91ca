"""The one shape of every change to a table: lock, check the version, change, bump, snapshot,
publish after commit.

    with table_change(table_id, version=seen) as locked:
        ...  # refuse (ServiceError), or change locked.table, its seats, its hand

On entry: a transaction (a savepoint inside another), the table row locked
(``writer.lock_table``) and the quoted version checked. On a normal exit, whatever path the
body took (an early ``return`` too): the version bumped, the changed columns saved, the
snapshot captured from what this transaction holds and its frames published once it commits,
exactly once (``writer.publish_change``). An exception rolls the whole change back and
publishes nothing. So a service cannot forget to publish, nor publish twice;
``tests/games/test_single_writer.py`` reads the source for writes outside this shape.

A body that found nothing to do says so (``locked.leave_unchanged()``): nothing is
published, and the table row must indeed be as it was locked. ``locked.tell(user_id)`` gives
someone no longer seated or hosting their personal part of the change;
``locked.delete_table()`` publishes the table's close and deletes its row.

A table comes into being only through ``new_table``: its row at version 0, which a socket
reads as its first snapshot (nobody can have a table open before it exists), and its row
sent to the lobby once committed.

The shape adds no statement to a change: the lock, the version's UPDATE and the snapshot's
read are the ones every change made by hand before (``tests/games/test_change_shape.py``
counts them).
"""

from types import TracebackType
from typing import Any

from django.db import transaction

from games import write_batch
from games.models import Table
from games.outbound import broadcast, lobby_feed
from games.services.writer import (
    Locked,
    ServiceError,
    StaleVersion,
    changed_columns,
    keep_on_commit,
    lock_table,
    publish_change,
    snapshot_of,
)


def table_change(
    table_id: int, version: int | None = None, *, answer: bool = False
) -> "TableChange":
    """The change of one table, as a ``with`` block that gives its ``Locked`` table.

    ``version``: the table version the player's request was decided on. One the table has
    not reached is refused; an action decided before the current turn began (or, with no
    hand live, before the table's last change) is ``StaleVersion``. With ``answer`` (a
    player's answer to "run it twice?") only a version from the future is refused: another
    player's answer cannot make it stale.

    >>> with table_change(7, version=41) as locked:  # doctest: +SKIP
    ...     locked.table.bomb_pot_next = True
    """
    return TableChange(table_id, version, answer)


class TableChange:
    """``table_change``'s context manager (a class, not a generator: this is every action's
    hot path)."""

    __slots__ = ("_atomic", "_locked", "_writes", "answer", "table_id", "version")

    def __init__(self, table_id: int, version: int | None, answer: bool) -> None:
        self.table_id, self.version, self.answer = table_id, version, answer
        self._atomic = transaction.atomic()
        # The change's writes go to PostgreSQL with its next read (games/write_batch.py).
        self._writes = write_batch.together()
        self._locked: Locked | None = None

    def __enter__(self) -> Locked:
        self._atomic.__enter__()
        try:
            self._writes.__enter__()
            locked = lock_table(self.table_id)
            if self.version is not None:
                check_version(locked, self.version, answer=self.answer)
        except BaseException as error:
            self._leave(type(error), error, error.__traceback__)
            raise
        self._locked = locked
        return locked

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if kind is None:
            assert self._locked is not None  # entered
            try:
                _finish(self._locked)
            except BaseException as failure:
                self._leave(type(failure), failure, failure.__traceback__)
                raise
        self._leave(kind, error, trace)

    def _leave(
        self, kind: type[BaseException] | None, error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        """Send the writes still waiting (or drop them with a failed change), then commit
        or roll back."""
        try:
            self._writes.__exit__(kind, error, trace)
        except BaseException as failure:
            self._atomic.__exit__(type(failure), failure, failure.__traceback__)
            raise
        self._atomic.__exit__(kind, error, trace)


def check_version(locked: Locked, version: int, *, answer: bool = False) -> None:
    """Refuse a request decided on ``version`` if the table has not reached it, or (unless
    it is an ``answer``) if the table's turn moved on since."""
    table, hand = locked.table, locked.hand
    what = "answer" if answer else "action"
    if version > table.version:
        raise ServiceError(
            f"Your {what} quotes version {version}, but the table is only at version "
            f"{table.version}; send the version of the table you are looking at."
        )
    stale_before = hand.turn_version if hand is not None else table.version
    if not answer and version < stale_before:
        raise StaleVersion(
            "The table has moved on since you acted (you saw version "
            f"{version}, it is now {table.version}); check the table and act again."
        )


def _finish(locked: Locked) -> None:
    if locked.deleting:
        _publish_deletion(locked)
    elif locked.unchanged:
        changed = changed_columns(locked)
        if changed:
            raise RuntimeError(
                f"Table {locked.table.id}: a change said it left the table unchanged, but "
                f"it changed {', '.join(changed)}; publish it instead."
            )
        keep_on_commit(locked)
    else:
        publish_change(locked, locked.also)


def _publish_deletion(locked: Locked) -> None:
    """The table's sockets and the lobby see it closed (one more version), then its row
    goes (closed, it is in no lobby: games/signals.py has nothing more to say of it)."""
    table = locked.table
    table.version += 1
    table.status = Table.Status.CLOSED
    table.next_hand_at = None
    snapshot = snapshot_of(locked, locked.also)
    transaction.on_commit(lambda: broadcast.publish(snapshot), robust=True)
    lobby_feed.publish_change(locked.lobby_row, snapshot, table)
    table.delete()


def new_table(**values: Any) -> Table:
    """The one way a table is made: its row at version 0 (its first snapshot is what a
    socket reads when it opens it), shown in the lobby once committed if it is public."""
    table = Table.objects.create(**values)
    lobby_feed.announce_table(table)
    return table
