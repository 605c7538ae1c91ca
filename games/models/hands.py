"""Hands as they are played: the engine state, every action, and who was dealt in."""

from django.conf import settings
from django.db import models


class Hand(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        COMPLETE = "complete", "Complete"
        VOIDED = "voided", "Voided"

    table = models.ForeignKey("games.Table", on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    button = models.PositiveSmallIntegerField()
    board = models.CharField(max_length=20, blank=True)
    # Pots as the engine reports them at the end: [{"amount", "eligible", "winners", ...}].
    pots = models.JSONField(default=list, blank=True)
    # The engine's whole state, deck included: never sent to a client as it is.
    state = models.JSONField()
    status = models.CharField(
        max_length=12, choices=Status.choices, default=Status.IN_PROGRESS
    )
    # When the player to act runs out of time (None when nobody is to act).
    action_deadline = models.DateTimeField(null=True, blank=True)
    # The table version at which the current turn began: an action quoting an older version
    # was decided on a stale view (or raced another one) and is refused.
    turn_version = models.PositiveBigIntegerField(default=0)
    # True while the player to act is on their time bank (their own clock ran out).
    on_time_bank = models.BooleanField(default=False)
    # When the bot to act takes its turn (None when the actor is a person, or nobody is).
    bot_acts_at = models.DateTimeField(null=True, blank=True)
    # The fair-deal record the deck was made from (games/engine/fair_deal.py), server seed
    # included: it may leave the server only once the hand is over. None: a deck given by a
    # test or a replay, which proves nothing.
    fair_deal = models.JSONField(null=True, blank=True)
    # A sit-and-go's hand: the blind level it was dealt at, counted from 1 (the schedule's
    # index moves with the clock; history must say the level the hand was played at).
    # None at a cash table.
    tournament_level = models.PositiveSmallIntegerField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_per_table"),
            models.UniqueConstraint(
                fields=["table"],
                condition=models.Q(status="in_progress"),
                name="one_live_hand_per_table",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "action_deadline"]),
            models.Index(fields=["status", "bot_acts_at"]),
        ]

    def __str__(self) -> str:
        return f"Hand #{self.number} at {self.table.name}"


class HandPlayer(models.Model):
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hands_played"
    )
    seat = models.PositiveSmallIntegerField()
    hole_cards = models.CharField(max_length=12)  # up to six cards (a game deals 1 to 6)
    starting_stack = models.PositiveIntegerField()
    finishing_stack = models.PositiveIntegerField(null=True, blank=True)
    shown = models.BooleanField(default=False)
    mucked = models.BooleanField(default=False)

    class Meta:
        ordering = ["hand", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seat"], name="one_player_per_hand_seat"),
            models.UniqueConstraint(fields=["hand", "user"], name="one_seat_per_hand_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in seat {self.seat} of hand {self.hand_id}"

    @property
    def net(self) -> int | None:
        if self.finishing_stack is None:
            return None
        return self.finishing_stack - self.starting_stack


class HandAction(models.Model):
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="actions")
    sequence = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    street = models.CharField(max_length=10)
    kind = models.CharField(max_length=16)
    amount = models.PositiveIntegerField(null=True, blank=True)
    timed_out = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "sequence"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "sequence"], name="action_sequence_per_hand")
        ]

    def __str__(self) -> str:
        amount = f" {self.amount}" if self.amount is not None else ""
        return f"#{self.sequence} seat {self.seat} {self.kind}{amount} ({self.street})"
