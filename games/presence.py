"""Who has a table open (games/models/presence.py): each table socket counts itself in as it
opens and out as it closes, in every process alike (the count is in the database).

A person who opens a practice table whose dealing stopped while they were away gets it
dealt again (games/services/practice.py). Called on a database thread by the socket.
"""

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from games.models import Presence
from games.services.practice import person_arrived


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
        if not mine.filter(sockets__gt=1).update(sockets=F("sockets") - 1):
            mine.delete()
