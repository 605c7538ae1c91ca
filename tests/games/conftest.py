"""Shared people and a table: three players, a spectator, and a 1/2 table."""

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Sum

from games.chips import ensure_player
from games.engine import FULL_DECK, UNKNOWN
from games.engine.deal_order import deck_that_deals
from games.models import LedgerEntry, Player, Seat, Table


def deck_with_spares(holes, board, burns=()) -> list[str]:
    """A full deck that deals ``holes`` (the player left of the button first) and ``board``
    in the engine's own deal order (``deck_that_deals``), with ``burns`` in the burn places
    and every other card after them in card id order."""
    dealt = deck_that_deals(holes, board)
    used = {*dealt, *burns}
    spares = iter([*burns, *(card for card in FULL_DECK if card not in used)])
    return [next(spares) if card == UNKNOWN else card for card in dealt] + list(spares)


# With the button on seat 1 of seats 1-3 the deal starts at seat 2: seat 2 gets aces, seat 3
# kings, seat 1 7-2; the board is 9h 8d 4c, Jd, Qc.
ACES_KINGS_BURNS = ["3c", "5s", "6h"]  # never dealt face up
ACES_KINGS_DECK = deck_with_spares(
    [["As", "Ah"], ["Kd", "Kc"], ["7s", "2d"]],
    ["9h", "8d", "4c", "Jd", "Qc"],
    burns=ACES_KINGS_BURNS,
)


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
