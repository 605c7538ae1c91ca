"""What a bot decides to do: every style returns one (games/bots/styles.py).

>>> from games.engine.types import ActionKind
>>> Decision(ActionKind.RAISE, 6)
Decision(kind=<ActionKind.RAISE: 'raise'>, amount=6)
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.types import ActionKind


@dataclass(frozen=True)
class Decision:
    """What a bot does: ``amount`` is the "to" total for BET and RAISE, else None."""

    kind: ActionKind
    amount: int | None = None
