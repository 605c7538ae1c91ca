"""The provably fair deck: a pure, versioned function of the server seed, the players' client
seeds and the hand number (docs/fairness.md is the specification, with test vectors).

Version ``fair-deal-v1``, exactly:

- The server seed is 32 bytes from the operating system's CSPRNG, written as 64 lowercase
  hex digits; its commitment is SHA-256 of those 32 bytes (not of the hex text), in hex.
- A client seed is 0 to 64 characters of ``A-Z a-z 0-9 - _`` (ASCII, so its bytes are its
  characters); a player who sent none plays with the empty seed.
- The message: ``lp(b"fair-deal-v1") + u32(hand number) + u32(count)``, then for each
  dealt-in seat in ascending seat order ``u32(seat) + lp(client seed)``. ``u32`` is 4 bytes
  big-endian and ``lp(x) = u32(len(x)) + x``: every part has its length, so "ab" + "c"
  and "a" + "bc" give different messages.
- The stream: block ``k`` (k = 0, 1, 2...) is ``HMAC-SHA256(key=server seed bytes,
  message + u32(k))``; the blocks run together, read 4 bytes at a time as big-endian
  unsigned 32-bit numbers.
- The shuffle: start from the game's deck in card-id order: the 52 cards (``2c 2d 2h 2s
  3c ... As``, the engine's ``FULL_DECK``), or for short deck the 36 from six up (``6c 6d
  6h 6s 7c ... As``: the last 36 of the 52; the record's ``deck_size``); for ``i`` from the
  last place down to 1, draw ``j`` uniform in ``0..i``: take
  the next number ``x``; if ``x >= 2**32 - 2**32 % (i + 1)`` throw it away and take the next
  (rejection sampling: no modulo bias), else ``j = x % (i + 1)``; swap cards ``i`` and ``j``.
  The first card of the result is dealt first (``deal_order.py``).

>>> deck = fair_deck("00" * 32, [(1, "alice"), (2, "")], 1)
>>> len(deck), len(set(deck)), deck[:4]
(52, 52, ['4d', '9s', '2c', 'Qh'])
>>> short = fair_deck("00" * 32, [(1, "alice"), (2, "")], 1, deck_size=36)
>>> len(short), min(short, key=FULL_DECK.index)
(36, '6c')
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterator, Sequence

from games.engine.cards import FULL_DECK

VERSION = "fair-deal-v1"
SEED_BYTES = 32
MAX_CLIENT_SEED = 64
CLIENT_SEED = re.compile(r"[A-Za-z0-9_-]*")
SERVER_SEED = re.compile(r"[0-9a-f]{64}")
_UINT32 = 2**32
DECK_SIZES = (52, 36)  # the standard deck; short deck's, six up


def starting_deck(deck_size: int = 52) -> list[str]:
    """The cards the shuffle starts from: the last ``deck_size`` of the 52 in card-id order.

    >>> starting_deck(36)[:5], len(starting_deck())
    (['6c', '6d', '6h', '6s', '7c'], 52)
    """
    if deck_size not in DECK_SIZES:
        raise ValueError(f"A deck of {deck_size!r} cards is not dealt: 52, or 36 for short deck.")
    return list(FULL_DECK[len(FULL_DECK) - deck_size:])


def check_client_seed(seed: object) -> str:
    """A client seed as the deck function takes it, or ValueError saying what is wrong.

    >>> check_client_seed("a1-B_"), check_client_seed("")
    ('a1-B_', '')
    >>> check_client_seed("two words")
    Traceback (most recent call last):
    ...
    ValueError: A client seed may hold only letters, digits, '-' and '_'; ' ' is not allowed.
    """
    if not isinstance(seed, str):
        raise ValueError("A client seed must be text.")
    if len(seed) > MAX_CLIENT_SEED:
        raise ValueError(
            f"A client seed is at most {MAX_CLIENT_SEED} characters, not {len(seed)}."
        )
    if not CLIENT_SEED.fullmatch(seed):
        bad = next(c for c in seed if not CLIENT_SEED.fullmatch(c))
        raise ValueError(
            f"A client seed may hold only letters, digits, '-' and '_'; {bad!r} is not allowed."
        )
    return seed


def check_server_seed(seed: object) -> bytes:
    """The 32 bytes of a server seed written as 64 lowercase hex digits, or ValueError.

    >>> len(check_server_seed("ab" * 32))
    32
    """
    if not isinstance(seed, str) or not SERVER_SEED.fullmatch(seed):
        raise ValueError("A server seed is 64 lowercase hex digits (32 bytes).")
    return bytes.fromhex(seed)


def new_server_seed() -> str:
    """A fresh server seed from the operating system's CSPRNG, as hex.

    >>> len(new_server_seed())
    64
    """
    return secrets.token_hex(SEED_BYTES)


def commitment(server_seed: str) -> str:
    """SHA-256 of the seed's 32 bytes, in hex: published before the deal.

    >>> commitment("00" * 32)[:16]
    '66687aadf862bd77'
    """
    return hashlib.sha256(check_server_seed(server_seed)).hexdigest()


def _u32(value: int) -> bytes:
    return value.to_bytes(4, "big")


def _length_prefixed(data: bytes) -> bytes:
    return _u32(len(data)) + data


def deal_message(client_seeds: Sequence[tuple[int, str]], hand_number: int) -> bytes:
    """The HMAC message before the block counter: version, hand, then the seeds by seat.

    >>> message = deal_message([(2, "c"), (1, "ab")], 7)
    >>> message[:16]  # lp(version)
    b'\\x00\\x00\\x00\\x0cfair-deal-v1'
    >>> message[16:].hex()  # hand 7, 2 seeds; seat 1, lp("ab"); seat 2, lp("c")
    '000000070000000200000001000000026162000000020000000163'
    """
    seats = [seat for seat, _ in client_seeds]
    if len(set(seats)) != len(seats):
        raise ValueError("Two client seeds name the same seat.")
    if not 0 <= hand_number < _UINT32:
        raise ValueError(f"The hand number {hand_number} is out of range.")
    parts = [_length_prefixed(VERSION.encode()), _u32(hand_number), _u32(len(client_seeds))]
    for seat, seed in sorted(client_seeds):
        if not 0 <= seat < _UINT32:
            raise ValueError(f"Seat {seat} is out of range.")
        parts += [_u32(seat), _length_prefixed(check_client_seed(seed).encode())]
    return b"".join(parts)


def random_numbers(key: bytes, message: bytes) -> Iterator[int]:
    """The HMAC-SHA256 stream (counter mode) as 32-bit numbers, without end."""
    block = 0
    while True:
        digest = hmac.new(key, message + _u32(block), hashlib.sha256).digest()
        for at in range(0, len(digest), 4):
            yield int.from_bytes(digest[at : at + 4], "big")
        block += 1


def uniform_below(numbers: Iterator[int], n: int) -> int:
    """A number in ``0..n-1`` from the stream, every value equally likely (rejection
    sampling: numbers in the last, incomplete run of ``n`` are thrown away).

    >>> uniform_below(iter([2**32 - 1, 7]), 3)
    1
    """
    limit = _UINT32 - _UINT32 % n
    while (x := next(numbers)) >= limit:
        pass
    return x % n


def fair_deck(
    server_seed: str, client_seeds: Sequence[tuple[int, str]], hand_number: int,
    deck_size: int = 52,
) -> list[str]:
    """The deck of a hand: ``client_seeds`` are (seat, seed) of every dealt-in player, in
    any order (they are taken by seat); ``deck_size``: the game's deck (``starting_deck``).
    See the module docstring for the algorithm."""
    deck = starting_deck(deck_size)
    key = check_server_seed(server_seed)
    numbers = random_numbers(key, deal_message(client_seeds, hand_number))
    for i in range(len(deck) - 1, 0, -1):
        j = uniform_below(numbers, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
