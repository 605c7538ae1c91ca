"""Who pays whom at the end of a night, in the fewest transfers.

Plain Python and NumPy, no Django. Input: each person's net result in cents (what they won,
positive, or lost, negative), summing to zero. Output: transfers ``(payer, payee, cents)``
after which every balance is exactly zero.

Facts (docs/clubs.md):

- People whose net is zero take part in no transfer.
- Split the others into groups that each sum to zero; a group of k people settles in k - 1
  transfers, so a night with g groups needs n - g transfers, and no fewer: each group of a
  solution's transfer graph (its connected parts) sums to zero, and a part of k people
  needs at least k - 1 edges. The minimum is therefore n minus the largest number of
  zero-sum groups, a partition problem that is NP-hard in general.
- Up to ``EXACT_LIMIT`` (15) people with a non-zero net the largest partition is found
  exactly, by a dynamic programme over the 2**n subsets (about 33,000 for 15, in NumPy).
- Past that a greedy settles: first every debtor and creditor whose amounts match exactly,
  then the largest debtor pays the largest creditor until all is settled. Each transfer
  zeroes at least one balance and the last zeroes two, so never more than n - 1 transfers.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np

EXACT_LIMIT = 15

Person = TypeVar("Person", bound=Hashable)


@dataclass(frozen=True)
class Transfer(Generic[Person]):
    payer: Person
    payee: Person
    cents: int


def check_nets(nets: Mapping[Person, int]) -> None:
    """Refuse nets that are not whole numbers summing to zero, with a sentence saying so.

    >>> check_nets({"ann": 5, "bob": -4})
    Traceback (most recent call last):
    ValueError: the nets sum to 1, not 0: someone's result is missing or wrong
    """
    for person, net in nets.items():
        if not isinstance(net, int | np.integer) or isinstance(net, bool):
            raise ValueError(f"{person}'s net {net!r} is not a whole number of cents")
    total = sum(int(v) for v in nets.values())
    if total != 0:
        raise ValueError(f"the nets sum to {total}, not 0: someone's result is missing or wrong")


def _settle_group(nets: Sequence[tuple[Person, int]]) -> list[Transfer[Person]]:
    """The largest debtor pays the largest creditor until the group is settled: each
    transfer zeroes one balance and the last zeroes two, so at most len(nets) - 1."""
    owed = {i: -v for i, (_, v) in enumerate(nets) if v < 0}
    due = {i: v for i, (_, v) in enumerate(nets) if v > 0}
    transfers: list[Transfer[Person]] = []
    while owed and due:
        d = max(owed, key=lambda i: (owed[i], -i))
        c = max(due, key=lambda i: (due[i], -i))
        paid = min(owed[d], due[c])
        transfers.append(Transfer(nets[d][0], nets[c][0], paid))
        for side, i in ((owed, d), (due, c)):
            side[i] -= paid
            if not side[i]:
                del side[i]
    return transfers


def zero_sum_groups(values: Sequence[int]) -> list[list[int]]:
    """The largest partition of ``values`` (indices into it) into groups summing to zero,
    found exactly over every subset; ``values`` sum to zero and hold no zero.

    >>> zero_sum_groups([5, -5, 3, -1, -2])
    [[0, 1], [2, 3, 4]]
    """
    n = len(values)
    if n == 0:
        return []
    size = 1 << n
    masks = np.arange(size, dtype=np.int64)
    sums = np.zeros(size, dtype=np.int64)
    counts = np.zeros(size, dtype=np.int64)
    for i, value in enumerate(values):
        has = (masks >> i) & 1
        sums += has * int(value)
        counts += has
    zero = (sums == 0).astype(np.int64)
    zero[0] = 0
    # best[mask]: the most zero-sum groups the subset ``mask`` splits into, where groups
    # are read off as the zero-sum prefixes of one order of its members: best over dropping
    # one member, plus one if the subset itself sums to zero.
    best = np.zeros(size, dtype=np.int64)
    for k in range(1, n + 1):
        layer = masks[counts == k]
        top = np.full(len(layer), -1, dtype=np.int64)
        for i in range(n):
            bit = 1 << i
            has = (layer & bit) != 0
            top = np.where(has, np.maximum(top, best[layer ^ bit]), top)
        best[layer] = top + zero[layer]
    # Walk back from everyone: drop a member that keeps the count, and cut a group each
    # time the remaining subset sums to zero.
    groups: list[list[int]] = []
    mask = size - 1
    cut = mask
    while mask:
        if zero[mask] and mask != cut:
            groups.append(_members(cut ^ mask))
            cut = mask
        for i in range(n):
            bit = 1 << i
            if mask & bit and best[mask ^ bit] + zero[mask] == best[mask]:
                mask ^= bit
                break
    groups.append(_members(cut))
    return sorted(groups)


def _members(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _greedy(nets: Sequence[tuple[Person, int]]) -> list[Transfer[Person]]:
    """Exact matches first (a debtor and a creditor with the same amount), then the rest by
    largest debtor to largest creditor."""
    left = list(nets)
    transfers: list[Transfer[Person]] = []
    creditors: dict[int, list[int]] = {}
    for i, (_, v) in enumerate(left):
        if v > 0:
            creditors.setdefault(v, []).append(i)
    done: set[int] = set()
    for i, (person, v) in enumerate(left):
        if v < 0 and creditors.get(-v):
            j = creditors[-v].pop(0)
            transfers.append(Transfer(person, left[j][0], -v))
            done |= {i, j}
    transfers += _settle_group([item for i, item in enumerate(left) if i not in done])
    return transfers


def settle(nets: Mapping[Person, int]) -> list[Transfer[Person]]:
    """The fewest transfers that settle ``nets`` (exact up to ``EXACT_LIMIT`` people with a
    non-zero net, greedy past that), biggest first.

    >>> settle({"ann": 700, "bob": -500, "cat": -200})
    [Transfer(payer='bob', payee='ann', cents=500), Transfer(payer='cat', payee='ann', cents=200)]
    """
    check_nets(nets)
    moving = [(person, int(v)) for person, v in nets.items() if v != 0]
    if len(moving) > EXACT_LIMIT:
        transfers = _greedy(moving)
    else:
        transfers = []
        for group in zero_sum_groups([v for _, v in moving]):
            transfers += _settle_group([moving[i] for i in group])
    return sorted(transfers, key=lambda t: -t.cents)


def is_exact(nets: Mapping[Person, int]) -> bool:
    """Whether ``settle`` finds the proven minimum for these nets (not the greedy)."""
    return sum(1 for v in nets.values() if v != 0) <= EXACT_LIMIT
