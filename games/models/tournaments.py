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
from games.models.tables import new_invite_code
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
    # A private tournament is listed nowhere: its page, and its table, open to the host,
    # its entrants and people who came through its invite link (games/access.py).
    is_private = models.BooleanField(default=False)
    # A club's tournament: open only to its members unless the host opened it to all.
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="tournaments",
    )
    club_open = models.BooleanField(default=False)
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
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
    # Late registration: players may register after the start, until the end of this level
    # (0: none), seated at a free seat of the table's ten with the starting stack
    # (games/services/tournament_late.py).
    late_levels = models.PositiveSmallIntegerField(default=0)
    # Entries a player may make: 1, or more for re-entry (a busted player buys in again, as
    # a new entry, while late registration is open).
    max_entries = models.PositiveSmallIntegerField(default=1)
    reentries = models.PositiveIntegerField(default=0)  # every player's, counted for the pool
    # The add-on: once per player, between hands during level ``addon_level`` (0: none),
    # ``addon_price`` from the bankroll into the pool for ``addon_chips`` tournament chips.
    addon_level = models.PositiveSmallIntegerField(default=0)
    addon_price = models.PositiveIntegerField(default=0)
    addon_chips = models.PositiveIntegerField(default=0)
    addons = models.PositiveIntegerField(default=0)  # taken so far, counted for the pool

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

    @property
    def members_only(self) -> bool:
        """A club's tournament its host has not opened to all (games/access.py)."""
        return self.club_id is not None and not self.club_open

    def prize_pool(self, entrants: int) -> int:
        """Every chip paid in: a buy-in per entrant, per re-entry and per rebuy, and the
        add-ons' price."""
        return self.buy_in * (entrants + self.reentries + self.rebuys) + (
            self.addon_price * self.addons
        )

    def late_registration_open(self, level: int) -> bool:
        """Whether a player may still register (or re-enter) during ``level`` (from 1)."""
        return level <= self.late_levels

    def options_text(self) -> list[str]:
        """The options as the pages say them ("Late registration until level 4")."""
        said = []
        if self.late_levels:
            said.append(f"Late registration until level {self.late_levels}")
        if self.max_entries > 1:
            said.append(f"Re-entry during late registration, up to {self.max_entries} "
                        "entries a player (only the last entry's finish counts)")
        if self.rebuy_levels:
            said.append(f"Rebuys in levels 1 to {self.rebuy_levels}")
        if self.addon_level:
            said.append(f"Add-on in level {self.addon_level}: {self.addon_chips:,} chips "
                        f"for {self.addon_price:,}")
        return said

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
        # Out while late registration is open: the place comes when it closes (by the order
        # players went out), and the player may re-enter meanwhile.
        BUSTED = "busted", "Out, place to come"
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
    # The chips this entry had when the hand it busted in began (ties and order of places
    # settled when late registration closes).
    busted_with = models.PositiveIntegerField(null=True, blank=True)
    # While late registration is open: the place it went out in, among the entries in then
    # (the field may still grow, so its finishing place comes later).
    went_out_in = models.PositiveSmallIntegerField(null=True, blank=True)
    # Registered after the start (late registration).
    late = models.BooleanField(default=False)
    # Re-entries: each a new entry for a new buy-in. Only the last entry's finish counts
    # for places and prizes; each earlier entry's bust is kept here:
    # [{"entry": 1, "busted_in_hand": 12, "went_out_in": 5}].
    reentries = models.PositiveSmallIntegerField(default=0)
    earlier_entries = models.JSONField(default=list, blank=True)
    addons = models.PositiveSmallIntegerField(default=0)  # 0 or 1: once per player
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "place", "registered_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.tournament.name}"

    @property
    def paid(self) -> int:
        """Everything this player paid in: a buy-in per entry and per rebuy, and the
        add-on."""
        tournament = self.tournament
        return tournament.buy_in * (1 + self.reentries + self.rebuys) + (
            tournament.addon_price * self.addons
        )

    @property
    def place_text(self) -> str:
        if self.place is None:
            return ""
        if self.place_worst and self.place_worst != self.place:
            return f"{self.place}-{self.place_worst} (tied)"
        return str(self.place)
