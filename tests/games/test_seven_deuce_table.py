"""The 7-2 bounty at a live table: the host sets it in big blinds (0: off) from the next hand,
the table's log says so; a hold'em pot won with a shown seven-deuce collects it from every
other player dealt in, and the felt, the log, the seats, the hand's records and the session
review all count the payments (games/engine/bounty.py, games/table_games.py)."""

import pytest

from games import services, snapshots
from games.engine import HandState
from games.models import Hand, HandFacts, HandPlayer, Seat, Table
from games.projection import public_view
from games.services import ServiceError, hosting
from tests.engine.helpers import stacked_deck
from tests.games.conftest import chips_in_room, issued_chips

pytestmark = pytest.mark.django_db

# The first hand's button is seat 1, so the cards go to seats 2, 3, then 1: alice (seat 1)
# holds 7c 2d and makes sevens and deuces on this board.
DECK = stacked_deck(["AsQd", "KhJd", "7c2d"], "7s2s9hTc4c")


@pytest.fixture
def hosted(table, alice):
    table.host = alice
    table.save(update_fields=["host"])
    return table


def version(table) -> int:
    return Table.objects.get(pk=table.pk).version


def act(table, user, action: str) -> None:
    services.act(table.id, user, action, None, version(table))


def public(table, user):
    return public_view(snapshots.load(table.id, user.id)).view


def play_seven_deuce_hand(table, alice, bob, carol) -> None:
    """alice (button, 7-2) calls, bob folds his small blind, carol checks; checked down."""
    services.start_next_hand(table.id, deck=DECK)
    act(table, alice, "call")
    act(table, bob, "fold")
    act(table, carol, "check")
    for _street in ("flop", "turn", "river"):
        act(table, carol, "check")
        act(table, alice, "check")


def test_the_host_turns_the_bounty_on_and_a_seven_deuce_collects_it(
    hosted, alice, bob, carol, spectator
):
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    chips = chips_in_room(), issued_chips()
    hosting.update_settings(hosted.id, alice, {"seven_deuce_big_blinds": 5})
    view = public(hosted, spectator)
    assert view["notices"][-1]["text"] == (
        "alice (host) changed the table from the next hand: 7-2 bounty: 5 big blinds "
        "(hold'em hands)."
    )
    assert view["seven_deuce_big_blinds"] == 5
    play_seven_deuce_hand(hosted, alice, bob, carol)

    # Counted by hand: the pot is 1 + 2 + 2 = 5, alice 200 - 2 + 5 = 203; the bounty is
    # 5 big blinds = 10 from bob (200 - 1 - 10) and from carol (200 - 2 - 10).
    expected = {1: 223, 2: 189, 3: 188}
    hand = Hand.objects.get(table=hosted)
    state = HandState.from_dict(hand.state)
    assert state.bounty == 10
    assert {p.seat: p.finishing_stack for p in HandPlayer.objects.filter(hand=hand)} == expected
    assert {s.number: s.stack for s in Seat.objects.filter(table=hosted)} == expected
    view = public(hosted, spectator)
    assert {s["number"]: s["stack"] for s in view["seats"] if s.get("player")} == expected
    assert view["hand"]["bounty"] == 10
    assert [b["text"] for b in view["hand"]["bounties"]] == [
        "bob pays alice 10 (7-2 bounty)", "carol pays alice 10 (7-2 bounty)"]
    log = [row["text"] for row in view["log"]]
    assert log[-2:] == ["bob pays alice 10 (7-2 bounty)", "carol pays alice 10 (7-2 bounty)"]
    # The session review's net for the hand counts the bounty.
    nets = {row.owner_id: row.net for row in HandFacts.objects.filter(hand=hand)}
    assert nets == {alice.id: 23, bob.id: -11, carol.id: -12}
    assert (chips_in_room(), issued_chips()) == chips


def test_with_the_bounty_off_the_same_hand_pays_only_the_pot(hosted, alice, bob, carol):
    for seat, user in enumerate((alice, bob, carol), start=1):
        services.sit(hosted.id, user, seat, 200)
    play_seven_deuce_hand(hosted, alice, bob, carol)
    hand = Hand.objects.get(table=hosted)
    assert HandState.from_dict(hand.state).bounty == 0
    assert {s.number: s.stack for s in Seat.objects.filter(table=hosted)} == \
        {1: 203, 2: 199, 3: 198}


def test_a_bad_bounty_is_refused_and_changes_nothing(hosted, alice, bob):
    for value, shown in ((21, "21"), (-1, "-1"), ("5", "'5'"), (True, "True")):
        with pytest.raises(ServiceError,
                           match=rf"The 7-2 bounty \(big blinds\) must be 0 to 20, not {shown}\."):
            hosting.update_settings(hosted.id, alice, {"seven_deuce_big_blinds": value})
    with pytest.raises(ServiceError, match="Only the host"):
        hosting.update_settings(hosted.id, bob, {"seven_deuce_big_blinds": 3})
    hosted.refresh_from_db()
    assert (hosted.seven_deuce_big_blinds, hosted.notices) == (0, [])


def test_omaha_hands_of_dealers_choice_are_dealt_without_the_bounty(hosted, alice, bob):
    hosting.update_settings(hosted.id, alice, {"seven_deuce_big_blinds": 2, "game": "PO"})
    services.sit(hosted.id, alice, 1, 200)
    services.sit(hosted.id, bob, 2, 200)
    services.start_next_hand(hosted.id)
    state = HandState.from_dict(Hand.objects.get(table=hosted).state)
    assert state.config.game.code == "PO" and state.bounty == 0
