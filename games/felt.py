"""The felt: seats, board and pots in the one shape the browser draws (static/js/felt.js).

The live table (games/projection.py) and the replayer (games/history/replay/replayer.py) both build
their felt here, from the engine's view of a hand for one viewer (``HandState.view``), so a
seat, a pot or a shown hand reads the same live and in history. Which hole cards are in that
view is the engine's one visibility rule (games/engine/visibility.py): nothing here adds a card.

A seat row (``seat_row``) is a chair and its occupant; ``add_hand`` lays that player's part
of the hand on it. ``hand_part`` is the middle of the felt: board, pots, whose turn, results.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engine.deal_order import streets_by_board
from games.engine.games import GAMES
from games.engine.positions import names_for
from games.hand_text import bounty_rows, result_rows, shown_text

Money = Callable[[int], str]  # writes an amount for people ("$1.50"); None: chips as numbers


BOT_NAME_SUFFIX = " (bot)"
"""How every bot's name ends (games/bots/roster.py): no person's nickname can."""


def seat_row(number: int, name: str, stack: int) -> dict[str, Any]:
    """A chair with ``name`` in it and no hand on it yet. ``name_shown`` is what its plate
    says: a bot's name without its suffix, as the plate has a BOT badge instead.

    >>> row = seat_row(3, "ann", 200)
    >>> row["number"], row["player"], row["stack"], row["cards"]
    (3, 'ann', 200, None)
    >>> seat_row(4, "Tess (bot)", 200)["name_shown"]
    'Tess'
    """
    return {
        "number": number,
        "player": name,
        "name_shown": name.removesuffix(BOT_NAME_SUFFIX),
        "stack": stack,
        # The stack before the hand's pots are paid (what an all-in run-out shows until the
        # river is out, static/js/runout.js); the stack itself for a chair out of the hand.
        "stack_before_result": stack,
        "bet": 0,
        "in_hand": False,
        "folded": False,
        "all_in": False,
        "sitting_out": False,
        "waiting": False,
        "posting": False,
        "timed_out": False,
        "straddle_next": False,  # will straddle on the button or under the gun (as allowed)
        "leaving": False,
        "bot": False,
        "left": False,
        "busted": False,
        "rebuy_seconds_left": None,
        "is_button": False,
        "position": "",
        "has_cards": False,
        "cards": None,
        "shown": False,
        "mucked": False,
        "description": None,
        "best_five": None,
    }


def seat_badge(seat: dict[str, Any], live: bool) -> str:
    """The word under a player's name ("" for none), from their seat row; ``live``: a hand
    is being played.

    >>> row = seat_row(2, "ann", 0)
    >>> seat_badge(row, False), seat_badge({**row, "stack": 50, "waiting": True}, False)
    ('Out of chips', 'Waits for BB')
    >>> seat_badge({**row, "stack": 50, "in_hand": True, "all_in": True}, True)
    'All-in'
    """
    if seat["sitting_out"]:
        return "Sitting out (timed out)" if seat["timed_out"] else "Sitting out"
    if seat["busted"] or (seat["stack"] == 0 and not seat["in_hand"]):
        return "Out of chips"
    for flag, word in (("leaving", "Leaving"), ("all_in", "All-in"), ("folded", "Folded"),
                       ("mucked", "Mucked")):
        if seat[flag]:
            return word
    if live and seat["in_hand"]:
        return ""
    if seat["posting"]:
        return "Posts BB next hand"
    if seat["waiting"]:
        return "Waits for BB"
    return "Next hand" if live and not seat["has_cards"] else ""


def add_badges(rows: list[dict[str, Any]], live: bool) -> None:
    """Each row's ``badge``, and ``badge_before_result``: the badge while an all-in run-out
    is shown street by street (static/js/runout.js), before anything is paid: nobody is out
    of chips yet, as that would tell who lost."""
    for row in rows:
        row["badge"] = seat_badge(row, live)
        row["badge_before_result"] = seat_badge(
            {**row, "busted": False, "stack": row["stack_before_result"]}, True)


def positions(engine: dict[str, Any]) -> dict[int, str]:
    """The seats that post, by the position names of the hand histories
    (games/engine/positions.py): "SB", "BB", "BTN"; heads-up the button posts the small
    blind and is named "BTN".

    >>> positions({"button": 1, "small_blind_seat": 1, "big_blind_seat": 2})
    {2: 'BB', 1: 'BTN'}
    >>> positions({"button": 3, "small_blind_seat": 5, "big_blind_seat": 1})
    {5: 'SB', 1: 'BB', 3: 'BTN'}
    """
    button, small, big = engine["button"], engine["small_blind_seat"], engine["big_blind_seat"]
    if small == button:
        return dict(zip((big, button), names_for(2), strict=True))
    return dict(zip((small, big, button), names_for(3), strict=True))


def shown_hands(engine: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The hands shown at showdown, by seat (empty before the hand's result)."""
    result = engine["result"]
    return {shown["seat"]: shown for shown in result["shown"]} if result else {}


def add_hand(
    row: dict[str, Any],
    player: dict[str, Any],
    engine: dict[str, Any],
    shown: dict[int, dict[str, Any]],
) -> None:
    """Lay ``player`` (one of ``engine["players"]``) on their chair's ``row``; ``shown``
    gives the description and best five of hands shown at showdown (``shown_hands``)."""
    shown_hand = shown.get(row["number"], {})
    row.update(
        stack=player["stack"],
        # What they brought less what they put in (uncalled bets back): nothing won yet.
        stack_before_result=player["starting_stack"] - player["committed"],
        bet=player["bet"],
        in_hand=not player["folded"] and not player["mucked"],
        folded=player["folded"],
        all_in=player["all_in"],
        is_button=engine["button"] == row["number"],
        position=positions(engine).get(row["number"], ""),
        has_cards=player["has_cards"],
        cards=player["cards"],  # only what the engine's view let this viewer see
        shown=player["shown"],
        mucked=player["mucked"],
        description=shown_text(shown_hand.get("description") or "", shown_hand.get("low", ""))
        or None,
        best_five=shown_hand.get("best_five"),
    )


def hand_part(
    engine: dict[str, Any], names: dict[int, str], money: Money | None = None
) -> dict[str, Any]:
    """The middle of the felt for ``engine`` (a hand's view): the board, the pots, whose
    turn it is and, once the hand is over, each pot's winners in words."""
    result = engine["result"]
    game = GAMES[engine.get("variant", "NT")]
    return {
        "game": game.code,
        "game_label": game.label,
        "hole_cards": game.hole_cards,  # dealt to each player: the backs the felt draws
        "pot_limit": game.pot_limit,  # the felt offers a pot-size bet
        "bomb_pot": bool(engine.get("bomb_pot")),
        "bounty": engine.get("bounty", 0),  # the 7-2 bounty of this hand (0: off)
        "boards": engine.get("boards", 1),  # 2: a double board (its second board in runs)
        "street": engine["street"],
        # The board's size when each street is out, with its name: an all-in run-out is
        # shown street by street (static/js/runout.js).
        "streets": [[cards, street] for cards, street in streets_by_board()],
        "board": list(engine["board"]),
        # Later runs of the board when it was run twice; the board above is the first.
        "runs": [list(run) for run in engine.get("runs", ())],
        # Seats being asked whether to run it twice, while the hand waits for them.
        "runout_voters": list(engine.get("runout_voters", ())),
        "button": engine["button"],
        "small_blind_seat": engine["small_blind_seat"],
        "big_blind_seat": engine["big_blind_seat"],
        "pots": engine["pots"],
        "total_pot": engine["total_pot"],
        "to_act": engine["actor"],
        "complete": engine["complete"],
        "results": result_rows(result["pots"], names, money) if result else [],
        # The 7-2 bounty's payments, after the pots: who paid whom how much, in words.
        "bounties": bounty_rows(result.get("bounties", ()), names, money) if result else [],
    }
