"""Who has a table open (games/models/presence.py): each table socket counts itself in as it
opens and out as it closes, in every process alike (the count is in the database).

A person who opens a practice table whose dealing stopped while they were away gets it
dealt again (games/services/practice.py). Called on a database thread by the socket.
"""

import asyncio
import logging

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games.database_threads import writing
from games.models import Presence
from games.services.practice import person_arrived

log = logging.getLogger(__name__)


def arrive(table_id: int, user_id: int) -> None:
    now = timezone.now()
    mine = Presence.objects.filter(table_id=table_id, user_id=user_id)
    with transaction.atomic():
        if not mine.update(sockets=F("sockets") + 1, since=now):
            try:
                with transaction.atomic():
                    Presence.objects.create(table_id=table_id, user_id=user_id, since=now)
            except IntegrityError:  # another socket of theirs counted itself in first
                mine.update(sockets=F("sockets") + 1, since=now)
    person_arrived(table_id, user_id)


def leave(table_id: int, user_id: int) -> None:
    mine = Presence.objects.filter(table_id=table_id, user_id=user_id)
    with transaction.atomic():
        # Locked, so that a socket of theirs counting itself in now waits, then finds the
        # row gone (and makes it again) or counted down: never a count lost.
        row = mine.select_for_update().first()
        if row is None:
            return
        if row.sockets > 1:
            mine.update(sockets=F("sockets") - 1)
        else:
            row.delete()


_leaving: set[asyncio.Task[None]] = set()  # kept, or the loop could drop them unfinished


def count_out_later(table_id: int, user_id: int) -> None:
    """``leave`` without holding up a closing socket (a slow database must not keep a socket
    cut off for flooding open): on a database thread, logged if it fails."""

    async def count_out() -> None:
        try:
            await writing(leave)(table_id, user_id)
        except Exception:
            log.exception("table %s: could not count a socket out", table_id)

    task = asyncio.ensure_future(count_out())
    _leaving.add(task)
    task.add_done_callback(_leaving.discard)
