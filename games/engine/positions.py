"""Position names at a table of two to ten players: the one vocabulary of the felt, the hand
histories and the coach.

Players in position order (the engine's: first left of the button, the button last). The
blinds are the first two; the button is last. Counted back from the button: CO, HJ and, from
seven players on, LJ (the lojack); the first to act after the big blind is UTG, and any seats
between UTG and the LJ are UTG+1, UTG+2... Heads-up the button is the small blind ("BTN")
and the other player the big blind.
"""

from __future__ import annotations

from games.engine.state import HandState

# Every name, in position order at a full ten-handed table.
ORDER = ["SB", "BB", "UTG", "UTG+1", "UTG+2", "UTG+3", "LJ", "HJ", "CO", "BTN"]


def names_for(count: int) -> list[str]:
    """Position names in position order for ``count`` players.

    >>> names_for(2), names_for(4), names_for(6)
    (['BB', 'BTN'], ['SB', 'BB', 'CO', 'BTN'], ['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN'])
    >>> names_for(9)
    ['SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN']
    """
    if count == 2:
        return ["BB", "BTN"]
    middle = count - 3  # between the big blind and the button
    near = ["HJ", "CO"][-middle:] if middle else []
    if middle >= 4:
        near = ["LJ", *near]
    early = [f"UTG+{k}" if k else "UTG" for k in range(middle - len(near))]
    return ["SB", "BB", *early, *near, "BTN"]


def positions(state: HandState) -> dict[int, str]:
    """Seat -> position name for a hand.

    >>> from games.engine import TableConfig, SeatInput, start_hand, FULL_DECK
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(k, k, 100) for k in (1, 3, 5)],
    ...                FULL_DECK, button=5)
    >>> positions(s)
    {1: 'SB', 3: 'BB', 5: 'BTN'}
    """
    return dict(zip(state.seats, names_for(len(state.players)), strict=True))
