"""HandState to and from JSON-safe plain data (dicts, lists, str, int, bool, None).

The dict holds everything, the deck too: store it server side, never send it as it is
(``HandState.view`` is what a client may see). ``FORMAT`` changes if the shape does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from games.engine.hand import HandData, PlayerState
from games.engine.setup import HandSetup
from games.engine.types import Action, Event, HandResult, Street, TableConfig

FORMAT = 1

# ``HandState.from_dict`` passes its own class, so this module need not import state.py.
Hand = TypeVar("Hand", bound=HandData)


def _player_to_dict(p: PlayerState) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "player_id": p.player_id,
        "starting_stack": p.starting_stack,
        "stack": p.stack,
        "hole": list(p.hole),
        "bet": p.bet,
        "committed": p.committed,
        "folded": p.folded,
        "acted": p.acted,
        "shown": p.shown,
        "mucked": p.mucked,
        "posts_to_play": p.posts_to_play,
    }


def state_to_dict(state: HandData) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "config": state.config.to_dict(),
        "button": state.button,
        "players": [_player_to_dict(p) for p in state.players],
        "deck": list(state.deck),
        "dealt": state.dealt,
        "board": list(state.board),
        "street": state.street.value,
        "queue": list(state.queue),
        "full_raise": state.full_raise,
        "aggressor": state.aggressor,
        **state.setup.to_dict(),  # its keys as they always were: mucks, shows, antes...
        "unsettled": state.unsettled,
        # Only hands run more than once carry these (hold'em states keep their shape).
        **({"runs": [list(r) for r in state.runs]} if state.runs else {}),
        **({"runout_voters": list(state.runout_voters)} if state.runout_voters else {}),
        **({"runout_votes": [[s, a] for s, a in state.runout_votes]}
           if state.runout_votes else {}),
        **({"shown_by_choice": list(state.shown_by_choice)} if state.shown_by_choice else {}),
        "events": [e.to_dict() for e in state.events],
        "actions": [a.to_dict() for a in state.actions],
        "result": None if state.result is None else state.result.to_dict(),
    }


def state_from_dict(data: dict[str, Any], cls: type[Hand]) -> Hand:
    """The hand ``state_to_dict`` wrote, as an instance of ``cls`` (``HandState``)."""
    if data.get("format") != FORMAT:
        raise ValueError(f"Unknown hand state format {data.get('format')!r}.")
    players = [
        PlayerState(
            seat=d["seat"],
            player_id=d["player_id"],
            starting_stack=d["starting_stack"],
            stack=d["stack"],
            hole=tuple(d["hole"]),
            bet=d["bet"],
            committed=d["committed"],
            folded=d["folded"],
            acted=d["acted"],
            shown=d["shown"],
            mucked=d["mucked"],
            posts_to_play=d["posts_to_play"],
        )
        for d in data["players"]
    ]
    state = cls(
        TableConfig.from_dict(data["config"]),
        players,
        data["button"],
        tuple(data["deck"]),
        HandSetup.from_dict(data),
    )
    state.runs = [list(r) for r in data.get("runs", ())]
    state.runout_voters = list(data.get("runout_voters", ()))
    state.runout_votes = [(s, a) for s, a in data.get("runout_votes", ())]
    state.shown_by_choice = list(data.get("shown_by_choice", ()))
    state.unsettled = data.get("unsettled")
    state.dealt = data["dealt"]
    state.board = list(data["board"])
    state.street = Street(data["street"])
    state.queue = list(data["queue"])
    state.full_raise = data["full_raise"]
    state.aggressor = data["aggressor"]
    state.events = [Event.from_dict(e) for e in data["events"]]
    state.actions = [Action.from_dict(a) for a in data["actions"]]
    state.result = None if data["result"] is None else HandResult.from_dict(data["result"])
    return state


def events_to_dicts(events: Sequence[Event], *, public: bool = False) -> list[dict[str, Any]]:
    """Events as plain data; ``public=True`` strips private hole cards."""
    return [(e.public() if public else e).to_dict() for e in events]
