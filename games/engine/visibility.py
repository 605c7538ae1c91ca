"""What one viewer may see of a hand: the visibility rule and the engine's view for one seat.

A player sees their own hole cards; everyone sees public facts, and others' cards only once
shown at showdown. Mucked cards, the deck and cards not yet dealt are never included.
``visible_seats`` is the rule for hole cards; ``view_for`` is what ``HandState.view(seat)``
returns. (Named "visibility" rather than "view": in this Django project a view is a page.)
"""

from __future__ import annotations

from typing import Any

from games.engine.betting import legal_actions
from games.engine.hand import HandData
from games.engine.pots import pot_views


def current_pots(hand: HandData) -> list[dict[str, Any]]:
    """Pots from the chips collected on earlier streets (bets in front not included)."""
    levels, dead = hand.pot_contributions(bets=False)
    return pot_views(
        levels, [not p.folded for p in hand.players], [p.seat for p in hand.players], dead
    )


def chips_now(hand: HandData) -> dict[str, Any]:
    """The chips as they stand, all public: each seat's ``stack``, ``bet`` (in front),
    ``committed`` (put in this hand) and ``all_in``; the ``pots`` and the ``total_pot``, as
    the view has them. The replayer takes one after every event (``HandData.observer``).

    >>> from games.engine import TableConfig, SeatInput, start_hand, FULL_DECK
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100)],
    ...                FULL_DECK, button=1)
    >>> now = chips_now(s)
    >>> now["seats"][1]["stack"], now["seats"][2]["bet"], now["total_pot"]
    (99, 2, 3)
    """
    return {
        "seats": {
            p.seat: {"stack": p.stack, "bet": p.bet, "committed": p.committed,
                     "all_in": p.all_in}
            for p in hand.players
        },
        "pots": current_pots(hand),
        "total_pot": hand.total_pot,
    }


def visible_seats(hand: HandData, seat: int | None) -> frozenset[int]:
    """Seats whose hole cards the player in ``seat`` (None: the public) may see: their own,
    and every hand shown at showdown. The one rule for the live table (``view_for``, and so
    games/projection.py), the replayer, share links and exports (games/history/masking.py).

    >>> from games.engine import TableConfig, SeatInput, Action, ActionKind, replay, FULL_DECK
    >>> s = replay(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100)],
    ...            FULL_DECK, [Action(1, ActionKind.FOLD)], button=1)
    >>> sorted(visible_seats(s, 2)), sorted(visible_seats(s, None))
    ([2], [])
    """
    return frozenset(p.seat for p in hand.players if p.shown or p.seat == seat)


def view_for(hand: HandData, seat: int | None) -> dict[str, Any]:
    """The hand as the player in ``seat`` (None: a spectator) may see it.

    >>> from games.engine import TableConfig, SeatInput, start_hand, FULL_DECK
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100)],
    ...                FULL_DECK, button=1)
    >>> [p["cards"] for p in view_for(s, 2)["players"]]
    [['2c', '2h'], None]
    """
    players = []
    visible = visible_seats(hand, seat)
    for p in hand.players:
        players.append(
            {
                "seat": p.seat,
                "player_id": p.player_id,
                "starting_stack": p.starting_stack,
                "stack": p.stack,
                "bet": p.bet,
                "committed": p.committed,
                "folded": p.folded,
                "all_in": p.all_in,
                "shown": p.shown,
                "mucked": p.mucked,
                "has_cards": not p.folded and not p.mucked,
                "cards": list(p.hole) if p.seat in visible else None,
            }
        )
    legal = legal_actions(hand)
    events = [
        e.to_dict() if (e.is_private and e.seat == seat) else e.public_dict
        for e in hand.events
    ]
    return {
        "variant": hand.config.game.code,  # the game dealt: "NT" or "PO"
        # A ranking other than the usual high hand (short deck's), by its value (games.py).
        **({"ranking": hand.game.ranking.value} if hand.game.ranking != "high" else {}),
        **({"bomb_pot": True} if hand.bomb_pot else {}),  # antes only, dealt to the flop
        **({"bounty": hand.bounty} if hand.bounty else {}),  # the 7-2 bounty, in chips
        "button": hand.button,
        "small_blind_seat": hand.small_blind_seat,
        "big_blind_seat": hand.big_blind_seat,
        "street": hand.street.value,
        "board": list(hand.board),
        **({"runs": [list(r) for r in hand.runs]} if hand.runs else {}),  # run it twice
        **({"boards": hand.boards} if hand.boards != 1 else {}),  # a double board's runs
        # Seats asked whether to run the board again, while the hand waits for them.
        **({"runout_voters": list(hand.runout_voters)} if hand.runout_voters else {}),
        "players": players,
        "pots": current_pots(hand),
        "total_pot": hand.total_pot,
        "actor": hand.actor,
        "legal": legal.to_dict() if legal is not None and legal.seat == seat else None,
        "complete": hand.is_complete,
        "result": hand.result.to_dict() if hand.result is not None else None,
        "events": events,
    }
