"""Table chat: messages kept with their table, and the players its host muted.

Chat is not table state: it carries no version and never goes through the table lock
(games/services/chat.py writes it; games/services/chat_frames.py says what clients see of it).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

MAX_CHAT_LENGTH = 200


class Emote(models.TextChoices):
    """The quick emotes: the key a client sends, and the words everyone is shown."""

    NICE_HAND = "nice_hand", "Nice hand!"
    GOOD_LUCK = "good_luck", "Good luck!"
    WELL_PLAYED = "well_played", "Well played."
    THANKS = "thanks", "Thanks!"
    OOPS = "oops", "Oops."
    HA_HA = "ha_ha", "Ha ha!"


class ChatMessage(models.Model):
    """One line of a table's chat: either written ``text`` or an ``emote``, never both."""

    table = models.ForeignKey(
        "games.Table", on_delete=models.CASCADE, related_name="chat_messages"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    text = models.CharField(max_length=MAX_CHAT_LENGTH, blank=True, default="")
    emote = models.CharField(max_length=20, choices=Emote.choices, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["table", "created_at"])]
        constraints = [
            models.CheckConstraint(
                condition=(Q(text="") & ~Q(emote="")) | (~Q(text="") & Q(emote="")),
                name="chat_text_or_emote",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.shown_text}"

    @property
    def shown_text(self) -> str:
        """What people read: the text, or the emote's words."""
        return Emote(self.emote).label if self.emote else self.text


class ChatMute(models.Model):
    """A player the table's host (or staff) muted: they may read the chat but not send."""

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="chat_mutes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes"
    )
    muted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="chat_mutes_given",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="one_chat_mute_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.user} muted at table {self.table_id}"
