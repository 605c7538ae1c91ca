"""Position names at a table of two to ten players: SB, BB, UTG... CO, BTN.

Players in position order (the engine's: first left of the button, the button last). The
blinds are the first two; the button is last; from the big blind on: UTG, UTG+1, UTG+2, MP,
MP+1, then HJ and CO just before the button. Heads-up the button is the small blind ("BTN")
and the other player the big blind.
"""

from __future__ import annotations

from games.engine import HandState

EARLY = ["UTG", "UTG+1", "UTG+2", "MP", "MP+1"]
ORDER = ["SB", "BB", *EARLY, "HJ", "CO", "BTN"]


def names_for(count: int) -> list[str]:
    """Position names in position order for ``count`` players.

    >>> names_for(2), names_for(4), names_for(6)
    (['BB', 'BTN'], ['SB', 'BB', 'CO', 'BTN'], ['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN'])
    >>> names_for(10)
    ['SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'MP', 'MP+1', 'HJ', 'CO', 'BTN']
    """
    if count == 2:
        return ["BB", "BTN"]
    middle = count - 3  # between the big blind and the button
    late = ["HJ", "CO"][-middle:] if middle else []
    early = EARLY[: max(0, middle - 2)]
    return ["SB", "BB", *early, *late, "BTN"]


def positions(state: HandState) -> dict[int, str]:
    """Seat -> position name for a hand.

    >>> from games.engine import TableConfig, SeatInput, start_hand, FULL_DECK
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(k, k, 100) for k in (1, 3, 5)],
    ...                FULL_DECK, button=5)
    >>> positions(s)
    {1: 'SB', 3: 'BB', 5: 'BTN'}
    """
    return dict(zip(state.seats, names_for(len(state.players)), strict=True))
