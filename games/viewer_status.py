"""The words a viewer of a live table reads about where they stand: one status line per state.

Pages draw these as they are (static/js/status.js): the server decides what each viewer is
told, from the facts of the view itself, so the line never disagrees with the felt. A
state's line may hold ``{seconds}``, a countdown the page runs down from
``rebuy_seconds_left``. Everything here is built from the public view plus the viewer's own
``you``, so it holds nothing another viewer may not know.

The states, first match wins:

==================  =====================================================================
``closing``         the table was closed during a hand: it plays to its end
``closed``          closed for good: stacks went back to bankrolls
``waiting_approval`` you asked for a seat; the host has not answered yet
``busted``          out of chips: rebuy within the countdown or the seat is freed
``sitting_out``     seated, dealt out until you sit back in
``waiting_start``   the host has not started the game yet
``paused``          paused (by the host or staff): no new hand until it is resumed
``seated``          seated and playing (or about to)
``spectator``       watching
==================  =====================================================================
"""

from __future__ import annotations

from typing import Any

from games.engine.lineup import PLAYERS_TO_DEAL

_COUNTS = {2: "two", 3: "three"}
# Between hands with no deal planned: what the table waits for (the deal's own rule).
WAITING_FOR_PLAYERS = (
    "Waiting for players: the next hand deals when "
    f"{_COUNTS.get(PLAYERS_TO_DEAL, str(PLAYERS_TO_DEAL))} are ready."
)

STATES = (
    "closing", "closed", "waiting_approval", "busted", "sitting_out", "waiting_start",
    "paused", "seated", "spectator",
)


def table_state(view: dict[str, Any]) -> dict[str, Any]:
    """What the table itself is doing, the same for everyone (the banner, the idle felt);
    an open table's ``waiting`` is the idle felt's words when no deal is planned.

    >>> table_state({"status": "paused", "hands_played": 0, "hand": None})["state"]
    'waiting_start'
    >>> table_state({"status": "closed", "hands_played": 3,
    ...              "hand": {"complete": False}})["state"]
    'closing'
    """
    hand = view.get("hand")
    live = bool(hand and not hand["complete"])
    status = view.get("status")
    if status == "closed" and live:
        return {"state": "closing", "text": "The table is closing: this hand plays to "
                "its end, then every stack goes back to its player's bankroll."}
    if status == "closed":
        return {"state": "closed", "text": "This table is closed: every stack went back to "
                "its player's bankroll."}
    if status == "paused" and not view.get("hands_played"):
        return {"state": "waiting_start", "text": "Waiting for the host to start the game."}
    if status == "paused" and live:
        # Staff may pause a table too (the admin): the line names nobody.
        return {"state": "paused", "text": "The game is paused: this hand plays to its end, "
                "then no new hand is dealt until it is resumed."}
    if status == "paused":
        return {"state": "paused",
                "text": "The game is paused: no new hand is dealt until it is resumed."}
    # No deal planned at an open table: the deal's rule found too few players ready (or no
    # person seated to deal to); the idle felt says what it waits for.
    waiting = WAITING_FOR_PLAYERS if view.get("next_hand_at") is None else ""
    return {"state": "open", "text": "", "waiting": waiting}


def viewer_status(view: dict[str, Any], you: dict[str, Any] | None) -> dict[str, Any]:
    """The viewer's state, their status line (``text``), the banner above the felt
    (``banner``: the table's state, your request, requests waiting for you as host) and
    whether a free chair may be offered to them (``may_sit``).

    >>> view = {"status": "open", "hands_played": 2, "hand": None, "seats": [],
    ...         "requests": [], "max_seats": 6}
    >>> viewer_status(view, None)["text"]
    'You are watching. Pick an empty seat to play.'
    """
    table = table_state(view)
    me = None
    if you is not None and you.get("seat") is not None:
        me = next((s for s in view["seats"] if s["number"] == you["seat"] and not s.get("left")),
                  None)
    asked = next((r for r in view["requests"] if you and r["user_id"] == you["user_id"]), None)
    free = len([s for s in view["seats"] if not s.get("left")]) < (view.get("max_seats") or 0)
    # A tournament's seats are given at its start: nobody sits down later.
    free = free and not view.get("tournament")
    state, text = _state_and_line(view, table, you, me, asked, free)
    banner = [table["text"]] if table["text"] else []
    if asked is not None:
        banner.append(text)
    if you is not None and you.get("is_host") and view["requests"] and table["state"] != "closed":
        asking = ", ".join(f"{r['player']} (seat {r['seat']})" for r in view["requests"])
        banner.append(f"Waiting for your approval: {asking}. Open “Run the game” to let them "
                      "sit or decline.")
    return {
        "state": state,
        "text": text,
        "banner": " ".join(banner),
        "may_sit": me is None and asked is None and free and view.get("status") != "closed",
        "rebuy_seconds_left": me.get("rebuy_seconds_left") if state == "busted" and me else None,
    }


def _state_and_line(
    view: dict[str, Any],
    table: dict[str, Any],
    you: dict[str, Any] | None,
    me: dict[str, Any] | None,
    asked: dict[str, Any] | None,
    free: bool,
) -> tuple[str, str]:
    if table["state"] in ("closing", "closed"):
        if me is not None and table["state"] == "closing":
            return "closing", "The table is closing: after this hand your stack goes " \
                "back to your bankroll."
        return table["state"], table["text"]
    if asked is not None:
        return "waiting_approval", (
            f"You asked for seat {asked['seat']}: you sit down when the host lets you in. "
            "Leave to withdraw your request."
        )
    if me is None:
        watching = (
            "You are watching. Pick an empty seat to play." if free
            else "You are watching a tournament." if view.get("tournament")
            else "You are watching: every seat is taken."
        )
        if table["state"] in ("waiting_start", "paused"):
            return table["state"], f"{table['text']} {watching}"
        return "spectator", watching
    if me.get("busted"):
        return "busted", "You are out of chips: rebuy within {seconds} s to keep your seat."
    if me["sitting_out"]:
        hand = view.get("hand")
        if hand and not hand["complete"] and me.get("has_cards") and not me.get("folded"):
            return "sitting_out", ("You sit out from the next hand: this one is still yours "
                                   "to play.")
        if me.get("timed_out"):
            return "sitting_out", ("You were sat out after timing out twice. Sit back in to "
                                   "be dealt in again.")
        return "sitting_out", "You are sitting out. Sit back in to be dealt the next hand."
    if table["state"] == "waiting_start":
        if you is not None and you.get("is_host"):
            return "waiting_start", ("You are seated. Press “Start the game” in “Run the game” "
                                     "when everyone is here.")
        return "waiting_start", "You are seated: you are dealt in when the host starts the game."
    if you is not None and you.get("leaving"):
        hand = view.get("hand")
        if hand and not hand["complete"] and me.get("has_cards") and not me.get("folded"):
            # Standing up or removed mid-hand: the table folds for you at your turn.
            return "seated", ("You leave the table when this hand ends: your hand is folded "
                              "at your turn.")
        return "seated", "You leave the table when this hand ends."
    if you is not None and you.get("top_up_queued"):
        return "seated", (f"{you['top_up_queued']} chips are added to your stack when this "
                          "hand ends.")
    if table["state"] == "paused":
        return "paused", f"You are seated. {table['text']}"
    return "seated", _seated_line(view, me)


def _seated_line(view: dict[str, Any], me: dict[str, Any]) -> str:
    hand = view.get("hand")
    live = bool(hand and not hand["complete"])
    if live and me.get("folded"):
        return "You folded this hand."
    if live and me.get("has_cards"):
        return "You are in this hand."
    if me.get("posting"):
        return "You post a big blind to play the next hand."
    if me.get("waiting"):
        return "You are dealt in when the big blind reaches your seat."
    return "You are dealt in from the next hand." if live else "You are dealt the next hand."
