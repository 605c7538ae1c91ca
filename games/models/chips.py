"""Play money: a bankroll per player and a ledger row for every chip movement.

Conservation: the sum of all ledger amounts of the ISSUING kinds (grants, top-ups, staff
adjustments, and host adjustments made before issue 21) equals bankrolls + cash table stacks
+ chips in live pots + the chips tournaments hold (buy-ins not yet refunded or paid out as
prizes: minus the sum of their TOURNAMENT_* rows). BUY_IN, CASH_OUT, HOST_ADD and HOST_TAKE
rows move chips between a bankroll and a table and net to zero across the room. Stacks at
a tournament table are tournament chips, outside this sum: the prize pool stands for them.
"""

from django.conf import settings
from django.db import models

STARTING_GRANT = 10_000
DAILY_TOP_UP = 2_000


class Player(models.Model):
    """Poker-side facts about a user: bankroll, and whether they came in as a guest."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player"
    )
    bankroll = models.PositiveBigIntegerField(default=0)
    is_guest = models.BooleanField(default=False)
    last_top_up = models.DateField(null=True, blank=True)
    # A bot's playing style (a key of games.bots.roster.BOT_STYLES); empty for a person.
    bot_style = models.CharField(max_length=20, blank=True, default="")
    # Their own bet buttons, as games/bet_presets.py reads them ("33%, 50%, pot, 2.5x");
    # empty: the table's usual ones.
    bet_presets = models.CharField(max_length=80, blank=True, default="")

    def __str__(self) -> str:
        return f"{self.user} ({self.bankroll} chips)"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_style)


class LedgerEntry(models.Model):
    class Kind(models.TextChoices):
        GRANT = "grant", "Starting grant"
        TOP_UP = "top_up", "Daily top-up"
        BUY_IN = "buy_in", "Buy-in"
        CASH_OUT = "cash_out", "Cash-out"
        ADJUSTMENT = "adjustment", "Staff adjustment"
        # Rows written before issue 21 only: the host changed a stack out of nothing
        # (``amount`` is the change to the stack; the bankroll was untouched).
        STACK_ADJUSTMENT = "stack_adjust", "Stack adjustment by the host"
        # The host moves a seated player's chips between their bankroll and their stack
        # (games/chips.py, adjust_stack): ``amount`` is the change to the bankroll.
        HOST_ADD = "host_add", "Added to the stack by the host"
        HOST_TAKE = "host_take", "Taken from the stack by the host"
        # A sit-and-go (games/models/tournaments.py): the buy-in into its prize pool, its
        # refund when the player unregisters before the start, and a prize from the pool.
        TOURNAMENT_BUY_IN = "sng_buy_in", "Tournament buy-in"
        TOURNAMENT_REFUND = "sng_refund", "Tournament refund"
        TOURNAMENT_PRIZE = "sng_prize", "Tournament prize"
        TOURNAMENT_REBUY = "sng_rebuy", "Tournament rebuy"
        TOURNAMENT_REENTRY = "sng_reentry", "Tournament re-entry"
        TOURNAMENT_ADDON = "sng_addon", "Tournament add-on"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ledger"
    )
    kind = models.CharField(max_length=12, choices=Kind.choices)
    # Signed change to the bankroll: a buy-in is negative, a cash-out positive.
    amount = models.BigIntegerField()
    bankroll_after = models.PositiveBigIntegerField()
    table = models.ForeignKey(
        "games.Table", null=True, blank=True, on_delete=models.SET_NULL, related_name="ledger"
    )
    tournament = models.ForeignKey(
        "games.Tournament", null=True, blank=True, on_delete=models.SET_NULL,
        related_name="ledger",
    )
    reason = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    # Kinds that bring chips into the room (or take them out); the others move chips.
    ISSUING = (Kind.GRANT, Kind.TOP_UP, Kind.ADJUSTMENT, Kind.STACK_ADJUSTMENT)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "ledger entries"

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount:+} for {self.user}"
