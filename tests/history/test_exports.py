"""Exports: PHH and PokerStars text of played hands are read back by pokerkit with the same
finishing stacks, hold no card the requesting player may not see, and our own PHH import
reproduces the hand."""

import random
import warnings

import pytest
from django.test import Client
from pokerkit import HandHistory

from games import services
from games.engine import HandState, replay_phh
from games.history import queries
from games.history.export import exports
from games.models import Hand
from games.services import seating
from tests.history.conftest import make_user, play_out, play_random, seat

pytestmark = pytest.mark.django_db


def pokerkit_stacks(hand_history) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about fields it does not know
        *_, final = hand_history
    return list(final.stacks)


def expected_stacks(hand: Hand) -> list[int]:
    """Finishing stacks in PHH player order (first left of the button, button last)."""
    state = HandState.from_dict(hand.state)
    return [state.result.finishing_stacks[seat] for seat in state.seats]


def from_pokerstars(text: str) -> list:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return list(HandHistory.from_pokerstars(text, error_status=True))


def check_hand(hand: Hand, user) -> None:
    review = queries.review_for_player(hand.id, user)
    expected = expected_stacks(hand)
    phh = exports.phh_text(review)
    assert pokerkit_stacks(HandHistory.loads(phh)) == expected, phh
    (parsed,) = from_pokerstars(exports.pokerstars_text(review))
    assert pokerkit_stacks(parsed) == expected, exports.pokerstars_text(review)
    again = replay_phh(phh)  # our own import reproduces the hand
    assert list(again.finishing_stacks) == expected
    # The import seats player k in seat k; map back to the table's seats to compare. Events,
    # not actions: an all-in may come back as the raise it was.
    seat_of = dict(enumerate(review.state.seats, start=1))
    assert again.state.board == review.state.board
    public = [e for e in review.state.events if not e.is_private]
    assert [
        (e.kind, seat_of.get(e.seat), e.amount, e.to, e.cards)
        for e in again.state.events if not e.is_private
    ] == [(e.kind, e.seat, e.amount, e.to, e.cards) for e in public]
    assert list(again.players) == [review.names[seat] for seat in review.state.seats]


@pytest.mark.parametrize("fixture", ["showdown_hand", "side_pot_hand", "folded_hand"])
def test_pokerkit_reads_our_exports_with_the_same_stacks(request, fixture, alice, bob, carol):
    hand = request.getfixturevalue(fixture)
    for user in (alice, bob, carol):
        check_hand(hand, user)


def test_random_sessions_export_and_import_cleanly(table, alice, bob, carol, spectator):
    """Raises, all-ins, side pots and posts to play in random hands, two to four players."""
    rng = random.Random(4)
    users = [alice, bob, carol, spectator]
    seat(table, (alice, 200), (bob, 120), (carol, 60))
    seen = set()
    for _ in range(25):
        for busted in table.seats.filter(stack=0).select_related("user"):
            if rng.random() < 0.5:  # rebuys at the seat, or goes, to sit again later
                seating.add_chips(table.id, busted.user, rng.choice([40, 100, 200]))
            else:
                services.stand(table.id, busted.user)
        seated = set(table.seats.values_list("user_id", flat=True))
        free = sorted(set(range(1, 7)) - set(table.seats.values_list("number", flat=True)))
        for user in users:  # a newcomer joins, or someone who went comes back
            if user.id not in seated and (len(seated) < 2 or rng.random() < 0.7):
                seated.add(user.id)
                number = free.pop(rng.randrange(len(free)))
                services.sit(table.id, user, number, rng.choice([40, 100, 200]),
                             post_now=rng.random() < 0.5)
        hand = play_random(table, users, rng)
        for player in hand.players.all():
            check_hand(hand, player.user)
        seen.update(hand.actions.values_list("kind", flat=True))
        seen.update(["side pot"] if len(hand.pots) > 1 else [])
    assert {"post_to_play", "return_uncalled", "show", "muck", "side pot"} <= seen, sorted(seen)


def test_a_new_players_post_to_play_round_trips(table, alice, bob, carol, spectator):
    players = [alice, bob, carol, spectator]
    for number, user in zip((1, 2, 3, 5), players, strict=True):
        services.sit(table.id, user, number, 200)
    for _ in range(3):  # buttons 1, 2, 3; then seat 4 is between the big blind and the button
        play_out(table, players)
    dave = make_user("dave")
    services.sit(table.id, dave, 4, 100, post_now=True)
    hand = play_out(table, [*players, dave], passive="call")
    assert hand.button == 5
    assert hand.actions.filter(kind="post_to_play", seat=4).exists()
    for user in [*players, dave]:
        check_hand(hand, user)


def test_heads_up_hands_round_trip(table, alice, bob):
    seat(table, (alice, 200), (bob, 200))
    for passive in ("check", "call"):
        hand = play_out(table, [alice, bob], passive=passive)
        for user in (alice, bob):
            check_hand(hand, user)


def test_exports_hide_the_cards_the_player_may_not_see(showdown_hand, alice, carol):
    for_alice = queries.review_for_player(showdown_hand.id, alice)
    phh = exports.phh_text(for_alice)
    assert "'d dh p2 ????'" in phh and "7s2d" in phh and "AsAh" in phh
    assert "Kd" not in phh and "Kc" not in phh
    text = exports.pokerstars_text(for_alice)
    assert "Dealt to alice [7s 2d]" in text and "bob: shows [As Ah]" in text
    assert "Kd" not in text and "Kc" not in text and "carol: mucks hand" in text
    for_carol = queries.review_for_player(showdown_hand.id, carol)
    text = exports.pokerstars_text(for_carol)
    assert "Seat 3: carol (big blind) mucked [Kd Kc]" in text  # her own muck, to her only
    assert "7s" not in text and "2d" not in text
    assert "7s2d" not in exports.phh_text(for_carol)


def test_the_pokerstars_text_has_the_usual_sections(side_pot_hand, alice):
    text = exports.pokerstars_text(queries.review_for_player(side_pot_hand.id, alice))
    lines = text.splitlines()
    assert lines[0].startswith(f"PokerStars Hand #{side_pot_hand.id}: Hold'em No Limit (1/2) - ")
    assert lines[1] == "Table 'Friday game' 6-max Seat #1 is the button"
    assert lines[2:5] == [
        "Seat 1: alice (200 in chips)",
        "Seat 2: bob (50 in chips)",
        "Seat 3: carol (100 in chips)",
    ]
    for line in [
        "bob: posts small blind 1",
        "carol: posts big blind 2",
        "*** HOLE CARDS ***",
        "alice: raises 198 to 200 and is all-in",
        "Uncalled bet (100) returned to alice",
        "*** FLOP *** [9h 8d 4c]",
        "*** TURN *** [9h 8d 4c] [Jd]",
        "*** RIVER *** [9h 8d 4c Jd] [Qc]",
        "*** SHOW DOWN ***",
        "bob collected 150 from main pot",
        "carol collected 100 from side pot",
        "*** SUMMARY ***",
        "Total pot 250 Main pot 150. Side pot 100. | Rake 0",
        "Board [9h 8d 4c Jd Qc]",
    ]:
        assert line in lines, line
    assert lines.index("*** RIVER *** [9h 8d 4c Jd] [Qc]") < lines.index("*** SHOW DOWN ***")
    assert any(line.startswith("Seat 2: bob (small blind) showed [As Ah] and won (150)")
               for line in lines)


def test_downloads_of_one_hand_and_of_the_table_session(client, table, alice, bob, carol):
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    hands = [play_out(table, [alice, bob, carol], passive="call") for _ in range(3)]
    client.force_login(alice)
    response = client.get(f"/hands/{hands[0].id}/hand.phh")
    assert response["Content-Disposition"] == (
        f'attachment; filename="table{table.id}-hand{hands[0].number}.phh"'
    )
    assert replay_phh(response.content.decode()).finishing_stacks
    response = client.get(f"/hands/{hands[0].id}/pokerstars.txt")
    assert len(from_pokerstars(response.content.decode())) == 1
    text = client.get(f"/hands/tables/{table.id}/hands.phhs").content.decode()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaded = list(HandHistory.loads_all(text))
    assert [pokerkit_stacks(h) for h in loaded] == [expected_stacks(h) for h in hands]
    text = client.get(f"/hands/tables/{table.id}/pokerstars.txt").content.decode()
    assert [pokerkit_stacks(h) for h in from_pokerstars(text)] == [
        expected_stacks(h) for h in hands
    ]


def test_a_table_export_holds_only_the_requesting_players_hands(table, alice, bob, carol):
    seat(table, (alice, 200), (bob, 200))
    play_out(table, [alice, bob])
    services.sit(table.id, carol, 3, 100)
    client = Client()
    client.force_login(carol)
    assert client.get(f"/hands/tables/{table.id}/hands.phhs").status_code == 404
    client.force_login(alice)
    assert client.get(f"/hands/tables/{table.id}/pokerstars.txt").status_code == 200


def test_hands_with_antes_round_trip_as_phh(alice, bob, carol):
    """pokerkit's PokerStars parser ignores antes ("posts the ante"), so only PHH is checked
    against pokerkit here; the PokerStars text still names every ante."""
    from games.models import Table

    table = Table.objects.create(name="Antes", small_blind=1, big_blind=2, ante=1)
    seat(table, (alice, 100), (bob, 100), (carol, 100))
    hand = play_out(table, [alice, bob, carol], passive="call")
    for user in (alice, bob, carol):
        review = queries.review_for_player(hand.id, user)
        phh = exports.phh_text(review)
        assert pokerkit_stacks(HandHistory.loads(phh)) == expected_stacks(hand)
        assert list(replay_phh(phh).finishing_stacks) == expected_stacks(hand)
        assert exports.pokerstars_text(review).count(": posts the ante 1") == 3
