"""Late registration, re-entry and the add-on in a sit-and-go: whole tournaments played to
the end with each option, chips and prize pool conserved at every hand, finishing places
and prizes checked against a count made here from the stored hands (a re-entry is a new
entry: only a player's last entry finishes); every refusal names its reason and changes
nothing; late registration across a restart."""

import contextlib
import itertools
import random
from datetime import timedelta

import pytest
from django.db.models import Sum
from django.utils import timezone

from games.bots import driver
from games.bots.players import bot_user
from games.models import Hand, HandPlayer, LedgerEntry, Player, Seat, Table, Tournament
from games.models import TournamentEntry as Entry
from games.services import (
    ServiceError,
    table_memory,
    tournament_addons,
    tournament_deals,
    tournament_rebuys,
    tournaments,
)
from games.table_clock import run_due_work
from tests.games.conftest import chips_in_room, held_by_tournaments, issued_chips
from tests.games.test_tournament_play import blinds_of, expected_prizes, fold_around
from tests.games.tournament_helpers import (
    deal,
    live_state,
    play_out,
    players,
    seed_the_deals,
    sng,
    stacks,
)

pytestmark = pytest.mark.django_db


def started(count: int = 3, **options) -> tuple[Tournament, list]:
    entrants = players(count, prefix="e")
    values = {"late_levels": 2, "max_players": count, **options}
    tournament = sng(entrants[0], **values)
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    return tournament, entrants


def chips_paid_in(tournament: Tournament) -> int:
    """The tournament chips its entries, re-entries, rebuys and add-ons bought, counted
    from the ledger rows."""
    rows = LedgerEntry.objects.filter(tournament=tournament)
    per_kind = {kind: rows.filter(kind=kind).count() for kind in
                ("sng_buy_in", "sng_refund", "sng_reentry", "sng_rebuy", "sng_addon")}
    entries = per_kind["sng_buy_in"] - per_kind["sng_refund"]
    return (tournament.starting_stack * (entries + per_kind["sng_reentry"] + per_kind["sng_rebuy"])
            + tournament.addon_chips * per_kind["sng_addon"])


def pool_paid_in(tournament: Tournament) -> int:
    return -(LedgerEntry.objects.filter(tournament=tournament).exclude(
        kind="sng_prize").aggregate(t=Sum("amount"))["t"] or 0)


def check_conserved(tournament: Tournament, issued: int) -> None:
    """Every tournament chip at the table bought through the ledger, the pool what the
    model says, the room's chips all accounted for."""
    tournament.refresh_from_db()
    if tournament.status == Tournament.Status.RUNNING:
        assert sum(stacks(tournament.table_id).values()) == chips_paid_in(tournament)
        assert pool_paid_in(tournament) == tournament.prize_pool(tournament.entries.count())
        prizes = LedgerEntry.objects.filter(tournament=tournament, kind="sng_prize")
        paid = prizes.aggregate(t=Sum("amount"))["t"] or 0
        assert held_by_tournaments() == pool_paid_in(tournament) - paid
    assert chips_in_room() == issued_chips() == issued


def expected_places(tournament: Tournament) -> dict[int, tuple[int, int]]:
    """Each player's finishing place from the stored hands alone: a player's last bust (a
    re-entry's earlier busts count for nothing) orders them, the later out the better; out
    in the same hand, more chips at its start is better; equal chips tie; the winner never
    busts."""
    last: dict[int, HandPlayer] = {}  # user -> their last hand
    for player in HandPlayer.objects.filter(
            hand__table_id=tournament.table_id).select_related("hand"):
        if player.user_id not in last or last[player.user_id].hand.number < player.hand.number:
            last[player.user_id] = player
    users = list(tournament.entries.values_list("user_id", flat=True))
    rank = {u: (last[u].hand.number, last[u].starting_stack) if last[u].finishing_stack == 0
            else (10**9, 0) for u in users}
    places = {}
    for user in users:
        better = sum(1 for v in rank.values() if v > rank[user])
        same = sum(1 for v in rank.values() if v == rank[user])
        places[user] = (better + 1, better + same)
    return places


def check_results(tournament: Tournament) -> None:
    """Places as counted from the hands, prizes by the payout on the whole pool (a tie
    shares its places' prizes), every chip of the pool paid once, bankrolls right."""
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    entries = list(tournament.entries.all())
    assert {e.user_id: (e.place, e.place_worst) for e in entries} == expected_places(tournament)
    pool = pool_paid_in(tournament)
    assert pool == tournament.prize_pool(len(entries))
    prize_of_place = expected_prizes(pool, tournament.payout) + [0] * len(entries)
    spans: dict[tuple[int, int], list[Entry]] = {}
    for entry in entries:
        spans.setdefault((entry.place, entry.place_worst), []).append(entry)
    for (best, worst), tied in spans.items():
        assert sum(e.prize for e in tied) == sum(prize_of_place[best - 1:worst])
    paid = LedgerEntry.objects.filter(tournament=tournament, kind="sng_prize")
    assert paid.aggregate(t=Sum("amount"))["t"] == pool
    for entry in entries:
        assert entry.status == Entry.Status.FINISHED
        spent = -(LedgerEntry.objects.filter(tournament=tournament, user=entry.user).exclude(
            kind="sng_prize").aggregate(t=Sum("amount"))["t"] or 0)
        assert spent == entry.paid
        assert Player.objects.get(user=entry.user).bankroll == 10_000 - entry.paid + entry.prize
    assert held_by_tournaments() == 0
    assert not Seat.objects.filter(table_id=tournament.table_id).exists()


def test_a_late_player_is_seated_with_the_starting_stack_and_dealt_in_at_the_next_hand():
    tournament, entrants = started(hands=5)
    late = players(1, prefix="late")[0]
    issued, now, rng = issued_chips(), timezone.now(), random.Random(3)
    deal(tournament.table_id, rng, now)
    tournaments.register(tournament.id, late, now=now)  # during the hand
    seat = Seat.objects.get(table_id=tournament.table_id, user=late)
    assert seat.stack == 1_000 and seat.number not in live_state(tournament.table_id).seats
    check_conserved(tournament, issued)
    assert tournament.prize_pool(4) == 400 and tournament.entries.get(user=late).late
    assert Player.objects.get(user=late).bankroll == 10_000 - 100
    fold_around(tournament.table_id)
    hand = deal(tournament.table_id, rng, now + timedelta(seconds=10))
    dealt = {p.user_id: p.starting_stack for p in hand.players.all()}
    assert dealt[late.id] == 1_000 and len(dealt) == 4  # not blinded for the hand missed
    assert Table.objects.get(pk=tournament.table_id).max_seats == 10


def until_someone_is_out(tournament: Tournament, rng: random.Random, now) -> Entry:
    """Hands by the random policy until an entry goes out; that entry."""
    for _ in range(200):
        now += timedelta(seconds=10)
        deal(tournament.table_id, rng, now)
        play_out(tournament.table_id, rng)
        out = tournament.entries.filter(status=Entry.Status.BUSTED).first()
        if out is not None:
            return out
    raise AssertionError("nobody went out in 200 hands")


def test_a_player_out_during_late_registration_waits_for_a_place_and_may_re_enter():
    tournament, entrants = started(count=4, hands=100, max_entries=2, payout="65-35")
    issued, now, rng = issued_chips(), timezone.now(), random.Random(7)
    out = until_someone_is_out(tournament, rng, now)
    assert out.place is None and out.prize == 0 and out.went_out_in is not None
    went_out_in = out.went_out_in
    tournaments.register(tournament.id, out.user, now=now)
    out.refresh_from_db()
    tournament.refresh_from_db()
    assert (out.status, out.reentries, tournament.reentries) == (Entry.Status.PLAYING, 1, 1)
    assert out.earlier_entries == [
        {"entry": 1, "busted_in_hand": out.earlier_entries[0]["busted_in_hand"],
         "went_out_in": went_out_in}]
    assert LedgerEntry.objects.get(kind="sng_reentry").amount == -100
    assert Seat.objects.get(table_id=tournament.table_id, user=out.user).stack == 1_000
    assert out.paid == 200
    check_conserved(tournament, issued)


def play_to_the_end(tournament: Tournament, rng: random.Random, now, issued: int,
                    between=None) -> None:
    """Hands by the random policy to the end, ``between(now)`` called between hands,
    conservation checked after each."""
    for _ in range(600):
        now += timedelta(seconds=10)
        deal(tournament.table_id, rng, now)
        play_out(tournament.table_id, rng)
        check_conserved(tournament, issued)
        if tournament.status == Tournament.Status.FINISHED:
            return
        if between is not None:
            between(now)
            check_conserved(tournament, issued)
    raise AssertionError("no winner in 600 hands")


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_a_whole_tournament_with_late_registration_and_re_entry(seed):
    tournament, entrants = started(count=3, hands=4, late_levels=3, max_entries=3)
    waiting = players(4, prefix=f"late{seed}-")
    issued, rng = issued_chips(), random.Random(seed)

    def between(now):
        for entry in tournament.entries.filter(status=Entry.Status.BUSTED):
            try:  # back in while they may; afterwards the refusal says why
                tournaments.register(tournament.id, entry.user, now=now)
            except ServiceError as error:
                assert "entries" in str(error) or "closed after level 3" in str(error)
        if waiting and rng.random() < 0.4:
            try:
                tournaments.register(tournament.id, waiting[0], now=now)
                waiting.pop(0)
            except ServiceError as error:
                assert "closed after level 3" in str(error)

    play_to_the_end(tournament, rng, timezone.now(), issued, between)
    tournament.refresh_from_db()
    assert tournament.entries.filter(late=True).count() >= 1
    assert tournament.reentries >= 1
    check_results(tournament)
    for entry in tournament.entries.all():
        assert len(entry.earlier_entries) == entry.reentries


@pytest.mark.parametrize("seed", [41, 42])
def test_a_whole_tournament_with_rebuys_and_an_add_on(seed):
    tournament, entrants = started(count=4, hands=3, late_levels=0, rebuy_levels=2,
                                   addon_level=2, addon_price=50, addon_chips=1_500)
    issued, rng = issued_chips(), random.Random(seed)

    def between(now):
        for seat in Seat.objects.filter(table_id=tournament.table_id).select_related("user"):
            for take in (tournament_rebuys.rebuy, tournament_addons.take_addon):
                try:
                    take(tournament.id, seat.user, now=now)
                except ServiceError as error:
                    assert any(why in str(error) for why in (
                        "closed after level 2", "is offered in level 2", "already",
                        "at or below the starting stack"))

    play_to_the_end(tournament, rng, timezone.now(), issued, between)
    tournament.refresh_from_db()
    assert tournament.addons >= 1
    assert LedgerEntry.objects.filter(kind="sng_addon").count() == tournament.addons
    check_results(tournament)


def test_a_lone_survivor_during_late_registration_wins_and_the_others_are_placed():
    tournament, entrants = started(count=2, hands=100, payout="winner-takes-all")
    issued, rng = issued_chips(), random.Random(5)
    play_to_the_end(tournament, rng, timezone.now(), issued)
    check_results(tournament)


def state_of(tournament: Tournament) -> tuple:
    """Everything a refusal must leave as it was."""
    tournament.refresh_from_db()
    return (stacks(tournament.table_id), tournament.reentries, tournament.addons,
            LedgerEntry.objects.count(), dict(Player.objects.values_list("user_id", "bankroll")),
            sorted(tournament.entries.values_list("user_id", "status", "reentries", "addons")))


@pytest.mark.parametrize("why", ["none", "closed", "full", "in", "no_reentry", "used_up",
                                 "bankroll"])
def test_a_refused_late_entry_says_why_and_changes_nothing(why):
    options = {"none": {"late_levels": 0}, "full": {"count": 10},
               "no_reentry": {"count": 4, "hands": 100},
               "used_up": {"count": 4, "hands": 100, "max_entries": 2}}.get(why, {})
    tournament, entrants = started(**{"hands": 3, **options})
    now, rng = timezone.now(), random.Random(9)
    user = players(1, prefix="newcomer")[0]
    if why == "closed":
        for _ in range(6):  # levels of three hands: level 3 is dealt next
            deal(tournament.table_id, rng, now)
            fold_around(tournament.table_id)
    if why == "in":
        user = entrants[1]
    if why in ("no_reentry", "used_up"):
        out = (until_someone_is_out if why == "no_reentry" else until_a_second_entry_is_out)(
            tournament, rng, now)
        user = out.user
    if why == "bankroll":
        Player.objects.filter(user=user).update(bankroll=50)
    before = state_of(tournament)
    expected = {
        "none": "Friday sit-and-go has started, and it has no late registration.",
        "closed": "Late registration closed after level 2; this is level 3.",
        "full": "The table of Friday sit-and-go is full (10 seats).",
        "in": "You are in Friday sit-and-go already.",
        "no_reentry": "Friday sit-and-go has no re-entry: one entry a player.",
        "used_up": "You have made all 2 of your entries.",
        "bankroll": "The buy-in of 100 is more than your bankroll of 50.",
    }[why]
    with pytest.raises(ServiceError) as refused:
        tournaments.register(tournament.id, user, now=now)
    assert str(refused.value) == expected
    assert state_of(tournament) == before


def until_a_second_entry_is_out(tournament, rng, now) -> Entry:
    """Hands by the random policy, every player out re-entering once, until a player's
    second entry is out."""
    for _ in range(300):
        for entry in tournament.entries.filter(status=Entry.Status.BUSTED):
            if entry.reentries == 1:
                return entry
            tournaments.register(tournament.id, entry.user, now=now)
        now += timedelta(seconds=10)
        deal(tournament.table_id, rng, now)
        play_out(tournament.table_id, rng)
    raise AssertionError("no second entry went out")


@pytest.mark.parametrize("why", ["none", "early", "late", "twice", "in_hand", "not_in",
                                 "bankroll", "deal"])
def test_a_refused_add_on_says_why_and_changes_nothing(why, alice):
    options = {"late_levels": 0, "hands": 3}
    if why != "none":
        options |= {"addon_level": 1 if why != "early" else 2, "addon_price": 50,
                    "addon_chips": 1_500}
    tournament, entrants = started(**options)
    now, rng = timezone.now(), random.Random(9)
    deal(tournament.table_id, rng, now)
    if why != "in_hand":
        fold_around(tournament.table_id)
    user = {"not_in": alice}.get(why, entrants[0])
    if why == "late":
        for _ in range(3):
            deal(tournament.table_id, rng, now)
            fold_around(tournament.table_id)
    if why == "twice":
        tournament_addons.take_addon(tournament.id, user, now=now)
    if why == "bankroll":
        Player.objects.filter(user=user).update(bankroll=20)
    if why == "deal":
        tournament_deals.propose_deal(tournament.id, entrants[1], "equal", now=now)
    before = state_of(tournament)
    expected = {
        "none": "Friday sit-and-go has no add-on.",
        "early": "The add-on is offered in level 2; this is level 1.",
        "late": "The add-on closed after level 1; this is level 2.",
        "twice": "You have taken the add-on already: it is once per player.",
        "in_hand": "Take the add-on between hands: wait for this hand to end.",
        "not_in": "Only a player still in Friday sit-and-go can take the add-on.",
        "bankroll": "The add-on of 50 is more than your bankroll of 20.",
        "deal": "A deal is waiting for answers: the stacks it was worked out on must not move.",
    }[why]
    with pytest.raises(ServiceError) as refused:
        tournament_addons.take_addon(tournament.id, user, now=now)
    assert str(refused.value) == expected
    assert state_of(tournament) == before


def test_an_add_on_moves_its_price_to_the_pool_and_its_chips_to_the_seat():
    tournament, entrants = started(late_levels=0, addon_level=1, addon_price=50,
                                   addon_chips=1_500)
    issued, now = issued_chips(), timezone.now()
    before = Seat.objects.get(table_id=tournament.table_id, user=entrants[0]).stack
    tournament_addons.take_addon(tournament.id, entrants[0], now=now)
    seat = Seat.objects.get(table_id=tournament.table_id, user=entrants[0])
    assert seat.stack == before + 1_500
    tournament.refresh_from_db()
    assert tournament.addons == 1 and tournament.prize_pool(3) == 350
    assert Player.objects.get(user=entrants[0]).bankroll == 10_000 - 150
    check_conserved(tournament, issued)


def test_a_deal_waits_for_late_registration_to_close():
    tournament, entrants = started(hands=3)
    now, rng = timezone.now(), random.Random(2)
    deal(tournament.table_id, rng, now)
    fold_around(tournament.table_id)
    with pytest.raises(ServiceError) as refused:
        tournament_deals.propose_deal(tournament.id, entrants[0], "icm", now=now)
    assert str(refused.value) == ("Late registration is open until the end of level 2: a deal "
                                  "waits until it closes.")
    assert Tournament.objects.get(pk=tournament.id).deal is None


def test_late_registration_follows_the_clock_across_a_restart():
    tournament, entrants = started(hands=None, minutes=10)
    start = tournament.started_at
    rng = random.Random(4)
    deal(tournament.table_id, rng, start + timedelta(seconds=5))
    fold_around(tournament.table_id)
    table_memory.forget_all()  # a restart: the next change reads the database alone
    late = players(2, prefix="after")
    tournaments.register(tournament.id, late[0], now=start + timedelta(minutes=19))
    due = Table.objects.get(pk=tournament.table_id).next_hand_at
    run_due_work(max(due, start + timedelta(minutes=19, seconds=30)))
    hand = Hand.objects.filter(table_id=tournament.table_id).order_by("-number").first()
    assert hand.number == 2 and blinds_of(hand) == (20, 40, 0)
    assert hand.players.filter(user=late[0], starting_stack=1_000).exists()
    fold_around(tournament.table_id)
    table_memory.forget_all()
    with pytest.raises(ServiceError) as refused:
        tournaments.register(tournament.id, late[1], now=start + timedelta(minutes=20))
    assert str(refused.value) == "Late registration closed after level 2; this is level 3."


@pytest.mark.parametrize(("options", "said"), [
    ({"max_entries": 2}, "Re-entry happens during late registration: give late registration "
                         "levels too."),
    ({"late_levels": 5}, "Late registration can last 4 levels at most (the schedule's), not 5."),
    ({"addon_level": 2, "addon_price": 10}, "An add-on needs a level, a price and chips, "
                                            "each at least 1 (or none of them)."),
    ({"late_levels": 1, "max_entries": 9}, "Entries a player must be 1 to 5 (1: no re-entry)."),
])
def test_options_that_cannot_work_are_refused_when_created(options, said, alice):
    count = Tournament.objects.count()
    with pytest.raises(ServiceError) as refused:
        sng(alice, **options)
    assert str(refused.value) == said and Tournament.objects.count() == count


def test_bots_play_a_whole_tournament_with_every_option_on_the_table_clock(settings,
                                                                          monkeypatch):
    """Bots on the table clock; between ticks one registers late, those out re-enter once
    and each takes the add-on in its level (what a bot's owner would click). The deals are
    seeded too: with the OS's shuffles, a run now and then had no bot between hands in the
    add-on's level and took none (CI failed so once; 24 runs here passed)."""
    settings.NEXT_HAND_DELAY_SECONDS = 1
    seed_the_deals(monkeypatch, 6)
    random.seed(6)  # the bots' thinking pauses
    driver._rng.seed(6)  # their decisions
    bots = [bot_user("random", n) for n in range(4)]
    tournament = sng(bots[0], max_players=3, payout="65-35", hands=3, late_levels=2,
                     max_entries=2, addon_level=2, addon_price=50, addon_chips=500)
    issued, now = issued_chips(), timezone.now()
    for bot in bots[:3]:
        tournaments.register(tournament.id, bot, now=now)
    for _ in range(3_000):
        now += timedelta(seconds=2)
        run_due_work(now)
        check_conserved(tournament, issued)
        if tournament.status == Tournament.Status.FINISHED:
            break
        for bot, take in itertools.product(bots, (tournaments.register,
                                                   tournament_addons.take_addon)):
            # Not now, or not any more: the refusals are tested one by one above.
            with contextlib.suppress(ServiceError):
                take(tournament.id, bot, now=now)
        check_conserved(tournament, issued)
    else:
        raise AssertionError("the bots did not finish the tournament")
    assert tournament.entries.filter(late=True).count() == 1
    assert tournament.reentries >= 1 and tournament.addons >= 1
    check_results(tournament)
