"""Hands played elsewhere and imported by a player, and the uploads that brought them.

Imported hands are not live tables: nothing here is written by ``games.services``. Each hand
keeps its own text as it came (nothing is lost), the engine state it replays to, and the
columns "My hands" filters on (site, stakes, date, position, result). Amounts are whole units
of the site's money: ``scale`` of them make one (cents: 100), written with ``currency``.
"""

from django.conf import settings
from django.db import models


class ImportBatch(models.Model):
    """One upload: its text, and how far the import has gone (for the progress bar)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="import_batches"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    filename = models.CharField(max_length=200, blank=True)
    hero_name = models.CharField(max_length=100, blank=True)
    # The hands of the upload, each with its text, are its ``parts`` (ImportPart rows).
    total = models.PositiveIntegerField(default=0)
    done = models.PositiveIntegerField(default=0)
    imported = models.PositiveIntegerField(default=0)
    duplicates = models.PositiveIntegerField(default=0)
    # [{"hand": "hand [12]", "reason": "..."}] for every hand that could not be imported.
    refused = models.JSONField(default=list)
    # The players whose stack at the start of a hand is not what the same table's previous
    # hand left them: [{"hand", "player", "ended", "starts", "previous"}], for review.
    review = models.JSONField(default=list)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Import {self.id} by {self.owner}: {self.done}/{self.total}"

    @property
    def finished(self) -> bool:
        return self.done >= self.total


class ImportPart(models.Model):
    """One hand of an upload's text, cut once when the file comes (``uploads.start``) and
    read by the steps in order; kept afterwards, refused hands too: the upload's text hand
    by hand. Apart from the batch so that a step's progress never writes the text again."""

    batch = models.ForeignKey(ImportBatch, on_delete=models.CASCADE, related_name="parts")
    number = models.PositiveIntegerField()  # the hand's place in the file, from 0
    source = models.CharField(max_length=12)  # "phh" or the site's format (``formats``)
    name = models.TextField(blank=True)  # a .phhs file's name of the hand
    text = models.TextField()
    # What the stack continuity check needs of the hand once read and replayed
    # (games/history/imports/continuity.py's record), None until then or when it was not settled.
    stacks = models.JSONField(null=True, blank=True)
    refused = models.BooleanField(default=False)

    class Meta:
        ordering = ["batch", "number"]
        constraints = [
            models.UniqueConstraint(fields=["batch", "number"], name="import_part_once")
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of import {self.batch_id}"


class ImportedHand(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="imported_hands"
    )
    batch = models.ForeignKey(
        ImportBatch, null=True, blank=True, on_delete=models.SET_NULL, related_name="hands"
    )
    # "phh" or a site format's ``source`` (games/history/imports/formats/: a registry, so a new site
    # needs no migration; games/history/checks.py checks each fits here).
    source = models.CharField(max_length=12)
    site = models.CharField(max_length=60, blank=True)
    site_hand = models.CharField(max_length=60, blank=True)
    table_name = models.CharField(max_length=100, blank=True)
    played_at = models.DateTimeField(null=True, blank=True)
    # The zone the site wrote the time in ("ET", "CET"; PHH's time_zone_abbreviation), so that
    # exports give the site's own clock; ``played_at`` is the same moment in UTC.
    time_zone = models.CharField(max_length=16, blank=True)
    # The table as the site had it: its size (PHH's seat_count; None when not known) and each
    # player's seat number, {"engine seat": table seat} (the engine seats players 1..n).
    seat_count = models.PositiveSmallIntegerField(null=True, blank=True)
    table_seats = models.JSONField(default=dict, blank=True)
    imported_at = models.DateTimeField(auto_now_add=True)
    currency = models.CharField(max_length=8, blank=True)
    scale = models.PositiveIntegerField(default=1)
    small_blind = models.BigIntegerField()
    big_blind = models.BigIntegerField()
    stakes = models.CharField(max_length=40)
    player_count = models.PositiveSmallIntegerField()
    names = models.JSONField(default=dict)  # {"1": "name", ...}: engine seat -> player
    hero_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    position = models.CharField(max_length=8, blank=True)
    hole_cards = models.CharField(max_length=12, blank=True)  # up to six cards, as dealt
    board = models.CharField(max_length=10, blank=True)
    net = models.BigIntegerField(null=True, blank=True)  # the hero's, after rake
    result = models.CharField(max_length=8, blank=True)  # won, lost, folded, even
    settled = models.BooleanField(default=True)
    note = models.TextField(blank=True)  # why a hand stops before its end
    rake = models.JSONField(default=dict)  # {"seat": units kept from that winner}
    state = models.JSONField()
    # The fair-deal record when the file carried one (hands exported from this site).
    fair_deal = models.JSONField(null=True, blank=True)
    # A tournament hand (the text named its tournament): the tournament's number on its
    # site and the blind level. Its chips are not money: the session review leaves them out.
    tournament = models.CharField(max_length=60, blank=True)
    tournament_level = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.TextField()
    fingerprint = models.CharField(max_length=64)

    class Meta:
        ordering = ["-played_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "fingerprint"], name="imported_hand_once_per_owner"
            )
        ]
        indexes = [
            models.Index(fields=["owner", "played_at"]),
            models.Index(fields=["owner", "site", "stakes"]),
        ]

    def __str__(self) -> str:
        return f"{self.site} hand {self.site_hand or self.id} ({self.stakes})"
