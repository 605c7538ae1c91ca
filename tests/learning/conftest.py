"""What the learning tests share: hands played at an ordinary table through the writer
(``services.act``), with mistakes the coach must find, for the decision review and the
drill cards it files."""

import pytest

from games import services
from games.engine import HandState
from games.models import Hand, Seat, Table
from tests.engine.helpers import stacked_deck
from tests.games.conftest import make_user

# Aces for both players, whoever has the button: calling them before the flop and folding
# them to a bet on it are mistakes the coach must find (a random deal may have none).
ACES_EACH = stacked_deck(["AsAh", "AdAc"], "2c7d9h")


@pytest.fixture
def table(db):
    return Table.objects.create(
        name="Friday", small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200,
        coach_allowed=True,
    )


def state_of(table_id: int) -> HandState:
    hand = Hand.objects.filter(table_id=table_id).order_by("-number").first()
    assert hand is not None
    return HandState.from_dict(hand.state)


def act(table_id: int, seat_number: int, kind: str, amount: int | None = None) -> None:
    state = state_of(table_id)
    assert state.actor == seat_number, (state.actor, seat_number)
    user = Seat.objects.select_related("user").get(table_id=table_id, number=seat_number).user
    version = Table.objects.values_list("version", flat=True).get(pk=table_id)
    services.act(table_id, user, kind, amount, version)


def play_hand(table, first: int, second: int) -> Hand:
    """Heads-up: the button calls, the big blind checks; on the flop the big blind checks,
    the button bets 4 and the big blind folds (its cards are never shown)."""
    services.start_next_hand(table.id, deck=list(ACES_EACH))
    act(table.id, first, "call")
    act(table.id, second, "check")
    act(table.id, second, "check")
    act(table.id, first, "bet", 4)
    act(table.id, second, "fold")
    hand = Hand.objects.filter(table=table).order_by("-number").first()
    assert hand is not None and hand.status == Hand.Status.COMPLETE
    return hand


@pytest.fixture
def played(table):
    alice, bob = make_user("alice"), make_user("bob")
    services.sit(table.id, alice, 1, 200)
    services.sit(table.id, bob, 2, 200)
    hands = []
    services.start_next_hand(table.id, deck=list(ACES_EACH))
    state = state_of(table.id)
    button = state.button
    other = 2 if button == 1 else 1
    # The first hand is already dealt: play it, then one more with the button moved.
    act(table.id, button, "call")
    act(table.id, other, "check")
    act(table.id, other, "check")
    act(table.id, button, "bet", 4)
    act(table.id, other, "fold")
    hands.append(Hand.objects.filter(table=table).order_by("-number").first())
    hands.append(play_hand(table, other, button))
    return alice, bob, hands


