"""Tables people play at. Seats, hands and the ledger join these as live play lands."""

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from games.dealers_choice import every_game
from games.engine.fair_deal import shown_at_text
from games.engine.fair_deck import commitment, new_server_seed
from games.engine.games import CODE_LENGTH
from games.table_games import RunItTwice, ShortDeckRanking, game_choices
from games.table_limits import LIMIT_FIELDS, MAX_SEATS, MIN_SEATS, limit_problems


def new_invite_code() -> str:
    """An unguessable code for a private table's invite link."""
    return secrets.token_urlsafe(12)


class Table(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "Open"
        PAUSED = "paused", "Paused"
        CLOSED = "closed", "Closed"

    name = models.CharField(max_length=60)
    small_blind = models.PositiveIntegerField(default=1)
    big_blind = models.PositiveIntegerField(default=2)
    ante = models.PositiveIntegerField(default=0)
    max_seats = models.PositiveSmallIntegerField(default=6)
    min_buy_in = models.PositiveIntegerField(default=40)
    max_buy_in = models.PositiveIntegerField(default=200)
    action_seconds = models.PositiveSmallIntegerField(default=30)
    # The game dealt from the next hand on (games/table_games.py says how dealer's choice
    # rotates), and whether an all-in before the river runs the board twice.
    game = models.CharField(max_length=CODE_LENGTH, choices=game_choices, default="NT")
    # Dealer's choice deals these games (the engine's codes), in this order, an orbit each;
    # the host picks them (games/dealers_choice.py). Tables older than the choice keep the
    # rotation they had, hold'em then Omaha (migration 0031).
    dealers_choice_games = models.JSONField(default=every_game, blank=True)
    run_it_twice = models.CharField(
        max_length=6, choices=RunItTwice.choices, default=RunItTwice.OFF
    )
    # Bomb pots: every N hands (0: only when the host asks), each player antes this many
    # big blinds and the hand starts on the flop; ``bomb_pot_next``: the host asked for one.
    bomb_pot_every = models.PositiveSmallIntegerField(default=0)
    bomb_pot_big_blinds = models.PositiveSmallIntegerField(default=2)
    bomb_pot_next = models.BooleanField(default=False)
    # The 7-2 bounty in big blinds (0: off): a hold'em pot won with a shown seven-deuce
    # collects this from every other player dealt in (games/engine/bounty.py).
    seven_deuce_big_blinds = models.PositiveSmallIntegerField(default=0)
    # A bomb pot is dealt one board or two (each board pays half of every pot).
    bomb_pot_boards = models.PositiveSmallIntegerField(default=1)
    # Live straddles: the player under the gun may post two big blinds before the cards
    # (each player chooses, for the next hand they are under the gun: Seat.straddle_next).
    straddles_allowed = models.BooleanField(default=False)
    # Button straddles: the player on the button may post two big blinds; the small blind
    # then acts first preflop and the button last (games/table_games.straddle_blinds).
    button_straddles_allowed = models.BooleanField(default=False)
    # Short deck's order of three of a kind and a straight at this table (pokerkit's and
    # Triton's by default); the hand's stored config keeps it (games/table_games.py).
    short_deck_ranking = models.CharField(
        max_length=16, choices=ShortDeckRanking.choices,
        default=ShortDeckRanking.STRAIGHT_OVER_TRIPS,
    )
    is_private = models.BooleanField(default=False)
    # A club's table (docs/clubs.md): open only to the club's members unless the host
    # opened it to all (``club_open``); the club's managers get the host tools here.
    club = models.ForeignKey(
        "clubs.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="tables"
    )
    club_open = models.BooleanField(default=False)
    # A practice table: made by "Practise now" for one person and bots.
    is_practice = models.BooleanField(default=False)
    # A sit-and-go's table (games/models/tournaments.py): seats are given at the start, the
    # blinds follow the schedule, and its chips never cash out to a bankroll.
    is_tournament = models.BooleanField(default=False)
    # Whether players may open the coach panel here (always at practice tables).
    coach_allowed = models.BooleanField(default=False)
    # The host approves each new player before they sit (their requests wait in
    # ``seat_requests``).
    needs_approval = models.BooleanField(default=False)
    # Players waiting for the host's approval, oldest first: [{"user_id", "name", "seat",
    # "buy_in", "post_now"}]. Kept on the row so the writer reads them with its lock.
    seat_requests = models.JSONField(default=list, blank=True)
    # The table's recent notices for everyone (host actions, top-ups, freed seats), oldest
    # first: [{"seq", "hand", "kind", "player", "text"}] (games/services/notices.py).
    notices = models.JSONField(default=list, blank=True)
    invite_code = models.CharField(max_length=32, unique=True, default=new_invite_code)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    # Bumped by every state change; clients quote it so stale actions are refused.
    version = models.PositiveBigIntegerField(default=0)
    # Where the button was last hand (None before the first hand).
    button = models.PositiveSmallIntegerField(null=True, blank=True)
    hands_played = models.PositiveIntegerField(default=0)
    # When the next hand deals by itself (None: not scheduled, e.g. fewer than two players).
    next_hand_at = models.DateTimeField(null=True, blank=True)
    # The fair deal of the table's next hand (docs/fairness.md): its server seed, drawn when
    # the table is made and whenever a hand ends, SECRET until that hand is over (no view,
    # frame or channel-layer message carries it: snapshots read TABLE_FIELDS only)...
    next_server_seed = models.CharField(max_length=64, blank=True)
    # ... and its public part, shown in the table view before the client seeds of that hand
    # are final: {"commitment": SHA-256 of the seed, "shown_at": ISO time}; None once dealt.
    next_deal = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(small_blind__gt=0) & Q(big_blind__gte=F("small_blind")),
                name="table_blinds_positive_and_ordered",
            ),
            models.CheckConstraint(
                condition=Q(max_seats__gte=MIN_SEATS) & Q(max_seats__lte=MAX_SEATS),
                name="table_seats_between_2_and_10",
            ),
            models.CheckConstraint(
                condition=Q(min_buy_in__gt=0) & Q(max_buy_in__gte=F("min_buy_in")),
                name="table_buy_in_range_ordered",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.small_blind}/{self.big_blind})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self._state.adding and not self.next_server_seed:
            self.commit_next_deal(timezone.now())  # a new table: its first hand's commitment
        super().save(*args, **kwargs)

    @property
    def members_only(self) -> bool:
        """A club's table its host has not opened to all (games/access.py)."""
        return self.club_id is not None and not self.club_open

    @property
    def unlisted(self) -> bool:
        """Left out of the public lobby: a private table, or a club's members-only one."""
        return self.is_private or self.members_only

    def commit_next_deal(self, now: datetime) -> None:
        """Draw the server seed of the table's next hand from the OS's CSPRNG and show its
        commitment from ``now`` on (rounded up to the millisecond the record writes)."""
        seed = new_server_seed()
        shown = now + timedelta(microseconds=(1000 - now.microsecond % 1000) % 1000)
        self.next_server_seed = seed
        self.next_deal = {"commitment": commitment(seed), "shown_at": shown_at_text(shown)}

    def clean(self) -> None:
        problems = limit_problems({name: getattr(self, name) for name in LIMIT_FIELDS})
        if problems:
            raise ValidationError(problems)


class Seat(models.Model):
    """A player sitting at a table. One user per table and one user per seat number."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seats"
    )
    number = models.PositiveSmallIntegerField()
    # Chips behind at the start of the current hand (the engine state holds the live figure).
    stack = models.PositiveIntegerField()
    sitting_out = models.BooleanField(default=False)
    # The player straddles the next hand they are under the gun (if the table allows).
    straddle_next = models.BooleanField(default=False)

    class Entry(models.TextChoices):
        # The values are the engine's ``Entry``: how the seat takes part in the next hand.
        PLAYING = "playing", "Playing"
        WAIT_FOR_BB = "wait_for_bb", "Waiting for the big blind"
        POST_BB = "post_bb", "Posting a big blind to play"

    # A player who sits down mid-game waits for the big blind unless they choose to post.
    entry = models.CharField(max_length=12, choices=Entry.choices, default=Entry.WAIT_FOR_BB)
    consecutive_timeouts = models.PositiveSmallIntegerField(default=0)
    # The number of the hand in which this player last used their time bank (once a hand).
    time_bank_used_in_hand = models.PositiveIntegerField(null=True, blank=True)
    # Set when the player asks to leave (or staff removes them) during a hand.
    leave_after_hand = models.BooleanField(default=False)
    # When the player lost their last chip: the seat is kept for a while so they can rebuy
    # there (BUSTED_SEAT_SECONDS), then the clock frees it.
    busted_at = models.DateTimeField(null=True, blank=True)
    # Chips asked for with "Add chips" during a hand the player is in: added from the
    # bankroll when the hand ends, up to the maximum buy-in then (seating.add_chips).
    queued_top_up = models.PositiveIntegerField(default=0)
    # The player's own entropy for the fair deal of their next hands, sent by their page
    # (games/engine/fair_deck.py: up to 64 letters, digits, '-', '_'); empty: none sent.
    client_seed = models.CharField(max_length=64, blank=True)
    # When the server received that seed (None: never sent): the record of a hand tells the
    # seeds set after its commitment was shown (FairDeal.seeds_set_after).
    client_seed_at = models.DateTimeField(null=True, blank=True)
    sat_down_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["table", "user"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in seat {self.number} of {self.table.name}"
