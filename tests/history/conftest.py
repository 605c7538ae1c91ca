"""Played hands to review: the shared people and table of tests/games, and hands played
through the real services (sit, deal with a known deck, act)."""

import random

import pytest

from games import services
from games.models import Hand
from tests.games import conftest as shared

# The people and the table of tests/games, shared (pytest finds fixtures by module name).
ACES_KINGS_DECK = shared.ACES_KINGS_DECK
make_user = shared.make_user
alice, bob, carol, spectator, table = (
    shared.alice, shared.bob, shared.carol, shared.spectator, shared.table
)


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """The shared users get real passwords; hashing them properly takes most of a test."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    from django.core.cache import cache

    cache.clear()


def act(table, user, kind, amount=None):
    table.refresh_from_db()
    services.act(table.id, user, kind, amount, table.version)


def play(table, deck, moves) -> Hand:
    """Deal the next hand with ``deck`` and play ``moves`` [(user, kind, amount?)...]."""
    hand = services.start_next_hand(table.id, deck=list(deck))
    assert hand is not None
    for user, kind, *amount in moves:
        act(table, user, kind, *amount)
    hand.refresh_from_db()
    assert hand.status == Hand.Status.COMPLETE, hand.status
    return hand


def seat(table, *players):
    """Seat (user, buy_in) pairs in seats 1, 2, 3..."""
    for number, (user, buy_in) in enumerate(players, start=1):
        services.sit(table.id, user, number, buy_in)


def deal_showdown(table, alice, bob, carol) -> Hand:
    """Button alice (7s 2d) folds; bob (As Ah) and carol (Kd Kc) go to showdown: bob shows
    and wins 64, carol mucks. Stacks after: alice 200, bob 232, carol 168."""
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    return play(
        table,
        ACES_KINGS_DECK,
        [
            (alice, "fold"), (bob, "call"), (carol, "check"),
            (bob, "bet", 10), (carol, "call"),
            (bob, "check"), (carol, "check"),
            (bob, "bet", 20), (carol, "call"),
        ],
    )


def deal_side_pots(table, alice, bob, carol) -> Hand:
    """All in preflop: alice (7s 2d) 200, bob (As Ah) 50, carol (Kd Kc) 100. Bob wins the
    main pot of 150, carol the side pot of 100, alice gets 100 back uncalled."""
    seat(table, (alice, 200), (bob, 50), (carol, 100))
    return play(table, ACES_KINGS_DECK, [(alice, "all_in"), (bob, "call"), (carol, "call")])


@pytest.fixture
def showdown_hand(table, alice, bob, carol):
    return deal_showdown(table, alice, bob, carol)


@pytest.fixture
def side_pot_hand(table, alice, bob, carol):
    return deal_side_pots(table, alice, bob, carol)


@pytest.fixture
def folded_hand(table, alice, bob, carol):
    """Alice raises to 6, bob and carol fold: alice wins the blinds without showing."""
    seat(table, (alice, 200), (bob, 200), (carol, 200))
    return play(
        table,
        ACES_KINGS_DECK,
        [(alice, "raise", 6), (bob, "fold"), (carol, "fold")],
    )


def play_to_the_end(table, users, hand: Hand, choose) -> Hand:
    """Play ``hand`` through the services until it is over: each turn the player to act
    does ``choose(legal)``, a tuple of ``act``'s kind and amount (``("call",)``)."""
    from games.engine import HandState

    by_id = {u.id: u for u in users}
    while True:
        hand.refresh_from_db()
        if hand.status != Hand.Status.IN_PROGRESS:
            return hand
        legal = HandState.from_dict(hand.state).legal_actions()
        user = by_id[hand.players.get(seat=legal.seat).user_id]
        act(table, user, *choose(legal))


def play_out(table, users, *, deck=None, passive="check") -> Hand:
    """Deal a hand and let the actor check when free (else fold) until it is over;
    ``passive="call"`` calls instead, to reach showdowns."""
    hand = services.start_next_hand(table.id, deck=list(deck) if deck else None)
    assert hand is not None

    def choose(legal):
        if legal.call is None:
            return ("check",)
        return ("call",) if passive == "call" else ("fold",)

    return play_to_the_end(table, users, hand, choose)


def play_random(table, users, rng: random.Random) -> Hand:
    """Deal a hand from a seeded deck and play random legal actions to the end."""
    from games.engine import FULL_DECK

    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hand = services.start_next_hand(table.id, deck=deck)
    assert hand is not None

    def choose(legal):
        choices = ["check" if legal.call is None else "call"] * 6 + ["fold"] * 2
        span = legal.bet or legal.raise_to
        if span is not None:
            choices += ["raise"] * 2
        if legal.all_in is not None:
            choices.append("all_in")
        kind = rng.choice(choices)
        if kind == "raise":
            amount = rng.choice([span.min, span.max, (span.min + span.max) // 2])
            return ("bet" if legal.bet else "raise", amount)
        return (kind,)

    return play_to_the_end(table, users, hand, choose)
