"""A deal among the players left: ICM (the exact figures, checked against a count over every
finishing order) or an equal split; it needs every player's yes, a no withdraws it, and
no hand is dealt while it waits."""

import itertools
import random
from datetime import timedelta
from fractions import Fraction

import pytest
from django.utils import timezone

from games import services
from games.models import LedgerEntry, Player, Seat, Table, Tournament
from games.services import ServiceError, tournament_deals, tournaments
from tests.games.conftest import chips_in_room, issued_chips, make_user
from tests.games.test_tournament_play import fold_around, play_two_bust_hand
from tests.games.tournament_helpers import deal, players, sng, stacks

pytestmark = pytest.mark.django_db


def icm_by_every_order(stacks_: list[int], prizes: list[int]) -> list[Fraction]:
    """ICM counted the long way: every finishing order, its chance the product of each
    place's share of the chips still in play."""
    total, equities = sum(stacks_), [Fraction(0)] * len(stacks_)
    for order in itertools.permutations(range(len(stacks_))):
        chance, left = Fraction(1), total
        for index in order:
            chance *= Fraction(stacks_[index], left)
            left -= stacks_[index]
        for place, index in enumerate(order[: len(prizes)]):
            equities[index] += chance * prizes[place]
    return equities


@pytest.fixture
def three_left():
    """A three-player 50-30-20 sit-and-go (pool 300: 150, 90, 60) one hand in: the blinds
    moved, so the stacks differ."""
    entrants = players(3)
    tournament = sng(entrants[0], max_players=3)
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    deal(tournament.table_id, random.Random(4), now)
    fold_around(tournament.table_id)
    return tournament, entrants


def test_an_icm_deal_shows_the_exact_figures_and_needs_everyones_yes(three_left):
    tournament, (ann, bob, cat) = three_left
    issued = issued_chips()
    chips_now = stacks(tournament.table_id)
    assert sorted(chips_now.values()) != [1_000] * 3
    proposal = tournament_deals.propose_deal(tournament.id, ann, "icm")
    order = [p["user_id"] for p in proposal["players"]]
    expected = icm_by_every_order([chips_now[u] for u in order], [150, 90, 60])
    assert [p["icm"] for p in proposal["players"]] == [
        f"{e.numerator}/{e.denominator}" for e in expected
    ]
    amounts = [p["amount"] for p in proposal["players"]]
    assert sum(amounts) == 300
    assert all(abs(a - e) < 1 for a, e in zip(amounts, expected, strict=True))
    # Waiting for answers: no hand is dealt, and two yeses of three settle nothing.
    table = Table.objects.get(pk=tournament.table_id)
    assert table.next_hand_at is None
    assert services.start_next_hand(tournament.table_id, now=timezone.now()) is None
    assert tournament_deals.answer_deal(tournament.id, bob, True) is False
    assert Tournament.objects.get(pk=tournament.id).status == Tournament.Status.RUNNING
    assert not LedgerEntry.objects.filter(kind="sng_prize").exists()
    assert tournament_deals.answer_deal(tournament.id, cat, True) is True
    tournament.refresh_from_db()
    assert (tournament.status, tournament.ended_by) == (Tournament.Status.FINISHED, "deal")
    paid = {p["user_id"]: p["amount"] for p in proposal["players"]}
    for entry in tournament.entries.all():
        assert entry.prize == paid[entry.user_id]
        assert Player.objects.get(user_id=entry.user_id).bankroll == 10_000 - 100 + entry.prize
        above = sum(1 for s in chips_now.values() if s > chips_now[entry.user_id])
        assert entry.place == above + 1  # places by stack
    assert chips_in_room() == issued_chips() == issued
    assert Table.objects.get(pk=tournament.table_id).status == Table.Status.CLOSED
    assert not Seat.objects.filter(table_id=tournament.table_id).exists()


def test_one_no_withdraws_the_deal_and_play_goes_on(three_left):
    tournament, (ann, bob, cat) = three_left
    tournament_deals.propose_deal(tournament.id, ann, "equal")
    tournament_deals.answer_deal(tournament.id, bob, True)
    assert tournament_deals.answer_deal(tournament.id, cat, False) is False
    tournament.refresh_from_db()
    assert tournament.deal is None and tournament.status == Tournament.Status.RUNNING
    assert Table.objects.get(pk=tournament.table_id).next_hand_at is not None
    hand = deal(tournament.table_id, random.Random(5), timezone.now() + timedelta(seconds=5))
    assert hand is not None and hand.number == 2
    assert not LedgerEntry.objects.filter(kind="sng_prize").exists()


def test_an_equal_split_shares_the_prizes_left_the_odd_chip_to_the_bigger_stack():
    entrants = players(4)
    tournament = sng(entrants[0], max_players=4, buy_in=102)  # 408: 205, 122, 81
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    holes = play_two_bust_hand(tournament.table_id, now)  # two tie for 3rd-4th: 40 and 41
    aces, seven_two = holes["AsAh"], holes["7s2d"]
    assert stacks(tournament.table_id)[aces] > stacks(tournament.table_id)[seven_two]
    user = {u.id: u for u in entrants}
    proposal = tournament_deals.propose_deal(tournament.id, user[seven_two], "equal")
    amounts = {p["user_id"]: p["amount"] for p in proposal["players"]}
    assert amounts == {aces: 164, seven_two: 163}  # 205 + 122 = 327 shared
    tournament_deals.answer_deal(tournament.id, user[aces], True)
    prizes = sorted(tournament.entries.values_list("prize", flat=True))
    assert prizes == [40, 41, 163, 164] and sum(prizes) == 408


def test_bad_deal_requests_are_refused_and_change_nothing(three_left):
    tournament, (ann, bob, cat) = three_left
    outsider = make_user("outsider")
    version = Table.objects.get(pk=tournament.table_id).version
    with pytest.raises(ServiceError, match="A deal is by ICM"):
        tournament_deals.propose_deal(tournament.id, ann, "chop")
    with pytest.raises(ServiceError, match="Only a player still in the tournament"):
        tournament_deals.propose_deal(tournament.id, outsider, "icm")
    with pytest.raises(ServiceError, match="No deal has been proposed."):
        tournament_deals.answer_deal(tournament.id, bob, True)
    assert Table.objects.get(pk=tournament.table_id).version == version
    tournament_deals.propose_deal(tournament.id, ann, "icm")
    with pytest.raises(ServiceError, match="A deal is already waiting for answers"):
        tournament_deals.propose_deal(tournament.id, bob, "equal")
    with pytest.raises(ServiceError, match="You have agreed to this deal already."):
        tournament_deals.answer_deal(tournament.id, ann, True)
    with pytest.raises(ServiceError, match="Only the players left"):
        tournament_deals.answer_deal(tournament.id, outsider, True)
    tournament_deals.answer_deal(tournament.id, cat, False)  # withdrawn
    assert Tournament.objects.get(pk=tournament.id).deal is None


def test_a_deal_proposed_during_a_hand_is_put_to_everyone_when_it_ends(three_left):
    tournament, (ann, bob, cat) = three_left
    hand = deal(tournament.table_id, random.Random(6), timezone.now() + timedelta(seconds=5))
    assert hand is not None
    asked = tournament_deals.propose_deal(tournament.id, ann, "icm")
    assert asked["pending"] and asked["players"] == []
    with pytest.raises(ServiceError, match="worked out when this hand ends"):
        tournament_deals.answer_deal(tournament.id, bob, True)
    fold_around(tournament.table_id)
    put = Tournament.objects.get(pk=tournament.id).deal
    assert not put.get("pending") and put["agreed"] == [ann.id]
    stacks_now = dict(Seat.objects.filter(table_id=tournament.table_id, stack__gt=0)
                      .values_list("user__username", "stack"))
    assert {p["name"]: p["stack"] for p in put["players"]} == stacks_now
    assert deal(tournament.table_id, random.Random(7),
                timezone.now() + timedelta(seconds=30)) is None  # no hand while it waits
    tournament_deals.answer_deal(tournament.id, bob, True)
    assert tournament_deals.answer_deal(tournament.id, cat, True)  # the last yes: paid
