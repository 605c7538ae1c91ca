"""The 7-2 bounty (the "seven-deuce game" of home games), paid once the pots are.

The rule, as this engine applies it (the home-game sites word it as "the winner of a pot
holding 7-2 who shows it collects the bounty from every player dealt in"):

- It is set per hand (``start_hand(..., bounty=chips)``; 0 is off) and only for hold'em:
  the hand's hole cards must be exactly one seven and one deuce, any suits.
- A player qualifies when they won chips from at least one pot (a whole pot, a side pot, a
  share of a split, a share on either board of a hand run twice) with 7-2 and their cards
  are shown. At a showdown that is every winner (winners always show); a player who takes
  the pot uncontested with 7-2 shows it to claim the bounty (games/engine/showdown.py:
  nobody declines it, so the table does not ask; the bluff the game rewards is shown).
- A split is a win: a 7-2 that chops a pot collects the whole bounty. Two qualifying 7-2
  hands (a chop, or the winners of different pots) each collect from every other player,
  each other included.
- Each other player dealt into the hand pays, folded or not, after the pots are paid:
  ``min(bounty, their stack at that moment)``, so nobody pays more than they have left. A
  payer with nothing left pays nothing (no event). Collectors are paid in position order
  (first left of the button first), and each one's payers in position order from the
  collector's left; a payer short for two collectors pays the first in full.
- Chips only move between players, and every payment is an event (``EventKind.BOUNTY``:
  ``seat`` collects ``amount`` from ``payer``) and a ``HandResult.bounties`` row.
"""

from __future__ import annotations

from games.engine.hand import HandData
from games.engine.types import BountyPayment, EventKind, PotResult

BOUNTY_RANKS = frozenset({"7", "2"})
BOUNTY_TEXT = "7-2 bounty"


def is_seven_deuce(hole: tuple[str, ...]) -> bool:
    """Whether hole cards are exactly a seven and a deuce (any suits).

    >>> is_seven_deuce(("7h", "2c")), is_seven_deuce(("2s", "7s")), is_seven_deuce(("7h", "7c"))
    (True, True, False)
    >>> is_seven_deuce(("7h", "2c", "Kd", "Qs"))  # four cards: not hold'em
    False
    """
    return len(hole) == 2 and {card[0] for card in hole} == BOUNTY_RANKS


def collectors(hand: HandData, pots: list[PotResult]) -> list[int]:
    """Indices (position order) of the players who collect the bounty: won chips from a
    pot with a shown 7-2."""
    won = {seat for pot in pots for seat, share in zip(pot.winners, pot.shares, strict=True)
           if share > 0}
    return [i for i, p in enumerate(hand.players)
            if p.seat in won and p.shown and is_seven_deuce(p.hole)]


def pay_bounties(hand: HandData, pots: list[PotResult]) -> tuple[BountyPayment, ...]:
    """Move the bounty from every other player to each collector (see the module
    docstring), recording one event per payment; the payments, in order.

    >>> from games.engine.hand import PlayerState
    >>> from games.engine.setup import HandSetup
    >>> from games.engine.types import TableConfig
    >>> hand = HandData(TableConfig(1, 2), [PlayerState(1, "a", 50, 90, ("7h", "2c"), shown=True),
    ...                 PlayerState(2, "b", 50, 6), PlayerState(3, "c", 50, 4)], 3, (),
    ...                 HandSetup(bounty=5))
    >>> pay_bounties(hand, [PotResult(0, 40, (1, 2), (1,), (40,))])
    (BountyPayment(collector=1, payer=2, amount=5), BountyPayment(collector=1, payer=3, amount=4))
    >>> hand.stacks()
    {1: 99, 2: 1, 3: 0}
    """
    if hand.bounty <= 0:
        return ()
    paid: list[BountyPayment] = []
    n = len(hand.players)
    for i in collectors(hand, pots):
        collector = hand.players[i]
        for k in range(1, n):
            payer = hand.players[(i + k) % n]
            amount = min(hand.bounty, payer.stack)
            if amount <= 0:
                continue
            payer.stack -= amount
            collector.stack += amount
            hand.record(EventKind.BOUNTY, collector.seat, amount, payer=payer.seat,
                        text=BOUNTY_TEXT)
            paid.append(BountyPayment(collector.seat, payer.seat, amount))
    return tuple(paid)
