"""Who has a table open: one row per person with at least one socket of the table open.

Not table state (no version, no lock): the sockets write it as they open and close
(games/presence.py), and the writer reads it to decide whether a practice table deals. A
process that dies leaves its rows behind; a practice table stops anyway, since its person
then times out and is sat out (games/services/practice.py).
"""

from django.conf import settings
from django.db import models


class Presence(models.Model):
    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="presence")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    sockets = models.PositiveIntegerField(default=1)  # open in every process together
    since = models.DateTimeField()  # when the latest of them opened

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="one_presence_per_person"),
        ]

    def __str__(self) -> str:
        return f"{self.user} at table {self.table_id} ({self.sockets} socket(s))"
