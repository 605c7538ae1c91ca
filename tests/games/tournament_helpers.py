"""Helpers for the sit-and-go tests: players, a tournament, and hands played through the
services by a seeded random policy (any legal action, all-ins often, so it ends soon)."""

import random
from datetime import datetime, timedelta

from games import services
from games.engine import ActionKind, HandState, fair_deal
from games.models import Hand, Seat, Table, Tournament
from games.models import tables as tables_model
from games.services import tournament_late, tournaments
from tests.games.conftest import make_user

FULL_DECK = [r + s for r in "23456789TJQKA" for s in "shdc"]


def players(count: int, prefix: str = "p") -> list:
    return [make_user(f"{prefix}{n}") for n in range(1, count + 1)]


def seed_the_deals(monkeypatch, seed: int) -> None:
    """Draw every server seed and seat from ``random.Random(seed)`` instead of the OS's
    CSPRNG, so a whole tournament played by seeded bots is the same on every run."""
    rng = random.Random(seed)
    for module in (fair_deal, tables_model):
        monkeypatch.setattr(module, "new_server_seed", lambda: rng.randbytes(32).hex())
    for module in (tournament_late, tournaments):
        monkeypatch.setattr(module, "_seat_draw", rng)


def sng(host, **values) -> Tournament:
    defaults = {
        "name": "Friday sit-and-go", "max_players": 6, "buy_in": 100, "starting_stack": 1_000,
        "payout": "50-30-20", "preset": "", "hands": 3,
        "levels": [
            {"small_blind": 10, "big_blind": 20}, {"small_blind": 20, "big_blind": 40},
            {"small_blind": 50, "big_blind": 100, "ante": 10},
            {"small_blind": 100, "big_blind": 200, "ante": 25},
        ],
    }
    return tournaments.create_tournament(host, **{**defaults, **values})


def deal(table_id: int, rng: random.Random, now: datetime) -> Hand | None:
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    return services.start_next_hand(table_id, deck=deck, now=now)


def live_state(table_id: int) -> HandState | None:
    hand = Hand.objects.filter(table_id=table_id, status=Hand.Status.IN_PROGRESS).first()
    return HandState.from_dict(hand.state) if hand else None


def random_action(state: HandState, rng: random.Random) -> tuple[str, int | None]:
    legal = state.legal_actions()
    assert legal is not None
    roll = rng.random()
    if legal.call is not None and legal.call * 3 > state.player(legal.seat).stack:
        # A big call: fold more often than not, so a tournament lasts a few levels.
        return (ActionKind.FOLD.value, None) if roll < 0.7 else (ActionKind.CALL.value, None)
    if legal.all_in is not None and roll < 0.12:
        return ActionKind.ALL_IN.value, None
    if legal.raise_to is not None and roll < 0.3:
        return ActionKind.RAISE.value, rng.randint(legal.raise_to.min, legal.raise_to.max)
    if legal.bet is not None and roll < 0.3:
        return ActionKind.BET.value, rng.randint(legal.bet.min, legal.bet.max)
    if roll < 0.45 and ActionKind.FOLD in legal.kinds and ActionKind.CHECK not in legal.kinds:
        return ActionKind.FOLD.value, None
    if ActionKind.CHECK in legal.kinds:
        return ActionKind.CHECK.value, None
    return ActionKind.CALL.value, None


def play_out(table_id: int, rng: random.Random) -> None:
    """Every player acts by the random policy until the live hand ends (at most a bound)."""
    for _ in range(500):
        state = live_state(table_id)
        if state is None or state.actor is None:
            return
        seat = Seat.objects.select_related("user").get(table_id=table_id, number=state.actor)
        kind, amount = random_action(state, rng)
        version = Table.objects.values_list("version", flat=True).get(pk=table_id)
        services.act(table_id, seat.user, kind, amount, version)
    raise AssertionError("the hand did not end within 500 actions")


def stacks(table_id: int) -> dict[int, int]:
    """user id -> stack, of the seats at the table."""
    return dict(Seat.objects.filter(table_id=table_id).values_list("user_id", "stack"))


def later(now: datetime, seconds: float = 10) -> datetime:
    return now + timedelta(seconds=seconds)
