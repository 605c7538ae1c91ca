"""What the session review needs of each hand, stored once per player per hand.

The review reads these rows (one query) instead of replaying every hand: a row is written
when a hand played here ends (for each player dealt in, from that player's seat) and when a
hand is imported (for the hero), and migration 0020 filled it for the hands stored before.
``games.history.review.session_facts`` computes the values;
``games.history.review.session.facts`` is the one definition of each of them, and the tests
check the rows against it hand by hand.
"""

from django.conf import settings
from django.db import models


class HandFacts(models.Model):
    """One hand from one player's seat: its net, its all-in adjusted net, its stats.

    Exactly one of ``hand`` (played here) and ``imported`` is set. Amounts are whole units
    of the hand's money (``scale`` make one, written with ``currency``); tournament hands
    (``tournament`` is the review's key for their tournament) count for the stats only.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hand_facts"
    )
    hand = models.ForeignKey(
        "games.Hand", null=True, blank=True, on_delete=models.CASCADE, related_name="facts"
    )
    imported = models.OneToOneField(
        "games.ImportedHand", null=True, blank=True, on_delete=models.CASCADE,
        related_name="facts",
    )
    seat = models.PositiveSmallIntegerField()
    # The hand's date (Hand.started_at, ImportedHand.played_at): the review's order.
    played_at = models.DateTimeField(null=True, blank=True)
    position = models.CharField(max_length=8, blank=True)
    net = models.BigIntegerField()  # after rake
    # The all-in adjusted net as an exact fraction ("-1250/11"), "" when not adjusted.
    adjusted = models.CharField(max_length=120, blank=True)
    showdown = models.BooleanField(default=False)  # still in when the hands were turned up
    folded = models.BooleanField(default=False)
    vpip = models.BooleanField(default=False)
    pfr = models.BooleanField(default=False)
    # None: no chance to do it (no raise faced; no flop seen; no showdown).
    three_bet = models.BooleanField(null=True, blank=True)
    wtsd = models.BooleanField(null=True, blank=True)
    wsd = models.BooleanField(null=True, blank=True)
    big_blind = models.BigIntegerField()
    scale = models.PositiveIntegerField(default=1)
    currency = models.CharField(max_length=8, blank=True)
    tournament = models.CharField(max_length=80, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hand", "owner"], name="hand_facts_once_per_player"),
            models.CheckConstraint(
                condition=models.Q(hand__isnull=True) ^ models.Q(imported__isnull=True),
                name="hand_facts_of_one_hand",
            ),
        ]
        indexes = [models.Index(fields=["owner", "played_at", "id"])]

    def __str__(self) -> str:
        which = f"hand {self.hand_id}" if self.hand_id else f"imported hand {self.imported_id}"
        return f"{which} from seat {self.seat}: {self.net:+}"
