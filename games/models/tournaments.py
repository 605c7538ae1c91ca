"""Sit-and-go tournaments at one table (issue 24): the tournament and its entries.

A tournament registers players (each buy-in leaves their bankroll through the ledger), then
plays at a table of its own, made when it starts (``Table.is_tournament``), with the same
starting stack for everyone. Those chips are tournament chips, not bankroll chips: a
tournament seat never cashes out; the prize pool, exactly the buy-ins, is paid to bankrolls
by finishing place. The rules (levels, payouts, places, ICM) are the engine's
(``games/engine/tournament/``); the changes are the services' (``games/services/
tournaments.py`` before the start, ``tournament_table.py`` at the table).
"""

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from games.engine.tournament.payouts import PayoutPreset
from games.engine.tournament.schedule import BlindSchedule
from games.table_limits import MAX_SEATS, MIN_SEATS


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTERING = "registering", "Registering"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    name = models.CharField(max_length=60)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="hosted_tournaments",
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERING)
    # It starts by itself when this many have registered (or earlier, when the host says so).
    max_players = models.PositiveSmallIntegerField()
    buy_in = models.PositiveIntegerField()  # play chips from the bankroll, per entry
    starting_stack = models.PositiveIntegerField()  # tournament chips, per entry
    # The blind schedule, as BlindSchedule.to_dict(): its levels and their length in minutes
    # or hands. Stored whole, so that a preset changed later never changes a tournament.
    schedule = models.JSONField()
    # The preset the schedule came from ("turbo", "regular", "deep"), or "" for a custom one.
    schedule_preset = models.CharField(max_length=12, blank=True)
    payout = models.CharField(
        max_length=20, choices=[(p.value, p.value) for p in PayoutPreset],
        default=PayoutPreset.THREE_PLACES.value,
    )
    action_seconds = models.PositiveSmallIntegerField(default=30)
    # The table it plays at, made when it starts.
    table = models.OneToOneField(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="tournament",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The level clock: levels by minutes count from here. Stored, so a restarted server
    # deals the level in force (games/services/tournament_table.py).
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The level of the last hand dealt (0-based), for the admin and the felt.
    level = models.PositiveSmallIntegerField(default=0)
    # A deal proposed to the players left, while it waits for their answers (no hand is
    # dealt meanwhile): {"method", "proposed_by", "stacks", "prizes", "equities",
    # "amounts", "agreed"}, keyed by user id (games/services/tournament_deals.py).
    deal = models.JSONField(null=True, blank=True)
    # How it ended: "play" (one player won every chip) or "deal" (the players left agreed).
    ended_by = models.CharField(max_length=8, blank=True)
    # Rebuys: a player at or below the starting stack may buy in again, between hands,
    # during the first this many levels (0: no rebuys). Each rebuy's buy-in joins the pool.
    rebuy_levels = models.PositiveSmallIntegerField(default=0)
    rebuys = models.PositiveIntegerField(default=0)  # every entry's, counted for the pool

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(max_players__gte=MIN_SEATS) & Q(max_players__lte=MAX_SEATS),
                name="tournament_players_between_2_and_10",
            ),
            models.CheckConstraint(
                condition=Q(buy_in__gt=0) & Q(starting_stack__gt=0),
                name="tournament_buy_in_and_stack_positive",
            ),
            models.CheckConstraint(
                condition=Q(started_at__isnull=True) | Q(finished_at__isnull=True)
                | Q(finished_at__gte=F("started_at")),
                name="tournament_finishes_after_it_starts",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.get_status_display()})"

    def prize_pool(self, entrants: int) -> int:
        """Every buy-in paid: one per entrant, one per rebuy."""
        return self.buy_in * (entrants + self.rebuys)

    def blind_schedule(self) -> BlindSchedule:
        return BlindSchedule.from_dict(self.schedule)

    def schedule_summary(self) -> dict[str, Any]:
        data = self.blind_schedule()
        unit = f"{data.minutes} minutes" if data.minutes else f"{data.hands} hands"
        return {"levels": len(data.levels), "each": unit}


class TournamentEntry(models.Model):
    """A player's place in a tournament: registered, then playing, then finished with a
    place (a tie spans ``place`` to ``place_worst``) and the prize paid."""

    class Status(models.TextChoices):
        REGISTERED = "registered", "Registered"
        PLAYING = "playing", "Playing"
        FINISHED = "finished", "Finished"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTERED)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    place_worst = models.PositiveSmallIntegerField(null=True, blank=True)
    prize = models.PositiveIntegerField(default=0)
    # The hand in which the player busted (None: not busted, or the winner).
    busted_in_hand = models.PositiveIntegerField(null=True, blank=True)
    rebuys = models.PositiveSmallIntegerField(default=0)
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "place", "registered_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament.name}"

    @property
    def place_text(self) -> str:
        if self.place is None:
            return ""
        if self.place_worst and self.place_worst != self.place:
            return f"{self.place}-{self.place_worst} (tied)"
        return str(self.place)
