"""Web Push subscriptions: where to send a player's "your turn" when no page of theirs has
the table open (games/outbound/turn_push.py). One row per browser that said yes."""

from django.conf import settings
from django.db import models


class PushSubscription(models.Model):
    """A browser's push subscription (the Push API's ``PushSubscription.toJSON()``): its
    push service's endpoint and the keys that encrypt what is sent there (RFC 8291)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    # The push service's address for this browser: secret (whoever has it may push to it).
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)  # the browser's public key, base64url
    auth = models.CharField(max_length=100)  # the shared authentication secret, base64url
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"push subscription of user {self.user_id}"

    def info(self) -> dict[str, object]:
        """As pywebpush takes it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
