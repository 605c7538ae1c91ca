"""A sit-and-go at its table: whole tournaments played to the end (by a seeded random policy
through the services, and by bots on the table clock), checked against an independent
count of places and prizes; the levels by hands and by minutes, across a restart; players
who are away blinded out, not removed."""

import random
from datetime import timedelta

import pytest
from django.db.models import Sum
from django.utils import timezone

from games import services
from games.bots import driver
from games.bots.players import bot_user
from games.engine import HandState
from games.models import Hand, HandAction, LedgerEntry, Player, Seat, Table, Tournament
from games.models import TournamentEntry as Entry
from games.services import table_memory, tournaments
from games.table_clock import run_due_work
from tests.games.conftest import chips_in_room, issued_chips, make_user
from tests.games.tournament_helpers import (
    FULL_DECK,
    deal,
    live_state,
    play_out,
    players,
    sng,
    stacks,
)

pytestmark = pytest.mark.django_db

PERCENT = {"50-30-20": (50, 30, 20), "65-35": (65, 35), "winner-takes-all": (100,)}


def expected_prizes(pool: int, payout: str) -> list[int]:
    """Each paid place's prize worked out here, apart from the code under test: the share
    rounded down, the chips left over one each to the best places."""
    shares = [pool * pct // 100 for pct in PERCENT[payout]]
    for place in range(pool - sum(shares)):
        shares[place] += 1
    return shares


def places_from_hand(hand: Hand, left_before: int) -> dict[int, tuple[int, int]]:
    """The places of the players who busted in ``hand``, counted from the stored hand
    (HandPlayer's starting and finishing stacks): more chips at the start, better place."""
    out = [(p.user_id, p.starting_stack) for p in hand.players.all() if p.finishing_stack == 0]
    places, place = {}, left_before - len(out) + 1
    for stack in sorted({s for _, s in out}, reverse=True):
        tied = [user for user, s in out if s == stack]
        for user in tied:
            places[user] = (place, place + len(tied) - 1)
        place += len(tied)
    return places


def check_results(tournament: Tournament, expected: dict[int, tuple[int, int]]) -> None:
    """Places as counted, prizes as the payout says (a tie shares its places' prizes, each
    within a chip of the others), every chip of the pool paid, once, to bankrolls."""
    entrants = tournament.entries.count()
    pool = tournament.buy_in * entrants
    prize_of_place = expected_prizes(pool, tournament.payout) + [0] * entrants
    entries = list(tournament.entries.all())
    assert {e.user_id: (e.place, e.place_worst) for e in entries} == expected
    spans: dict[tuple[int, int], list[Entry]] = {}
    for entry in entries:
        spans.setdefault((entry.place, entry.place_worst), []).append(entry)
    for (best, worst), tied in spans.items():
        assert sum(e.prize for e in tied) == sum(prize_of_place[best - 1:worst])
        assert max(e.prize for e in tied) - min(e.prize for e in tied) <= 1
    paid = LedgerEntry.objects.filter(tournament=tournament, kind="sng_prize")
    assert paid.aggregate(t=Sum("amount"))["t"] == pool
    for entry in entries:
        rows = paid.filter(user_id=entry.user_id)
        assert sum(r.amount for r in rows) == entry.prize and rows.count() <= 1
        assert entry.status == Entry.Status.FINISHED


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_a_whole_tournament_plays_to_the_end_with_places_and_prizes_right(seed):
    entrants = players(6)
    tournament = sng(entrants[0])
    issued, now = issued_chips(), timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # the sixth entry filled it
    table_id, rng = tournament.table_id, random.Random(seed)
    expected: dict[int, tuple[int, int]] = {}
    for _ in range(400):
        before = stacks(table_id)
        hand = deal(table_id, rng, now)
        assert hand is not None
        assert {p.user_id: p.starting_stack for p in hand.players.all()} == before
        play_out(table_id, rng)
        hand.refresh_from_db()
        expected |= places_from_hand(hand, left_before=len(before))
        # Chips conserved at every hand: the room's, and the tournament's at its table.
        assert chips_in_room() == issued_chips() == issued
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        assert sum(stacks(table_id).values()) == 6 * 1_000
        now += timedelta(seconds=10)
    else:
        raise AssertionError("no winner in 400 hands")
    (winner,) = [p.user_id for p in hand.players.all() if p.finishing_stack > 0]
    expected[winner] = (1, 1)
    check_results(tournament, expected)
    assert Table.objects.get(pk=table_id).status == Table.Status.CLOSED
    assert not Seat.objects.filter(table_id=table_id).exists()
    for entry in tournament.entries.all():  # bankroll: the grant, less the buy-in, plus prize
        assert Player.objects.get(user_id=entry.user_id).bankroll == 10_000 - 100 + entry.prize


def test_bots_play_a_whole_tournament_on_the_table_clock(settings):
    settings.NEXT_HAND_DELAY_SECONDS = 1
    random.seed(5)  # the bots' thinking pauses
    driver._rng.seed(5)  # their decisions
    host = make_user("host")
    tournament = sng(host, max_players=4, payout="65-35", hands=2)
    bots = [bot_user("random", n) for n in range(4)]
    issued, now = issued_chips(), timezone.now()
    for bot in bots:
        tournaments.register(tournament.id, bot, now=now)
    tournament.refresh_from_db()
    table_id = tournament.table_id
    expected: dict[int, tuple[int, int]] = {}
    counted: set[int] = set()
    for _ in range(3_000):
        now += timedelta(seconds=2)
        run_due_work(now)
        for hand in Hand.objects.filter(table_id=table_id, status=Hand.Status.COMPLETE):
            if hand.number not in counted:
                counted.add(hand.number)
                left = sum(1 for p in hand.players.all())
                expected |= places_from_hand(hand, left_before=left)
        assert chips_in_room() == issued_chips() == issued
        tournament.refresh_from_db()
        if tournament.status == Tournament.Status.FINISHED:
            break
        assert sum(stacks(table_id).values()) == 4 * 1_000
    else:
        raise AssertionError("the bots did not finish the tournament")
    last = Hand.objects.filter(table_id=table_id).order_by("-number").first()
    (winner,) = [p.user_id for p in last.players.all() if p.finishing_stack > 0]
    expected[winner] = (1, 1)
    check_results(tournament, expected)


def blinds_of(hand: Hand) -> tuple[int, int, int]:
    config = HandState.from_dict(hand.state).config
    return config.small_blind, config.big_blind, config.ante


def fold_around(table_id: int) -> None:
    """Everyone checks when free, else folds: stacks barely move."""
    for _ in range(50):
        state = live_state(table_id)
        if state is None or state.actor is None:
            return
        seat = Seat.objects.select_related("user").get(table_id=table_id, number=state.actor)
        action = state.timeout_action()
        version = Table.objects.values_list("version", flat=True).get(pk=table_id)
        services.act(table_id, seat.user, action.kind.value, None, version)


def test_levels_by_hands_raise_the_blinds_and_antes_every_few_hands():
    entrants = players(3)
    tournament = sng(entrants[0], max_players=3, hands=2)
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    rng, seen = random.Random(1), []
    for _ in range(7):
        hand = deal(tournament.table_id, rng, now)
        seen.append(blinds_of(hand))
        fold_around(tournament.table_id)
        now += timedelta(seconds=10)
    assert seen == [
        (10, 20, 0), (10, 20, 0), (20, 40, 0), (20, 40, 0), (50, 100, 10), (50, 100, 10),
        (100, 200, 25),
    ]
    tournament.refresh_from_db()
    assert tournament.level == 3
    antes = HandAction.objects.filter(hand=hand, kind="post_ante")
    assert sorted(a.amount for a in antes) == [25, 25, 25]


def test_levels_by_minutes_follow_the_clock_from_the_start_and_survive_a_restart():
    entrants = players(3)
    tournament = sng(entrants[0], max_players=3, hands=None, minutes=10)
    started = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=started)
    tournament.refresh_from_db()
    table_id, rng = tournament.table_id, random.Random(2)
    assert blinds_of(deal(table_id, rng, started + timedelta(seconds=5))) == (10, 20, 0)
    fold_around(table_id)
    at_9m59 = started + timedelta(minutes=9, seconds=59)
    assert blinds_of(deal(table_id, rng, at_9m59)) == (10, 20, 0)
    fold_around(table_id)
    assert blinds_of(deal(table_id, rng, started + timedelta(minutes=10))) == (20, 40, 0)
    fold_around(table_id)
    # A restart: this process forgets every table; the next deal is the clock's, from the
    # database alone (the start time stored), at the level 21 minutes after the start.
    table_memory.forget_all()
    due = Table.objects.get(pk=table_id).next_hand_at
    assert due is not None
    run_due_work(max(due, started + timedelta(minutes=21)))
    hand = Hand.objects.filter(table_id=table_id).order_by("-number").first()
    assert hand.number == 4 and blinds_of(hand) == (50, 100, 10)
    assert Tournament.objects.get(pk=tournament.id).level == 2


def test_a_player_who_is_away_is_blinded_out_not_removed():
    entrants = players(3)
    tournament = sng(entrants[0], max_players=3, hands=2)
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    away = entrants[1]
    services.set_sitting_out(tournament.table_id, away, True)
    rng = random.Random(3)
    for _ in range(3):
        hand = deal(tournament.table_id, rng, now)
        assert away.id in {p.user_id for p in hand.players.all()}  # dealt in
        play_out(tournament.table_id, rng)
        seat = hand.players.get(user=away).seat
        kinds = set(HandAction.objects.filter(hand=hand, seat=seat).values_list("kind", flat=True))
        assert kinds <= {"post_small_blind", "post_big_blind", "post_ante", "fold", "check"}
        now += timedelta(seconds=10)
        if Tournament.objects.get(pk=tournament.id).status == Tournament.Status.FINISHED:
            break
        assert Seat.objects.filter(table_id=tournament.table_id, user=away).exists() or (
            Entry.objects.get(tournament=tournament, user=away).status == Entry.Status.FINISHED
        )


# Dealt from the button's left (small blind first), one card each, twice: the small blind
# gets aces, the big blind kings, the first to act 7-2, the button eights; the board pairs
# nobody but the eights.
TWO_BUST_DECK = (  # noqa: SIM905 - grouped by street, easier to read than a list
    "As Kd 7s 8c Ah Kc 2d 3h "  # hole cards
    "3c 9h 8d 4c "  # burn, flop
    "5s Jd "  # burn, turn
    "6h Qc"  # burn, river
).split()


def play_two_bust_hand(table_id: int, now) -> dict[str, int]:
    """Deal TWO_BUST_DECK at a four-player table: 7-2 folds, the eights push, aces and kings
    call; aces win, kings and eights bust. Returns hole cards -> user id."""
    rest = [c for c in FULL_DECK if c not in TWO_BUST_DECK]
    services.start_next_hand(table_id, deck=TWO_BUST_DECK + rest, now=now)
    for _ in range(4):
        state = live_state(table_id)
        if state is None or state.actor is None:
            break
        seat = Seat.objects.select_related("user").get(table_id=table_id, number=state.actor)
        legal = state.legal_actions()
        kind = "fold" if "7s" in state.player(seat.number).hole else (
            "all_in" if legal.all_in is not None else "call"
        )
        version = Table.objects.values_list("version", flat=True).get(pk=table_id)
        services.act(table_id, seat.user, kind, None, version)
    hand = Hand.objects.get(table_id=table_id, number=1)
    return {p.hole_cards: p.user_id for p in hand.players.all()}


def test_players_busting_in_one_hand_with_equal_stacks_share_their_places_prizes():
    entrants = players(4)
    tournament = sng(entrants[0], max_players=4)  # 400 chips: 200, 120, 80
    now = timezone.now()
    for user in entrants:
        tournaments.register(tournament.id, user, now=now)
    tournament.refresh_from_db()
    table_id = tournament.table_id
    holes = play_two_bust_hand(table_id, now)
    kings, eights = holes["KdKc"], holes["8c3h"]
    result = {e.user_id: (e.place, e.place_worst, e.prize) for e in tournament.entries.all()}
    assert result[kings] == result[eights] == (3, 4, 40)
    assert LedgerEntry.objects.filter(kind="sng_prize", amount=40).count() == 2
    assert set(stacks(table_id)) == {holes["AsAh"], holes["7s2d"]}
