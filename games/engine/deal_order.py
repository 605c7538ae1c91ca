"""The order a deck is dealt in, written once for the engine, hand imports and masked replays.

One card at a time to each player, starting left of the button, round the table once per
hole card (twice in hold'em, four times in Omaha); then a burn, the three flop cards, a
burn, the turn, a burn, the river. A hand of ``n`` players with ``k`` hole cards each uses
the first ``k * n + 8`` cards of the deck; the rest are never seen.

>>> hole_positions(2)
((0, 2), (1, 3))
>>> street_positions(2)[Street.FLOP], board_positions(2), cards_needed(2)
((5, 6, 7), (5, 6, 7, 9, 11), 12)
>>> hole_positions(2, 4), cards_needed(2, 4)
(((0, 2, 4, 6), (1, 3, 5, 7)), 16)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.engine.cards import UNKNOWN
from games.engine.types import Street

STREET_CARDS: Final = {Street.FLOP: 3, Street.TURN: 1, Street.RIVER: 1}
"""The board cards of each street, in the order dealt; each street comes after a burn."""


def streets_by_board() -> list[tuple[int, str]]:
    """How many board cards are out once each street is dealt, with the street's name.

    >>> streets_by_board()
    [(3, 'flop'), (4, 'turn'), (5, 'river')]
    """
    out, streets = 0, []
    for street, count in STREET_CARDS.items():
        out += count
        streets.append((out, street.value))
    return streets


def hole_positions(players: int, cards: int = 2) -> tuple[tuple[int, ...], ...]:
    """Where each player's hole cards are in the deck, the player left of the button first."""
    return tuple(tuple(k * players + i for k in range(cards)) for i in range(players))


def street_positions(players: int, hole_cards: int = 2) -> dict[Street, tuple[int, ...]]:
    """Where each street's board cards are in the deck (the burns are the places skipped)."""
    positions: dict[Street, tuple[int, ...]] = {}
    after = hole_cards * players  # the first card after the hole cards
    for street, count in STREET_CARDS.items():
        after += 1  # the burn
        positions[street] = tuple(range(after, after + count))
        after += count
    return positions


def board_positions(players: int, hole_cards: int = 2) -> tuple[int, ...]:
    """Where the five board cards are in the deck, flop first."""
    return tuple(p for cards in street_positions(players, hole_cards).values() for p in cards)


def cards_needed(players: int, hole_cards: int = 2, boards: int = 1) -> int:
    """How many cards of the deck a hand of ``players`` uses, burns included (``boards``:
    2 for a double-board hand, whose second board follows the first in the deck)."""
    if boards == 2:
        return second_board_positions(players, hole_cards)[Street.RIVER][-1] + 1
    return board_positions(players, hole_cards)[-1] + 1


def second_board_positions(players: int, hole_cards: int = 2) -> dict[Street, tuple[int, ...]]:
    """Where the second board of a double-board hand is in the deck: dealt street by street
    with the first, from the cards after the first board's river (each street after a
    burn), the places a board run again from the flop would take.

    >>> second_board_positions(2)[Street.FLOP], cards_needed(2, boards=2)
    ((13, 14, 15), 20)
    """
    return rerun_positions(players, hole_cards, list(STREET_CARDS), 1)


def rerun_positions(
    players: int, hole_cards: int, streets: Sequence[Street], run: int
) -> dict[Street, tuple[int, ...]]:
    """Where a board run again is in the deck: run 1 (the second board) deals ``streets``
    (those still to come when the betting ended) from the cards after the river, each after
    a burn as usual; run 2 from the cards after that, and so on.

    >>> rerun_positions(2, 2, [Street.TURN, Street.RIVER], 1)
    {<Street.TURN: 'turn'>: (13,), <Street.RIVER: 'river'>: (15,)}
    """
    after = cards_needed(players, hole_cards)
    after += (run - 1) * sum(1 + STREET_CARDS[s] for s in streets)
    positions: dict[Street, tuple[int, ...]] = {}
    for street in streets:
        after += 1  # the burn
        positions[street] = tuple(range(after, after + STREET_CARDS[street]))
        after += STREET_CARDS[street]
    return positions


def deck_that_deals(
    holes: Sequence[Sequence[str]],
    board: Sequence[str],
    size: int | None = None,
    runs: Sequence[Sequence[str]] = (),
) -> list[str]:
    """A deck of ``size`` cards (at least what the hand needs) that deals ``holes`` (the same
    number of cards for each player, two in hold'em and four in Omaha, the player left of
    the button first) and then ``board`` (up to five cards); every other place, burns
    included, is unknown ("??"). ``runs`` are the other boards of a hand whose board was run
    more than once (``HandState.runs``: whole boards, sharing the cards dealt before the
    betting ended), placed where ``rerun_positions`` says.

    >>> deck_that_deals([["As", "Kd"], ["7c", "7d"]], ["2c", "3c", "4c"])
    ['As', '7c', 'Kd', '7d', '??', '2c', '3c', '4c', '??', '??', '??', '??']
    >>> deck_that_deals([["As", "Kd"], ["7c", "7d"]], ["2c", "3c", "4c", "5c", "6c"],
    ...                 runs=[["2c", "3c", "4c", "8h", "9h"]])[12:]
    ['??', '8h', '??', '9h']
    """
    players = len(holes)
    count = len(holes[0]) if holes else 2
    if any(len(hole) != count for hole in holes):
        raise ValueError("Every player must be dealt the same number of hole cards.")
    places = board_positions(players, count)
    if len(board) > len(places):
        raise ValueError(f"A board has {len(places)} cards at most, not {len(board)}.")
    deck = [UNKNOWN] * max(size or 0, cards_needed(players, count))
    for positions, hole in zip(hole_positions(players, count), holes, strict=True):
        for position, card in zip(positions, hole, strict=True):
            deck[position] = card
    for position, card in zip(places, board, strict=False):
        deck[position] = card
    for run, cards in enumerate(runs, start=1):
        shared = next(k for k, (a, b) in enumerate(zip(board, cards, strict=True)) if a != b)
        streets = [s for s, n in zip(STREET_CARDS, (0, 3, 4), strict=True) if n >= shared]
        again = rerun_positions(players, count, streets, run)
        dealt = [p for street in streets for p in again[street]]
        deck += [UNKNOWN] * (dealt[-1] + 1 - len(deck))
        # A double board's second board stops where the hand did (strict=False).
        for position, card in zip(dealt, cards[shared:], strict=False):
            deck[position] = card
    return deck
