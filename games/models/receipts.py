"""Request ids of commands already applied, so that a delayed copy is refused."""

from django.conf import settings
from django.db import models


class CommandReceipt(models.Model):
    """One applied ``sit``/``stand``/``sit_out``/``sit_back`` (see games/protocol.py).

    Written in the same transaction as the change it records: a refused command leaves no
    receipt, so it may be sent again. Old receipts are deleted by the clock.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    request_id = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "request_id"], name="one_receipt_per_request")
        ]
        indexes = [models.Index(fields=["created_at"])]

    def __str__(self) -> str:
        return f"{self.user} {self.request_id}"
