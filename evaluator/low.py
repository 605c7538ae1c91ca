"""Eight-or-better lows: the low half of Omaha hi/lo (and any hi/lo game with a board).

The facts, written once:

- A low is five cards of five different ranks, all eight or lower, the ace counting low
  (A, 2, ..., 8). Straights and flushes do not count against a low (5-4-3-2-A is the best
  low, "the wheel"); a pair disqualifies the paired cards, and a hand with no five distinct
  ranks of eight or lower has no low ("no qualifying low").
- Lows compare highest card first: 8-6-4-2-A beats 8-7-3-2-A, and loses to 7-6-5-4-3.
  There are C(8, 5) = 56 distinct lows; over all 2,598,960 five-card hands, each low is
  made by 4^5 = 1,024 of them (57,344 in all), and 2,541,616 hands have none.
- A low is a set of five ranks, kept as an 8-bit mask (bit 0 the ace, bit 7 the eight).
  Two sets of five ranks compare highest card first exactly as their masks compare as
  integers, so the best low is the smallest mask; ``LowValue.strength`` is ``256 - mask``
  (higher is stronger, like every strength in the evaluator), from 8 for 8-7-6-5-4 to 194
  for the wheel.
- In Omaha the low uses exactly two hole cards and three board cards, like the high. Only
  the sets of low ranks in the hole and on the board matter, so the best low of every
  (hole ranks, board ranks) pair of masks is one table of 256 x 256 entries, built once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from typing import Any, Final

from evaluator.cards import Card, to_cards

LOW_RANKS: Final = "A2345678"
"""The ranks a low may use, the ace lowest: bit ``i`` of a mask is ``LOW_RANKS[i]``."""
LOW_CARDS: Final = 5
LOWS: Final = 56
"""How many distinct eight-or-better lows there are."""
NO_LOW: Final = 0
"""The table's entry for no qualifying low (no five-rank mask is zero)."""


def low_bit(card: Card) -> int:
    """The card's bit in a low mask, or 0 for a nine or higher (``card.rank``: 0 is a deuce,
    12 an ace).

    >>> low_bit(Card("Ah")), low_bit(Card("2c")), low_bit(Card("8d")), low_bit(Card("9s"))
    (1, 2, 128, 0)
    """
    rank = card.rank
    if rank == 12:
        return 1
    return 1 << (rank + 1) if rank <= 6 else 0


def describe_low(mask: int) -> str:
    """The low a five-rank mask names, highest card first.

    >>> describe_low(0b10101011)
    '8-6-4-2-A low'
    """
    ranks = [LOW_RANKS[i] for i in range(7, -1, -1) if mask >> i & 1]
    return "-".join(ranks) + " low"


@dataclass(frozen=True, order=True)
class LowValue:
    """A qualifying low: ``strength`` (higher is stronger), the ranks ``mask`` and the five
    cards used, for people: ``describe()``.

    >>> a, b = evaluate_low("8c 6d 4h 2s Ac"), evaluate_low("8c 7d 3h 2s Ac")
    >>> a > b, a.describe()
    (True, '8-6-4-2-A low')
    """

    strength: int
    mask: int
    best_five: tuple[Card, ...] = ()

    def describe(self) -> str:
        return describe_low(self.mask)


def _masks(size: int) -> list[int]:
    return [sum(1 << i for i in chosen) for chosen in combinations(range(8), size)]


def all_lows() -> list[int]:
    """Every low's mask, the best (the wheel) first.

    >>> lows = all_lows()
    >>> len(lows), describe_low(lows[0]), describe_low(lows[-1])
    (56, '5-4-3-2-A low', '8-7-6-5-4 low')
    """
    return sorted(_masks(LOW_CARDS))


@cache
def omaha_low_table() -> tuple[int, ...]:
    """Best low mask (or ``NO_LOW``) for hole low-rank mask ``h`` and board low-rank mask
    ``b`` at ``256 * h + b``: two ranks of the hole and three others of the board.

    >>> t = omaha_low_table()
    >>> describe_low(t[256 * 0b11 + 0b11100])   # A2 in the hole, 3-4-5 on the board
    '5-4-3-2-A low'
    >>> t[256 * 0b11 + 0b111] == NO_LOW   # the board's A-2-3 pair the hole's A and 2
    True
    """
    import numpy as np

    best = np.full((256, 256), 256, dtype=np.int16)  # 256: no low yet
    for pair in _masks(2):
        for triple in _masks(3):
            if not pair & triple:
                best[pair, triple] = pair | triple
    # A mask holding more ranks can use any of its subsets: spread each minimum to every
    # superset, one bit (and one axis) at a time.
    masks = np.arange(256)
    for bit in (1 << i for i in range(8)):
        has = masks[masks & bit != 0]
        best[has, :] = np.minimum(best[has, :], best[has ^ bit, :])
        best[:, has] = np.minimum(best[:, has], best[:, has ^ bit])
    best[best == 256] = NO_LOW
    return tuple(int(v) for v in best.ravel())


def _cards_for(mask: int, cards: list[Card]) -> tuple[Card, ...]:
    """One card of each rank of ``mask`` from ``cards``."""
    chosen: dict[int, Card] = {}
    for card in cards:
        bit = low_bit(card)
        if bit & mask and bit not in chosen:
            chosen[bit] = card
    return tuple(chosen.values())


def _value(mask: int, hole: list[Card], board: list[Card]) -> LowValue:
    """The low of ``mask`` with its cards: two of the hole's ranks, the rest the board's."""
    board_bits = {low_bit(c) for c in board}
    for a, b in combinations({low_bit(c) for c in hole} & {1 << i for i in range(8)}, 2):
        rest = mask & ~(a | b)
        if a & mask and b & mask and all(
            bit in board_bits for bit in (1 << i for i in range(8)) if rest & bit
        ):
            used = _cards_for(a | b, hole) + _cards_for(rest, board)
            return LowValue(256 - mask, mask, tuple(sorted(used, key=low_bit, reverse=True)))
    raise AssertionError("the table's low has no two-plus-three split")  # pragma: no cover


def evaluate_omaha_low(hole: object, board: object) -> LowValue | None:
    """The best eight-or-better low of exactly two hole cards and three board cards, or None
    when there is none. Cards as ``to_cards`` reads them; a ``ValueError`` names bad input.

    >>> evaluate_omaha_low("As 2d Kc Kd", "3h 5c 8s Qd Jh").describe()
    '8-5-3-2-A low'
    >>> evaluate_omaha_low("As 2d Kc Kd", "3h 3c 8s Qd Jh") is None   # two low board ranks
    True
    >>> [str(c) for c in evaluate_omaha_low("As 2d 3c 4d", "Ah 2h 6h 7h Kh").best_five]
    ['6h', '4d', '3c', '2h', 'Ah']
    """
    hole_cards, board_cards = to_cards(hole), to_cards(board)
    if len(set(hole_cards + board_cards)) != len(hole_cards) + len(board_cards):
        raise ValueError("a card appears twice in the hole cards and board")
    if len(board_cards) < 3 or len(hole_cards) < 2:
        raise ValueError("a low needs two hole cards and three board cards")
    hole_mask = board_mask = 0
    for card in hole_cards:
        hole_mask |= low_bit(card)
    for card in board_cards:
        board_mask |= low_bit(card)
    mask = omaha_low_table()[256 * hole_mask + board_mask]
    if mask == NO_LOW:
        return None
    return _value(mask, hole_cards, board_cards)


def evaluate_low(cards: object) -> LowValue | None:
    """The eight-or-better low of exactly five cards, or None.

    >>> evaluate_low("5s 4s 3s 2s As").describe()   # a straight flush is the best low
    '5-4-3-2-A low'
    >>> evaluate_low("8c 8d 4h 2s Ac") is None      # a pair: four low ranks only
    True
    """
    five = to_cards(cards)
    if len(five) != LOW_CARDS:
        raise ValueError(f"a low is five cards, got {len(five)}")
    mask = 0
    for card in five:
        mask |= low_bit(card)
    if mask.bit_count() != LOW_CARDS or any(low_bit(c) == 0 for c in five):
        return None
    return LowValue(256 - mask, mask, tuple(sorted(five, key=low_bit, reverse=True)))


def evaluate_omaha_low_batch(holes: Any, boards: Any) -> Any:
    """Low strengths (``LowValue.strength``; 0 for no qualifying low) of many Omaha hands at
    once: ``holes`` (n, h) and ``boards`` (n, b) card ids (0..51), NumPy arrays.

    >>> import numpy as np
    >>> from evaluator.cards import Card
    >>> ids = lambda text: [Card(c).id for c in text.split()]
    >>> holes = np.array([ids("As 2d Kc Kd"), ids("Kh Qh Jc Jd")])
    >>> boards = np.array([ids("3h 5c 8s Qd Jh")] * 2)
    >>> evaluate_omaha_low_batch(holes, boards).tolist() == [
    ...     evaluate_omaha_low("As 2d Kc Kd", "3h 5c 8s Qd Jh").strength, 0]
    True
    """
    import numpy as np

    bits = _batch_arrays()
    table, bit_of = bits
    hole_masks = np.bitwise_or.reduce(bit_of[holes], axis=1)
    board_masks = np.bitwise_or.reduce(bit_of[boards], axis=1)
    masks = table[hole_masks.astype(np.int64) * 256 + board_masks]
    return np.where(masks == NO_LOW, 0, 256 - masks).astype(np.int16)


@cache
def _batch_arrays() -> tuple[Any, Any]:
    """The low table and each card id's low bit, as NumPy arrays."""
    import numpy as np

    from evaluator.cards import DECK

    table = np.array(omaha_low_table(), dtype=np.int16)
    bit_of = np.array([low_bit(card) for card in DECK], dtype=np.int16)
    return table, bit_of
