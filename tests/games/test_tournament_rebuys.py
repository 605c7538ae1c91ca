"""Rebuys in a sit-and-go: at or below the starting stack, between hands, within the
tournament's rebuy levels; the buy-in goes through the ledger into the prize pool, which
still stands for every tournament chip, and a tournament with rebuys pays out exactly its
larger pool. Every refusal names its reason and changes nothing."""

import random
from datetime import timedelta

import pytest
from django.db.models import Sum
from django.utils import timezone

from games.models import LedgerEntry, Player, Seat, Tournament
from games.services import ServiceError, tournament_deals, tournament_rebuys, tournaments
from tests.games.conftest import chips_in_room, held_by_tournaments, issued_chips
from tests.games.test_tournament_play import fold_around
from tests.games.tournament_helpers import deal, play_out, players, sng, stacks

pytestmark = pytest.mark.django_db


def started(count: int = 3, **options) -> tuple[Tournament, list]:
    entrants = players(count, prefix="r")
    tournament = sng(entrants[0], max_players=count, **{"rebuy_levels": 2, **options})
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    return tournament, entrants


def state_of(tournament: Tournament) -> tuple:
    """Everything a refused rebuy must leave as it was."""
    tournament.refresh_from_db()
    return (stacks(tournament.table_id), tournament.rebuys, LedgerEntry.objects.count(),
            dict(Player.objects.values_list("user_id", "bankroll")),
            list(tournament.entries.values_list("rebuys", flat=True)))


def test_a_rebuy_moves_the_buy_in_to_the_pool_and_the_starting_stack_to_the_seat():
    tournament, (first, *_) = started()
    issued = issued_chips()
    now = timezone.now()
    rng = random.Random(2)
    deal(tournament.table_id, rng, now)
    fold_around(tournament.table_id)  # blinds moved: someone is below 1,000
    short = min(Seat.objects.filter(table_id=tournament.table_id), key=lambda s: s.stack)
    before = short.stack
    assert before <= 1_000
    tournament_rebuys.rebuy(tournament.id, short.user, now=now)
    short.refresh_from_db()
    tournament.refresh_from_db()
    assert short.stack == before + 1_000
    assert tournament.rebuys == 1 and tournament.entries.get(user=short.user).rebuys == 1
    assert Player.objects.get(user=short.user).bankroll == 10_000 - 200
    rebuy = LedgerEntry.objects.get(kind="sng_rebuy")
    assert (rebuy.user_id, rebuy.amount) == (short.user_id, -100)
    assert rebuy.tournament_id == tournament.id
    # The pool holds every buy-in, and stands for every tournament chip.
    assert held_by_tournaments() == tournament.prize_pool(3) == 400
    assert sum(stacks(tournament.table_id).values()) == 4 * 1_000
    assert chips_in_room() == issued_chips() == issued


@pytest.mark.parametrize("why", ["above", "in_hand", "closed", "none", "not_playing", "deal",
                                 "bankroll"])
def test_a_refused_rebuy_says_why_and_changes_nothing(why, alice):
    tournament, entrants = started(rebuy_levels=0) if why == "none" else started()
    now = timezone.now()
    rng = random.Random(2)
    deal(tournament.table_id, rng, now)
    user = entrants[0]
    if why != "in_hand":
        fold_around(tournament.table_id)
    seats = Seat.objects.filter(table_id=tournament.table_id)
    short = min(seats, key=lambda s: s.stack)
    tall = max(seats, key=lambda s: s.stack)
    user = {"above": tall.user, "not_playing": alice}.get(why, short.user)
    if why == "closed":
        now += timedelta(minutes=1)
        for _ in range(6):  # levels of three hands: level 3 is dealt next
            fold_around(tournament.table_id)
            deal(tournament.table_id, rng, now)
        fold_around(tournament.table_id)
    if why == "deal":
        tournament_deals.propose_deal(tournament.id, tall.user, "equal")
    if why == "bankroll":
        Player.objects.filter(user=user).update(bankroll=50)
    before = state_of(tournament)
    expected = {
        "above": f"You can rebuy only at or below the starting stack (1,000); you have "
                 f"{tall.stack:,}.",
        "in_hand": "Rebuy between hands: wait for this hand to end.",
        "closed": "Rebuys closed after level 2; this is level 3.",
        "none": "Friday sit-and-go has no rebuys.",
        "not_playing": "Only a player still in Friday sit-and-go can rebuy.",
        "deal": "A deal is waiting for answers: the stacks it was worked out on must not move.",
        "bankroll": "The rebuy of 100 is more than your bankroll of 50.",
    }[why]
    with pytest.raises(ServiceError) as refused:
        tournament_rebuys.rebuy(tournament.id, user, now=now)
    assert str(refused.value) == expected
    assert state_of(tournament) == before


def test_a_tournament_with_rebuys_pays_out_exactly_its_larger_pool():
    tournament, entrants = started(payout="65-35")
    issued, now = issued_chips(), timezone.now()
    rng = random.Random(21)
    rebought = 0
    for _ in range(400):
        now += timedelta(seconds=10)
        deal(tournament.table_id, rng, now)
        play_out(tournament.table_id, rng)
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        for seat in Seat.objects.filter(table_id=tournament.table_id, stack__lte=1_000):
            try:
                tournament_rebuys.rebuy(tournament.id, seat.user, now=now)
                rebought += 1
            except ServiceError as error:
                assert "Rebuys closed" in str(error)
        tournament.refresh_from_db()
        assert sum(stacks(tournament.table_id).values()) == 1_000 * (3 + tournament.rebuys)
        assert chips_in_room() == issued_chips() == issued
    else:
        raise AssertionError("no winner in 400 hands")
    assert rebought == tournament.rebuys > 0
    pool = 100 * (3 + rebought)
    paid = LedgerEntry.objects.filter(tournament=tournament, kind="sng_prize")
    assert paid.aggregate(t=Sum("amount"))["t"] == pool == tournament.prize_pool(3)
    assert sorted(tournament.entries.values_list("prize", flat=True), reverse=True) == [
        pool * 65 // 100 + (pool - pool * 65 // 100 - pool * 35 // 100), pool * 35 // 100, 0]
    assert held_by_tournaments() == 0 and chips_in_room() == issued


def test_the_page_offers_the_rebuy_and_tells_its_answer(client):
    tournament, entrants = started()
    rng = random.Random(2)
    deal(tournament.table_id, rng, timezone.now())
    fold_around(tournament.table_id)
    seats = Seat.objects.filter(table_id=tournament.table_id)
    short, tall = min(seats, key=lambda s: s.stack), max(seats, key=lambda s: s.stack)
    client.force_login(tall.user)
    page = client.get(f"/tournaments/{tournament.id}/").content.decode()
    assert "Rebuy (100 for 1000 chips)" in page and "rebuys in levels 1 to 2 (0 so far)" in page
    text = client.post(f"/tournaments/{tournament.id}/rebuy/", follow=True).content.decode()
    assert "You can rebuy only at or below the starting stack (1,000)" in text
    client.force_login(short.user)
    text = client.post(f"/tournaments/{tournament.id}/rebuy/", follow=True).content.decode()
    assert "You rebought" in text and "(1 so far)" in text and "prize pool 400" in text
