"""Clubs, their members, their nights and each night's settle-up (docs/clubs.md).

A club night gathers tables and tournaments of the games app (read only: a settle-up never
moves play chips). Settling a night stores each person's result and the transfers that
settle it; an unpaid transfer carries to the club's next settled night as an IOU.
"""

import secrets

from django.conf import settings
from django.db import models

from clubs.money import CURRENCIES, ChipValue
from clubs.points import FORMULAS


def new_invite_code() -> str:
    """An unguessable code for a club's invitation link."""
    return secrets.token_urlsafe(12)


CURRENCY_CHOICES = [(code, f"{code} ({label})") for code, (_, label) in CURRENCIES.items()]


class Club(models.Model):
    name = models.CharField(max_length=60)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_clubs"
    )
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", "Owner"
        MANAGER = "manager", "Manager"
        MEMBER = "member", "Member"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships"
    )
    role = models.CharField(max_length=8, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club} ({self.role})"

    @property
    def manages(self) -> bool:
        return self.role in (self.Role.OWNER, self.Role.MANAGER)


class JoinRequest(models.Model):
    """Someone who followed the invitation link, waiting for a manager's approval."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="join_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_requests"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_request_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.user} asks to join {self.club}"


class PaymentHandle(models.Model):
    """How a person takes money by one method (free text), shown to their clubs' members."""

    class Method(models.TextChoices):
        VENMO = "venmo", "Venmo"
        PAYPAL = "paypal", "PayPal"
        CASH_APP = "cashapp", "Cash App"
        ZELLE = "zelle", "Zelle"
        REVOLUT = "revolut", "Revolut"
        BANK = "bank", "Bank transfer"
        OTHER = "other", "Other"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="payment_handles"
    )
    method = models.CharField(max_length=8, choices=Method.choices)
    handle = models.CharField(max_length=100)

    class Meta:
        ordering = ["method"]
        constraints = [
            models.UniqueConstraint(fields=["user", "method"], name="one_handle_per_method")
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.get_method_display()} {self.handle}"


class Season(models.Model):
    """A club's season: its nights are those started between the two dates (inclusive) in
    its currency, or the first ``night_count`` of them from its first day (then it has no
    last day); its standings are counted from their hands (clubs/standings.py)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=60)
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    night_count = models.PositiveSmallIntegerField(null=True, blank=True)
    currency = models.CharField(max_length=3, choices=CURRENCY_CHOICES, default="USD")
    # How tournament finishes score (clubs/points.py), the owner's pick.
    points = models.CharField(
        max_length=8, choices=[(code, label) for code, (label, _) in FORMULAS.items()],
        default="field",
    )

    class Meta:
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__isnull=True)
                | models.Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_it_starts",
            ),
            # A season ends on a day or after a number of nights: exactly one of the two.
            models.CheckConstraint(
                condition=models.Q(ends_on__isnull=False, night_count__isnull=True)
                | models.Q(ends_on__isnull=True, night_count__isnull=False, night_count__gte=1),
                name="season_ends_by_date_or_nights",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"


class Night(models.Model):
    """A club's night: its tables and tournaments, what a chip is worth, its settle-up."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="nights")
    name = models.CharField(max_length=60)
    chips = models.PositiveIntegerField(default=1)  # ``chips`` chips are worth ``cents``
    cents = models.PositiveIntegerField(default=1)
    currency = models.CharField(max_length=3, choices=CURRENCY_CHOICES, default="USD")
    tables = models.ManyToManyField("games.Table", blank=True, related_name="club_nights")
    tournaments = models.ManyToManyField(
        "games.Tournament", blank=True, related_name="club_nights"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    settled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(chips__gt=0), name="night_chips_positive")
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"

    @property
    def value(self) -> ChipValue:
        return ChipValue(self.chips, self.cents, self.currency)


class NightResult(models.Model):
    """One person's result of a settled night: chips won or lost at its tables and
    tournaments, those chips in cents, and the IOUs carried in from earlier nights."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="results")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    chips = models.BigIntegerField()
    played_cents = models.BigIntegerField()
    carried_cents = models.BigIntegerField(default=0)
    corrected_cents = models.BigIntegerField(default=0)  # the managers' corrections, net

    class Meta:
        ordering = ["-played_cents", "id"]
        constraints = [
            models.UniqueConstraint(fields=["night", "user"], name="one_result_per_night")
        ]

    def __str__(self) -> str:
        return f"{self.user} at {self.night}: {self.cents} cents"

    @property
    def cents(self) -> int:
        return self.played_cents + self.carried_cents + self.corrected_cents


class Transfer(models.Model):
    """``payer`` owes ``payee`` this many cents from a night's settle-up. Unpaid when the
    club's next night settles, it is carried there (``carried_to``) as an IOU."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="transfers")
    payer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    payee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    cents = models.PositiveBigIntegerField()
    paid_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
        related_name="+",
    )
    carried_to = models.ForeignKey(
        Night, null=True, blank=True, on_delete=models.SET_NULL, related_name="carried_in"
    )

    class Meta:
        ordering = ["-cents", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(cents__gt=0), name="transfer_positive")
        ]

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.cents} cents ({self.night})"

    @property
    def is_open(self) -> bool:
        """Still owed here: neither paid nor carried to a later night."""
        return self.paid_at is None and self.carried_to_id is None


class Correction(models.Model):
    """A manager's correction of a night's result, with its reason: ``cents`` move from
    ``loser``'s result to ``winner``'s (so the night still sums to zero). Made before the
    night is settled, kept with it, shown to every member."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="corrections")
    loser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                              related_name="+")
    winner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                               related_name="+")
    cents = models.PositiveBigIntegerField()
    reason = models.CharField(max_length=200)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(cents__gt=0), name="correction_positive")
        ]

    def __str__(self) -> str:
        return f"{self.cents} cents from {self.loser} to {self.winner} ({self.night})"
