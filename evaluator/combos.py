"""All k-subsets of range(n) as a NumPy array, built vectorised and cached."""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import numpy.typing as npt


@lru_cache(maxsize=4)
def combinations_array(n: int, k: int) -> npt.NDArray[np.uint8]:
    """Every k-subset of ``range(n)`` in lexicographic order, as a (k, C(n, k)) uint8 array.

    Column-major (one contiguous row per position) because the callers gather by position.
    The result is cached and read-only.

    >>> combinations_array(4, 2).T.tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if not 0 <= k <= n <= 255:
        raise ValueError(f"need 0 <= k <= n <= 255, got n={n}, k={k}")
    if k == 0:
        result = np.zeros((0, 1), dtype=np.uint8)
    else:
        # Start with every first element that leaves room for k - 1 more, then extend: a
        # combination ending in `last` at position p has n - k + p - last choices next.
        columns = [np.arange(n - k + 1, dtype=np.uint8)]
        for position in range(1, k):
            room = (n - k + position) - columns[-1].astype(np.int32)
            starts = np.repeat((np.cumsum(room) - room).astype(np.int32), room)
            offsets = np.arange(len(starts), dtype=np.int32) - starts
            columns = [np.repeat(c, room) for c in columns]
            columns.append((columns[-1] + 1 + offsets).astype(np.uint8))
        result = np.stack(columns)
    assert result.shape[1] == comb(n, k)
    result.setflags(write=False)
    return result
