"""Shared people and a table: three players, a spectator, and a 1/2 table."""

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Sum

from games.chips import ensure_player
from games.models import LedgerEntry, Player, Seat, Table

# Dealt one card at a time from the left of the button; with the button on seat 1 of seats
# 1-3 the order is seat 2, seat 3, seat 1. Seat 2 gets aces, seat 3 kings, seat 1 7-2.
ACES_KINGS_DECK = (  # noqa: SIM905 - grouped by street, easier to read than a list
    "As Kd 7s Ah Kc 2d "  # hole cards
    "3c 9h 8d 4c "  # burn, flop
    "5s Jd "  # burn, turn
    "6h Qc "  # burn, river
    "2c 2h 2s 3d 3h 3s 4d 4h 4s 5c 5d 5h 6c 6d 6s 7c 7d 7h 8c 8h 8s 9c 9d 9s "
    "Tc Td Th Ts Jc Jh Js Qd Qh Qs Kh Ks Ac Ad"
).split()


def make_user(name: str):
    user = get_user_model().objects.create_user(username=name, password="pw-" + name * 3)
    ensure_player(user)
    return user


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def carol(db):
    return make_user("carol")


@pytest.fixture
def spectator(db):
    return make_user("sam")


@pytest.fixture
def table(db):
    return Table.objects.create(
        name="Friday game", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200
    )


def issued_chips() -> int:
    """Chips that entered the room: grants, top-ups and staff adjustments."""
    kinds = LedgerEntry.ISSUING
    return LedgerEntry.objects.filter(kind__in=kinds).aggregate(total=Sum("amount"))["total"] or 0


def chips_in_room() -> int:
    """Bankrolls plus cash table stacks (a seat's stack includes its chips in a live pot)
    plus the chips tournaments hold (their buy-ins not yet refunded or paid as prizes);
    tournament stacks are tournament chips, which the prize pool stands for."""
    bankrolls = Player.objects.aggregate(total=Sum("bankroll"))["total"] or 0
    cash_seats = Seat.objects.filter(table__is_tournament=False)
    stacks = cash_seats.aggregate(total=Sum("stack"))["total"] or 0
    return bankrolls + stacks + held_by_tournaments()


def held_by_tournaments() -> int:
    rows = LedgerEntry.objects.filter(tournament__isnull=False)
    return -(rows.aggregate(total=Sum("amount"))["total"] or 0)
