"""Reading hands for players: my hands with filters, one hand for one viewer, its neighbours.

Only complete hands are history: a hand in progress belongs to the live table, and a voided
hand never happened. Nobody sees a hand they did not play except through a share link.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING, TypedDict

from django.db.models import (
    BigIntegerField,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Prefetch,
    QuerySet,
)
from django.http import Http404

from games.engine import HandState
from games.history.masking import masked_state, visible_seats
from games.models import Hand, HandAction, HandPlayer, Table

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations  # types only: django-stubs is a dev tool

RESULTS = ("won", "lost", "folded")


class MyHandFields(TypedDict):
    """What ``my_hands`` adds to each HandPlayer row."""

    net_chips: int
    folded: bool


def complete_hands() -> QuerySet[Hand]:
    return Hand.objects.filter(status=Hand.Status.COMPLETE)


def my_hands(
    user,
    *,
    table_id: int | None = None,
    since: date | None = None,
    until: date | None = None,
    result: str | None = None,
) -> QuerySet[WithAnnotations[HandPlayer, MyHandFields]]:
    """The user's seats in complete hands, newest first, with ``net_chips`` and ``folded``.

    ``result``: "won" (net above zero), "folded" (folded at some point), "lost" (net below
    zero without folding). One query; the hands' big ``state`` column is not loaded.
    """
    folds = HandAction.objects.filter(
        hand=OuterRef("hand"), seat=OuterRef("seat"), kind="fold"
    )
    rows = (
        HandPlayer.objects.filter(user=user, hand__status=Hand.Status.COMPLETE)
        .select_related("hand__table__tournament")
        .defer("hand__state", "hand__pots")
        .annotate(
            net_chips=ExpressionWrapper(
                F("finishing_stack") - F("starting_stack"), output_field=BigIntegerField()
            ),
            folded=Exists(folds),
        )
        .order_by("-hand__started_at", "-hand__id")
    )
    if table_id is not None:
        rows = rows.filter(hand__table_id=table_id)
    if since is not None:
        rows = rows.filter(hand__started_at__date__gte=since)
    if until is not None:
        rows = rows.filter(hand__started_at__date__lte=until)
    if result == "won":
        rows = rows.filter(net_chips__gt=0)
    elif result == "lost":
        rows = rows.filter(net_chips__lt=0, folded=False)
    elif result == "folded":
        rows = rows.filter(folded=True)
    return rows


def tables_played(user) -> QuerySet[Table]:
    """Tables where the user played at least one complete hand, by name."""
    played = HandPlayer.objects.filter(
        user=user, hand__table=OuterRef("pk"), hand__status=Hand.Status.COMPLETE
    )
    return Table.objects.filter(Exists(played)).order_by("name", "id")


@dataclass
class Review:
    """A complete hand as one viewer may know it (``seat`` None: the public)."""

    hand: Hand
    seat: int | None

    @cached_property
    def names(self) -> dict[int, str]:
        return {p.seat: p.user.get_username() for p in self.hand.players.all()}

    @cached_property
    def full_state(self) -> HandState:
        return HandState.from_dict(self.hand.state)

    @cached_property
    def visible(self) -> frozenset[int]:
        return visible_seats(self.full_state, self.seat)

    @cached_property
    def state(self) -> HandState:
        """The hand replayed knowing only what this viewer may know."""
        return masked_state(self.full_state, self.seat)

    @cached_property
    def timed_out(self) -> frozenset[int]:
        """Sequences of the checks and folds the table made when a player's time ran out
        (public: the live log said so to everyone)."""
        rows = getattr(self.hand, "timeouts", None)  # prefetched by the queries below
        if rows is None:
            rows = self.hand.actions.filter(timed_out=True)
        return frozenset(row.sequence for row in rows)


def _hands_with_players() -> QuerySet[Hand]:
    timeouts = Prefetch(
        "actions", queryset=HandAction.objects.filter(timed_out=True), to_attr="timeouts"
    )
    return complete_hands().select_related("table__tournament").prefetch_related(
        "players__user", timeouts
    )


def review_for_player(hand_id: int, user) -> Review:
    """The hand as the player ``user`` saw it; 404 unless they were dealt in."""
    hand = _hands_with_players().filter(pk=hand_id).first()
    if hand is None or not user.is_authenticated:
        raise Http404("No such hand.")
    seat = next((p.seat for p in hand.players.all() if p.user_id == user.id), None)
    if seat is None:
        raise Http404("No such hand.")
    return Review(hand, seat)


def public_review(hand_id: int) -> Review:
    """The hand as anyone may see it: the board, the betting, the hands shown."""
    hand = _hands_with_players().filter(pk=hand_id).first()
    if hand is None:
        raise Http404("No such hand.")
    return Review(hand, None)


def neighbours(hand: Hand, user) -> tuple[int | None, int | None]:
    """Ids of the user's previous and next complete hands at the same table."""
    mine = HandPlayer.objects.filter(
        user=user, hand__table_id=hand.table_id, hand__status=Hand.Status.COMPLETE
    )
    previous = (
        mine.filter(hand__number__lt=hand.number)
        .order_by("-hand__number")
        .values_list("hand_id", flat=True)
        .first()
    )
    following = (
        mine.filter(hand__number__gt=hand.number)
        .order_by("hand__number")
        .values_list("hand_id", flat=True)
        .first()
    )
    return previous, following


def table_reviews(table: Table, user) -> list[Review]:
    """Every complete hand the user played at ``table``, oldest first, as they saw it."""
    hands = _hands_with_players().filter(table=table, players__user=user).order_by("number")
    reviews = []
    for hand in hands:
        seat = next(p.seat for p in hand.players.all() if p.user_id == user.id)
        reviews.append(Review(hand, seat))
    return reviews


def played_at(table: Table, user) -> bool:
    """Whether the user took part at the table (a hand, a buy-in or a seat)."""
    if not user.is_authenticated:
        return False
    return (
        HandPlayer.objects.filter(hand__table=table, user=user).exists()
        or table.ledger.filter(user=user).exists()
        or table.seats.filter(user=user).exists()
    )
