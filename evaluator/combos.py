"""All k-subsets of range(n) as a NumPy array, built vectorised and cached."""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np
import numpy.typing as npt


@lru_cache(maxsize=16)
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
        # Start with every first element that leaves room for k - 1 more, then extend.
        columns = [np.arange(n - k + 1, dtype=np.int64)]
        for position in range(1, k):
            last = columns[-1]
            room = n - k + position - last  # choices for the next element: last+1 .. n-k+pos
            total = int(room.sum())
            starts = np.repeat(np.cumsum(room) - room, room)
            offsets = np.arange(total, dtype=np.int64) - starts
            columns = [np.repeat(c, room) for c in columns]
            columns.append(columns[-1] + 1 + offsets)
        result = np.stack(columns).astype(np.uint8)
    assert result.shape[1] == comb(n, k)
    result.setflags(write=False)
    return result
