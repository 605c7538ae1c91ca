"""Omaha hands: the best five cards made of exactly two hole cards and three board cards.

The facts, written once:

- Omaha deals four hole cards (five- and six-card Omaha: five or six); a hand must use
  exactly two of them with exactly three of the board's cards. With four hole cards and a
  five-card board there are 6 x 10 = 60 choices (five: 100, six: 150).
- The value is a :class:`~evaluator.hands.HandValue` on the hold'em scale (strength 1 to
  7,462, higher is stronger), so an Omaha hand compares with a hold'em hand and with the
  engine's pots exactly as two hold'em hands do.
- A board of three or four cards (the flop, the turn) is scored the same way, from its 1 or
  4 three-card choices.

``evaluate_omaha`` finds the best non-flush value in a table (:mod:`evaluator.omaha_tables`:
board rank multiset x two hole ranks), so four hole cards cost six lookups, not sixty; a
flush is looked for only when three board cards share a suit (otherwise no choice can make
one), among the hole and board cards of that suit. The five cards used are found only when
asked for (``value.best_five``), so a showdown that only compares strengths never pays for
them. ``evaluator.omaha_batch`` scores many hands at once with NumPy.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from evaluator.cards import Card, to_cards
from evaluator.hands import CardInput, HandValue, evaluate
from evaluator.omaha_tables import HOLE_CARDS, HoleTable, PairTable, hole_table, pair_table
from evaluator.tables import SCALAR_RANK_SHIFT, SCALAR_SUIT_SHIFT, tables

HOLE_SIZES: Final = (4, 5, 6)
BOARD_SIZES: Final = (3, 4, 5)
HOLE_USED, BOARD_USED = 2, 3
_CARD_BITS: Final = (1 << 52) - 1
_SEQUENCES: Final = (list, tuple)

# Filled on first use (see _load): the scalar keys, each card's rank, the flush table, the
# suit (if any) of three or more board cards, and each board size's tables (None until a
# board of that size is scored).
_KEYS: dict[Card, int] = {}
_KEY_OF: Final = _KEYS.__getitem__
_RANK_OF: dict[Card, int] = {}
_FLUSH: list[int] = []
_THREE_SUITED: list[int] = []  # board's 3-bit suit counts -> the suit with 3+ cards, or -1
_HOLES: list[HoleTable | None] = [None] * 6
_PAIRS: list[PairTable | None] = [None] * 6
_new: Final = object.__new__


def _load() -> None:
    t = tables()
    _FLUSH[:] = t.flush_list
    # A board has at most five cards, so at most one suit can have three of them.
    _THREE_SUITED[:] = [
        next((s for s in range(4) if (counts >> (3 * s)) & 7 >= BOARD_USED), -1)
        for counts in range(4096)
    ]
    _RANK_OF.update({card: card.id >> 2 for card in t.scalar_keys})
    _KEYS.update(t.scalar_keys)  # last: an empty _KEYS sends evaluate_omaha() the slow way


def _load_holes(board_size: int) -> HoleTable:
    table = _HOLES[board_size] = hole_table(board_size)
    return table


def _load_pairs(board_size: int) -> PairTable:
    table = _PAIRS[board_size] = pair_table(board_size)
    return table


class OmahaValue(HandValue):
    """An Omaha hand's value: a ``HandValue`` that knows the hole cards and board it came
    from, and finds the two-plus-three cards it used only when asked (``cards``).

    >>> value = evaluate_omaha("As Kd 7c 2h", "Qs Js Ts 9s 2s")
    >>> value.describe(), value.best_five
    ('Straight, ace high', (Card('As'), Card('Kd'), Card('Qs'), Card('Js'), Card('Ts')))
    """

    __slots__ = ("hole", "board")

    hole: tuple[Card, ...]
    board: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The five cards used: two of the hole cards, then three of the board's."""
        for pair in combinations(self.hole, HOLE_USED):
            for triple in combinations(self.board, BOARD_USED):
                if evaluate(pair + triple).strength == self.strength:
                    return pair + triple
        raise AssertionError("no two-plus-three choice has this value")  # pragma: no cover


def evaluate_omaha(hole: CardInput, board: CardInput) -> OmahaValue:
    """Score an Omaha hand: 4, 5 or 6 hole cards with a board of 3 to 5 cards, using
    exactly two hole cards and three board cards. A ``ValueError`` names bad input
    (a repeated card, a wrong number of cards).

    >>> evaluate_omaha("Ah Ad Kc Qd", "As Ks 7h 7d 2c").describe()
    'Full house, aces full of sevens'
    >>> evaluate_omaha("Ah 2d 3c 4d", "Kh Qh Jh Th 5h").describe()  # one heart, one ace
    'High card, ace, king-queen-jack-four'
    """
    if type(hole) not in _SEQUENCES or type(board) not in _SEQUENCES:
        return _evaluate_checked(hole, board)
    try:  # the fast path: lists or tuples of Cards
        hole_keys = list(map(_KEY_OF, hole))  # type: ignore[arg-type]
        board_keys = list(map(_KEY_OF, board))  # type: ignore[arg-type]
    except (KeyError, TypeError):
        return _evaluate_checked(hole, board)
    n_hole, n_board = len(hole_keys), len(board_keys)
    hole_total, board_total = sum(hole_keys), sum(board_keys)
    if (
        ((hole_total + board_total) & _CARD_BITS).bit_count() != n_hole + n_board  # a repeat
        or n_hole not in HOLE_SIZES  # carries, so its sum has fewer bits than cards
        or n_board not in BOARD_SIZES
    ):
        return _evaluate_checked(hole, board)  # raises, naming the problem
    if n_hole == HOLE_CARDS:  # one lookup: board ranks x hole ranks
        holes = _HOLES[n_board] or _load_holes(n_board)
        strength = holes.best[
            holes.rows[board_total >> SCALAR_RANK_SHIFT]
            + holes.columns[hole_total >> SCALAR_RANK_SHIFT]
        ]
    else:  # the best of the hole's pairs, each with the board's ranks
        pairs = _PAIRS[n_board] or _load_pairs(n_board)
        start, best = pairs.rows[board_total >> SCALAR_RANK_SHIFT], pairs.best
        ranks = list(map(_RANK_OF.__getitem__, hole))  # type: ignore[arg-type]
        strength = max([best[start + 13 * a + b] for a, b in combinations(ranks, 2)])
    # A flush needs three board cards of a suit and two hole cards of it.
    suit = _THREE_SUITED[(board_total >> SCALAR_SUIT_SHIFT) & 0xFFF]
    if suit >= 0 and (hole_total >> (SCALAR_SUIT_SHIFT + 3 * suit)) & 7 >= HOLE_USED:
        strength = max(strength, _best_flush(hole_keys, board_keys, suit))
    value: OmahaValue = _new(OmahaValue)
    value.strength = strength
    value.hole = tuple(hole)  # type: ignore[arg-type]
    value.board = tuple(board)  # type: ignore[arg-type]
    return value


def _best_flush(hole_keys: Sequence[int], board_keys: Sequence[int], suit: int) -> int:
    """The best flush (or straight flush) of ``suit`` using two hole and three board cards
    of that suit (the caller knows there are enough)."""
    low = 13 * suit  # a key's bits 13 * suit .. + 12 hold the card's rank bit in its suit
    hole_bits = [bit for key in hole_keys if (bit := (key >> low) & 0x1FFF)]
    board_bits = [bit for key in board_keys if (bit := (key >> low) & 0x1FFF)]
    flush = _FLUSH
    triples = [a | b | c for a, b, c in combinations(board_bits, 3)]
    return max([flush[a | b | t] for a, b in combinations(hole_bits, 2) for t in triples])


def _evaluate_checked(hole: CardInput, board: CardInput) -> OmahaValue:
    """evaluate_omaha() for any input: loads the tables, reads the cards, names what is
    wrong."""
    if not _KEYS:
        _load()
    hole_cards, board_cards = to_cards(hole), to_cards(board)
    if len(hole_cards) not in HOLE_SIZES:
        raise ValueError(f"an Omaha hand has 4, 5 or 6 hole cards, got {len(hole_cards)}")
    if len(board_cards) not in BOARD_SIZES:
        raise ValueError(f"an Omaha board has 3 to 5 cards, got {len(board_cards)}")
    seen: set[Card] = set()
    for card in hole_cards + board_cards:
        if card in seen:
            raise ValueError(f"duplicate card: {card}")
        seen.add(card)
    return evaluate_omaha(hole_cards, board_cards)
