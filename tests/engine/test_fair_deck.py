"""The fair deck function (games/engine/fair_deck.py): the documented vectors, what goes into
the deck, rejection sampling, and the shuffle's distribution."""

import hashlib
import hmac
import math
from collections.abc import Callable

import pytest

from games.engine.cards import FULL_DECK
from games.engine.fair_deck import (
    check_client_seed,
    commitment,
    deal_message,
    fair_deck,
    random_numbers,
    starting_deck,
    uniform_below,
)
from tests.fair_vectors import fair_vectors

ZERO = "00" * 32


def seeds_of(vector: dict) -> list[tuple[int, str]]:
    return [(s["seat"], s["seed"]) for s in vector["client_seeds"]]


@pytest.mark.parametrize("vector", fair_vectors(), ids=lambda v: v["name"])
def test_the_documented_vectors_are_what_the_code_computes(vector):
    seeds = seeds_of(vector)
    assert commitment(vector["server_seed"]) == vector["commitment"]
    message = deal_message(seeds, vector["hand_number"])
    if "message" in vector:
        assert message.hex() == vector["message"]
    block = hmac.new(bytes.fromhex(vector["server_seed"]), message + bytes(4), hashlib.sha256)
    assert block.hexdigest() == vector["first_block"]
    deck = fair_deck(vector["server_seed"], seeds, vector["hand_number"],
                     vector.get("deck_size", 52))
    assert " ".join(deck) == vector["deck"], f"{vector['name']}: {deck}"
    assert sorted(deck) == sorted(starting_deck(vector.get("deck_size", 52)))


def test_the_vectors_cover_the_short_deck():
    short = [v for v in fair_vectors() if v.get("deck_size") == 36]
    assert len(short) >= 2
    for vector in short:
        cards = vector["deck"].split()
        assert len(cards) == len(set(cards)) == 36 and not {c[0] for c in cards} & set("2345")


def test_the_short_deck_starts_from_the_36_cards_six_up_in_card_id_order():
    assert starting_deck(36) == [c for c in FULL_DECK if c[0] not in "2345"]
    assert starting_deck(52) == list(FULL_DECK)
    with pytest.raises(ValueError, match="A deck of 40 cards is not dealt"):
        fair_deck(ZERO, [], 1, deck_size=40)


def test_the_vectors_cover_the_length_prefixes():
    decks = {v["name"]: v["deck"] for v in fair_vectors()}
    joined = decks["length prefixes: 'ab' + 'c'"]
    assert joined != decks["length prefixes: 'a' + 'bc' (a different deck)"]


def test_the_commitment_is_sha256_of_the_seed_bytes_not_its_text():
    seed = bytes(range(32)).hex()
    assert commitment(seed) == hashlib.sha256(bytes(range(32))).hexdigest()
    assert commitment(seed) != hashlib.sha256(seed.encode()).hexdigest()


def test_a_changed_client_seed_changes_the_deck():
    base = fair_deck(ZERO, [(1, "alice"), (2, "bob")], 3)
    assert fair_deck(ZERO, [(1, "alice"), (2, "bob")], 3) == base  # a function: same in, same out
    assert fair_deck(ZERO, [(1, "alice"), (2, "bob2")], 3) != base
    assert fair_deck(ZERO, [(1, "alice"), (2, "")], 3) != base
    assert fair_deck(ZERO, [(1, "bob"), (2, "alice")], 3) != base  # seats count, not just seeds
    assert fair_deck(ZERO, [(1, "alice"), (3, "bob")], 3) != base
    assert fair_deck(ZERO, [(1, "alice"), (2, "bob")], 4) != base  # so does the hand number
    assert fair_deck("00" * 31 + "01", [(1, "alice"), (2, "bob")], 3) != base


def test_seeds_are_taken_in_seat_order_whatever_order_they_come_in():
    assert fair_deck(ZERO, [(5, "e"), (2, "b")], 1) == fair_deck(ZERO, [(2, "b"), (5, "e")], 1)


@pytest.mark.parametrize(
    "seed, problem",
    [
        ("two words", "' ' is not allowed"),
        ("é", "'é' is not allowed"),
        ("x" * 65, "at most 64 characters, not 65"),
        (12, "must be text"),
    ],
)
def test_bad_client_seeds_are_refused_naming_the_problem(seed, problem):
    with pytest.raises(ValueError, match=problem):
        check_client_seed(seed)


def test_a_server_seed_must_be_64_lowercase_hex_digits():
    for bad in ("AB" * 32, "ab" * 31, "zz" * 32):
        with pytest.raises(ValueError, match="64 lowercase hex digits"):
            fair_deck(bad, [], 1)


def test_two_seeds_for_one_seat_are_refused():
    with pytest.raises(ValueError, match="same seat"):
        deal_message([(1, "a"), (1, "b")], 1)


def test_uniform_below_throws_away_the_incomplete_last_run():
    # For n = 3 the last run starts at 2**32 - 2**32 % 3 = 4294967295: that value is dropped.
    assert uniform_below(iter([4294967295, 4294967294]), 3) == 4294967294 % 3
    assert uniform_below(iter([4294967294]), 3) == 4294967294 % 3
    assert uniform_below(iter([2**32 - 1]), 2) == 1  # 2 divides 2**32: nothing is dropped


def test_the_stream_is_hmac_sha256_in_counter_mode():
    key, message = bytes(32), b"m"
    numbers = random_numbers(key, message)
    first_two_blocks = b"".join(
        hmac.new(key, message + k.to_bytes(4, "big"), hashlib.sha256).digest() for k in (0, 1)
    )
    expected = [int.from_bytes(first_two_blocks[i : i + 4], "big") for i in range(0, 64, 4)]
    assert [next(numbers) for _ in range(16)] == expected


# ------------------------------------------------------------------ the distribution

DECKS = 20_000
# Wilson-Hilferty: a chi-square with df degrees of freedom as a standard normal z. Above 4.5
# is a p-value under 4e-6: the fixed seeds below make the test deterministic, and a fair
# shuffle sits far below it.
Z_LIMIT = 4.5


def position_chi_square(make_deck: Callable[[int], list[str]], decks: int = DECKS,
                        size: int = 52) -> float:
    """z of the chi-square of the size x size table of (card, position) counts over
    ``decks`` decks; both margins are fixed (every deck is a permutation), so
    df = (size - 1) ** 2."""
    index = {card: i for i, card in enumerate(starting_deck(size))}
    counts = [[0] * size for _ in range(size)]
    for k in range(decks):
        for position, card in enumerate(make_deck(k)):
            counts[position][index[card]] += 1
    expected = decks / size
    chi2 = sum((c - expected) ** 2 / expected for row in counts for c in row)
    df = (size - 1) ** 2
    return ((chi2 / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))


def seed_for(k: int) -> str:
    return hashlib.sha256(f"chi-square {k}".encode()).hexdigest()


def test_card_positions_are_uniform_over_many_decks():
    z = position_chi_square(lambda k: fair_deck(seed_for(k), [(1, "a"), (2, "")], k))
    assert z < Z_LIMIT, f"chi-square z = {z:.2f}"


def test_short_deck_card_positions_are_uniform_over_many_decks():
    z = position_chi_square(
        lambda k: fair_deck(seed_for(k), [(1, "a"), (2, "")], k, deck_size=36), size=36)
    assert z < Z_LIMIT, f"chi-square z = {z:.2f}"


def test_the_same_check_catches_a_modulo_biased_shuffle():
    """The check has the power to fail: one byte per draw, taken modulo i + 1 (256 is not a
    multiple of most i + 1, so small j come up too often)."""

    def biased(k: int) -> list[str]:
        key = bytes.fromhex(seed_for(k))
        stream = b"".join(hmac.new(key, bytes([b]), hashlib.sha256).digest() for b in range(2))
        deck = list(FULL_DECK)
        for i in range(51, 0, -1):
            j = stream[51 - i] % (i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        return deck

    assert position_chi_square(biased) > Z_LIMIT
