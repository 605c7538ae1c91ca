"""Private notes on players: what one player keeps on another ("calls too much"), with a
colour tag, shown at the table on that player's seat to the note's author only
(games/player_views.py serves them to their author and to nobody else)."""

from django.conf import settings
from django.db import models

NOTE_MAX_LENGTH = 500


class PlayerNote(models.Model):
    class Colour(models.TextChoices):
        NONE = "", "No colour"
        RED = "red", "Red"
        ORANGE = "orange", "Orange"
        YELLOW = "yellow", "Yellow"
        GREEN = "green", "Green"
        BLUE = "blue", "Blue"
        PURPLE = "purple", "Purple"

    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notes_written"
    )
    target = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    text = models.CharField(max_length=NOTE_MAX_LENGTH, blank=True, default="")
    colour = models.CharField(max_length=10, choices=Colour.choices, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["author", "target"], name="one_note_per_author_target")
        ]

    def __str__(self) -> str:
        return f"note of user {self.author_id} on user {self.target_id}"
