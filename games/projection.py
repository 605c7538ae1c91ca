"""What each viewer of a live table is sent, version by version.

Whose hole cards a viewer may see is decided by the one visibility rule of the engine
(games/engine/visibility.py, through ``HandState.view``); this module applies it to the live
table, as games/history/masking.py applies it to stored hands. (The lobby's rows,
games/lobby.py, hold no cards at all.) The seats and the hand part are drawn the same way as
the replayer's, by games/felt.py.

Views are built from a ``TableSnapshot``: plain data captured once per version by the writer
(games/services/) in its locked transaction, or read for a socket's first snapshot
(games/snapshots.py). Building reads no database, so one version always names one state.

There are two kinds of viewer:

- the public (spectators, and anyone between their own appearances at the table): the
  table, its seats and the hand on show, with no hole card except those shown at showdown;
  ``you`` is null. It is built and encoded once per version and goes table-wide.
- a person with a personal part (seated, dealt into the hand on show, or seated when the
  change began): the public view plus ``you``, their own hole cards, their "dealt" log row,
  ``hand.legal`` on their turn and ``hand.your_hand``, encoded once as patches to the public
  view. Every personal part of a version travels with its public frame to the table's
  sockets (games/outbound/broadcast.py), and each socket forwards only its own user's.

Private facts are added to a copy of the public view for one person only: nobody's view is
built from data that holds another player's hidden cards. Mucked cards, the deck and cards
not yet dealt are never in a snapshot's views (the engine's ``view`` leaves them out).

A frame's size does not grow with the hand: the writer's snapshot says what the sockets were
sent before the change (``Since``), and an update carries only the log rows and notices the
change added (``log_from`` says where its rows start in the hand's log). A socket's first
frame (and any frame built without ``Since``) carries the hand's last ``SNAPSHOT_LOG_ROWS``
rows and every notice kept. Pages put the pieces together (static/js/connection.js).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson

from games import felt
from games.add_chips_rule import (
    add_chips_refusal,
    add_chips_room,
    suggested_chips,
    usual_buy_in,
)
from games.bet_presets import Preset
from games.bet_sizes import bet_sizes
from games.engine import HandState
from games.engine.games import NO_LIMIT_HOLDEM
from games.engine.lineup import newcomers_wait
from games.hand_text import describe_hole, event_text
from games.host_settings import FELT_SETTINGS
from games.house_rules import house_rules
from games.table_games import game_line
from games.tournament_line import tournament_line
from games.viewer_status import table_state, viewer_status

TABLE_FIELDS = (
    "id", "name", "version", "status", "hands_played", "notices", "bomb_pot_next",
    # The host's settings from the felt, each under its own name (games/host_settings.py).
    *(setting.name for setting in FELT_SETTINGS),
    # The next hand's fair-deal commitment (never its seed: Table.next_server_seed is not here).
    "next_deal",
)
# The table keeps its last 20 notices (games/services/notices.py): enough to cover the last
# few hands the page's log shows.
NOTICES_KEPT = 20
# A snapshot's log: the last rows of the hand on show (a page opened mid-hand starts there).
SNAPSHOT_LOG_ROWS = 40


@dataclass(frozen=True)
class Since:
    """What the table's sockets had been sent before a change (the version it started from),
    so that its update carries only what came after."""

    hand: int | None  # the number of the hand on show then (None: none)
    events: int | None  # how many events that hand had (None: it was over; no more come)
    notice: int  # the newest notice's ``seq`` then (0: none)


# As if the sockets had nothing yet: a view with the hand's whole log and every notice kept.
NOTHING_SENT = Since(None, None, 0)


@dataclass(frozen=True)
class SeatRow:
    """A chair and who sits in it, as the database had it at this version."""

    number: int
    user_id: int
    name: str
    stack: int
    sitting_out: bool = False
    waiting: bool = False  # newly seated, waiting for the big blind
    leaving: bool = False
    posting: bool = False  # newly seated, posts a big blind to play the next hand
    timed_out: bool = False  # sat out by the table after timing out
    bot: bool = False
    rebuy_until: datetime | None = None  # busted: may rebuy in this chair until then
    straddle_next: bool = False  # straddles the next hand they are under the gun


@dataclass(frozen=True)
class Person:
    """Someone who gets a personal part: ``seat`` is their chair now (None: not seated)."""

    user_id: int
    name: str
    bankroll: int
    seat: int | None = None
    sitting_out: bool = False
    leaving: bool = False
    is_staff: bool = False
    top_up_queued: int = 0  # chips "Add chips" adds when the hand being played ends
    client_seed: str = ""  # their entropy for the fair deal of their next hands
    bet_presets: tuple[Preset, ...] = ()  # their own bet buttons (games/bet_presets.py)


@dataclass(frozen=True)
class HandOnShow:
    """The table's latest hand (live, or the one just finished) and who played it."""

    number: int
    state: HandState
    deadline: datetime | None
    names: dict[int, str]  # seat -> player name
    users: dict[int, int]  # seat -> user id
    on_time_bank: bool = False  # the player to act is on their time bank
    timed_out: frozenset[int] = frozenset()  # sequences of the actions made for a timeout
    # The fair-deal record as it may be shown (sealed while the hand is played); None: the
    # hand was dealt from a given deck (a test's, a replay's) and proves nothing.
    fair_deal: dict[str, Any] | None = None


@dataclass(frozen=True)
class TableSnapshot:
    # TABLE_FIELDS plus "next_hand_at", "host_id", "manager_ids", "seat_requests"
    table: dict[str, Any]
    seats: tuple[SeatRow, ...]
    hand: HandOnShow | None
    people: dict[int, Person]  # user id -> person with a personal part
    taken_at: datetime
    # What the sockets had before this version (the writer's); None: a whole snapshot.
    since: Since | None = None

    @property
    def version(self) -> int:
        return int(self.table["version"])


@dataclass
class PublicView:
    """The public view, and where each hand seat's row sits in it (for personal copies)."""

    view: dict[str, Any]
    seat_index: dict[int, int] = field(default_factory=dict)  # hand seat -> index in seats
    dealt_index: dict[int, int] = field(default_factory=dict)  # hand seat -> index in log
    dealt_events: dict[int, dict[str, Any]] = field(default_factory=dict)  # without cards


def public_view(snapshot: TableSnapshot) -> PublicView:
    """The table as a spectator may see it; ``you`` is None.

    >>> from datetime import UTC
    >>> snap = TableSnapshot({"version": 3}, (SeatRow(1, 7, "ann", 200),), None, {},
    ...                      datetime.now(UTC))
    >>> [s["player"] for s in public_view(snap).view["seats"]]
    ['ann']
    """
    hand = snapshot.hand
    engine = hand.state.view(None) if hand else None
    result = _public_hand(hand, engine, snapshot.taken_at) if hand and engine else None
    seats, seat_index = _seat_views(snapshot.seats, hand, engine, snapshot.taken_at)
    events = engine["events"] if hand and engine else []
    log_from = _log_from(snapshot, len(events))
    pots = engine["result"]["pots"] if engine and engine["result"] else None
    log = (
        [
            event_text(e, hand.names, pots=pots, timed_out=e["seq"] in hand.timed_out,
                       hole_cards=hand.state.game.hole_cards,
                       button_blind=hand.state.game.button_blind)
            for e in events[log_from:]
        ]
        if hand
        else []
    )
    # Indexes in this view's log, which starts at the hand's row ``log_from``.
    dealt = {
        i: event for i, event in enumerate(events[log_from:]) if event["kind"] == "deal_hole"
    }
    next_hand_at = snapshot.table.get("next_hand_at")
    notices = _notices(snapshot)
    line, next_game = game_line(
        str(snapshot.table.get("game") or NO_LIMIT_HOLDEM.code),
        snapshot.table.get("dealers_choice_games") or (),
        hand.state.game.code if hand else None,
        bool(result and not result["complete"]),
    )
    view = {
        **{name: snapshot.table.get(name) for name in TABLE_FIELDS},
        "time_bank_seconds": snapshot.table.get("time_bank_seconds", 0),
        "runout_street_seconds": snapshot.table.get("runout_street_seconds", 0),
        "host": _host(snapshot),
        "requests": [
            {"seat": r["seat"], "player": r["name"], "user_id": r["user_id"]}
            for r in snapshot.table.get("seat_requests", ())
        ],
        "you": None,
        "seats": seats,
        "hand": result,
        "log": log,
        "log_from": log_from,
        "notices": notices,
        "notices_kept": NOTICES_KEPT,
        # The game dealt now (the hand's), else the host's choice for the next hands; under
        # dealer's choice this orbit's game and the next orbit's (games/table_games.py).
        "game_label": line,
        "next_game": next_game,  # the felt's "Next orbit: ..." (None: nothing to say)
        # The games and house rules explained (games/house_rules.py): in a whole view, and
        # in an update whose change told a new setting; otherwise None: keep the last ones.
        "house_rules": house_rules(snapshot.table)
        if snapshot.since is None or any(n["kind"] == "settings" for n in notices) else None,
        "next_hand_at": next_hand_at.isoformat() if next_hand_at else None,
        "next_hand_in": _seconds_left(next_hand_at, snapshot.taken_at),
        # A sit-and-go's line (None at a cash table): public facts only.
        "tournament": tournament_line(
            snapshot.table.get("tournament"), [s.stack for s in snapshot.seats],
            snapshot.taken_at,
        ),
    }
    view["table_state"] = table_state(view)
    view["viewer"] = viewer_status(view, None)  # a spectator's; personal views have their own
    return PublicView(
        view,
        seat_index,
        dealt_index={event["seat"]: i for i, event in dealt.items()},
        dealt_events={event["seat"]: event for event in dealt.values()},
    )


# A personal part is a list of patches to the public view: (path, value), each setting the
# value at that path (keys of objects, indexes of arrays). The page applies them in order
# (static/js/connection.js, applyPersonal); so does ``personal_view`` here.
Patch = tuple[tuple[str | int, ...], Any]


def personal_patches(
    snapshot: TableSnapshot, public: PublicView, user_id: int
) -> list[Patch]:
    """What only ``user_id`` may see, as patches to the public view (module docstring)."""
    person = snapshot.people[user_id]
    you = {
        "user_id": person.user_id,
        "name": person.name,
        "seat": person.seat,
        "bankroll": person.bankroll,
        "sitting_out": person.sitting_out,
        "leaving": person.leaving,
        "top_up_queued": person.top_up_queued,
        "client_seed": person.client_seed,
        # What "Add chips" may add now (games/add_chips_rule.py); None: nothing.
        "add_chips": _add_chips(snapshot, person),
        # What the sit dialog offers (a seat's buy-in), worked out here, not in the page.
        "buy_in": _buy_in(snapshot, person),
        # The host runs the table from the felt; staff may too, and a club's managers.
        "is_host": person.is_staff or person.user_id == snapshot.table.get("host_id")
        or person.user_id in snapshot.table.get("manager_ids", ()),
    }
    patches: list[Patch] = [(("you",), you), *_private_hand(snapshot, public, user_id)]
    # The viewer's status reads the view with their own part in it.
    view = apply_patches(public.view, patches)
    patches.append((("viewer",), viewer_status(view, you)))
    return patches


def personal_view(snapshot: TableSnapshot, public: PublicView, user_id: int) -> dict[str, Any]:
    """The public view plus what only ``user_id`` may see, as the page puts them together."""
    return apply_patches(public.view, personal_patches(snapshot, public, user_id))


def apply_patches(view: dict[str, Any], patches: list[Patch]) -> dict[str, Any]:
    """``view`` with each patch applied, copying only the containers on the patches' paths
    (the public view is shared by every viewer and never changed).

    >>> view = {"you": None, "seats": [{"cards": None}, {"cards": None}]}
    >>> apply_patches(view, [(("you",), {"seat": 2}), (("seats", 1, "cards"), ["As", "Kd"])])
    {'you': {'seat': 2}, 'seats': [{'cards': None}, {'cards': ['As', 'Kd']}]}
    >>> view["seats"][1]
    {'cards': None}
    """
    result = dict(view)
    copied: set[tuple[str | int, ...]] = {()}
    for steps, value in patches:
        path = tuple(steps)  # a list when the patches come decoded from JSON
        container: Any = result
        for depth, key in enumerate(path[:-1]):
            prefix = path[: depth + 1]
            if prefix not in copied:
                child = container[key]
                container[key] = list(child) if isinstance(child, list) else dict(child)
                copied.add(prefix)
            container = container[key]
        container[path[-1]] = value
    return result


def _private_hand(snapshot: TableSnapshot, public: PublicView, user_id: int) -> list[Patch]:
    """The viewer's own hole cards, "dealt" log row, legal actions and hand description."""
    hand = snapshot.hand
    hand_seat = _hand_seat_of(hand, user_id) if hand else None
    if hand is None or hand_seat is None or public.view["hand"] is None:
        return []
    hole = list(hand.state.player(hand_seat).hole)
    patches: list[Patch] = []
    if hand_seat in public.seat_index:
        patches.append((("seats", public.seat_index[hand_seat], "cards"), hole))
    if hand_seat in public.dealt_index:
        row = event_text({**public.dealt_events[hand_seat], "cards": hole}, hand.names)
        patches.append((("log", public.dealt_index[hand_seat]), row))
    # Only the player to act has choices: the others need no legality worked out.
    legal = hand.state.legal_actions() if hand.state.actor == hand_seat else None
    patches.append((("hand", "legal"), legal.to_dict() if legal is not None else None))
    # The amount buttons, worked out here (games/bet_sizes.py): the page adds up no pot.
    presets = snapshot.people[user_id].bet_presets
    sizes = bet_sizes(hand.state, legal, presets) if legal is not None else []
    patches.append((("hand", "bet_sizes"), sizes))
    board = public.view["hand"]["board"]
    patches.append((("hand", "your_hand"), _your_hand(hand.state, hand_seat, hole, board)))
    # "Show cards": the winner of an uncontested pot, until the next deal.
    patches.append((("hand", "may_show"), hand.state.may_show_cards(hand_seat)))
    return patches


# The board a street's betting is played on (a folded hand is told on that board only).
_BOARD_AT = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}


def _your_hand(state: HandState, seat: int, hole: list[str], board: list[str]) -> str:
    """The viewer's hand with the board so far; once they folded, with the board they folded
    on, said so: a card dealt after a fold makes no hand of theirs."""
    if not state.player(seat).folded:
        return describe_hole(hole, board, state.game)
    street = next((e.street.value for e in reversed(state.events)
                   if e.kind.value == "fold" and e.seat == seat), "river")
    return f"{describe_hole(hole, board[: _BOARD_AT.get(street, 5)], state.game)} (folded)"


def _add_chips(snapshot: TableSnapshot, person: Person) -> dict[str, Any] | None:
    """The range ``seating.add_chips`` accepts from ``person`` now, by its own rule."""
    seat = next(
        (s for s in snapshot.seats if s.number == person.seat and s.user_id == person.user_id),
        None,
    )
    table = snapshot.table
    refusal = add_chips_refusal(
        closed=table.get("status") == "closed",
        tournament="tournament" in table,
        leaving=person.leaving,
    )
    if seat is None or refusal is not None:
        return None
    hand = snapshot.hand
    in_hand = hand is not None and not hand.state.is_complete and seat.number in hand.state.seats
    low, high = int(table["min_buy_in"]), int(table["max_buy_in"])
    room = add_chips_room(stack=seat.stack, in_hand=in_hand, queued=person.top_up_queued,
                          min_buy_in=low, max_buy_in=high)
    if room is None:
        return None
    usual = usual_buy_in(int(table["big_blind"]), low, high)
    # In a hand the stack it tops up is not known yet: the one it started with stands in.
    suggested = suggested_chips(room, stack=seat.stack + person.top_up_queued, usual=usual,
                                bankroll=person.bankroll)
    return {**room.to_dict(), "suggested": suggested}


def _buy_in(snapshot: TableSnapshot, person: Person) -> dict[str, int]:
    """The sit dialog's range and first amount: the table's range, the top within the
    bankroll, the usual buy-in (games/add_chips_rule.py)."""
    table = snapshot.table
    low, high = int(table["min_buy_in"]), int(table["max_buy_in"])
    top = max(low, min(high, person.bankroll))
    usual = usual_buy_in(int(table["big_blind"]), low, high)
    return {"min": low, "max": top, "suggested": max(low, min(usual, top))}


def _host(snapshot: TableSnapshot) -> dict[str, Any] | None:
    host_id = snapshot.table.get("host_id")
    host = snapshot.people.get(host_id) if host_id is not None else None
    return {"user_id": host.user_id, "name": host.name} if host else None


def _hand_seat_of(hand: HandOnShow, user_id: int) -> int | None:
    return next((seat for seat, user in hand.users.items() if user == user_id), None)


def encode(kind: str, view: dict[str, Any]) -> str:
    """One frame of the table protocol (docs/protocol.md) as text, ready to send.

    orjson, not the standard library: every version encodes a frame of several kilobytes,
    and orjson does it about ten times faster."""
    frame = {"type": kind, "version": view["version"], "table": view}
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


def encode_patches(patches: list[Patch]) -> str:
    return orjson.dumps(patches, option=orjson.OPT_NON_STR_KEYS).decode()


def with_personal(frame: str, personal: str | None) -> str:
    """A public frame with a personal part added as its ``mine`` (no decoding: the public
    frame is an encoded object, so its closing brace is its last character)."""
    if personal is None:
        return frame
    return f'{frame[:-1]},"mine":{personal}}}'


@dataclass(frozen=True)
class Frames:
    """One version, encoded: the public frame, and each person's personal part."""

    version: int
    public: str
    personal: dict[int, str]  # user id -> encoded patches (``with_personal`` joins them)


def update_frames(snapshot: TableSnapshot) -> Frames:
    """Every frame an update sends: built once, whatever the number of sockets."""
    public = public_view(snapshot)
    personal = {
        user_id: encode_patches(personal_patches(snapshot, public, user_id))
        for user_id in snapshot.people
    }
    return Frames(snapshot.version, encode("update", public.view), personal)


def snapshot_frame(snapshot: TableSnapshot, user_id: int) -> str:
    """A socket's first frame (or its answer to ``sync``): always with ``you``."""
    return encode("snapshot", personal_view(snapshot, public_view(snapshot), user_id))


# ---------------------------------------------------------------- pieces of the public view


def _log_from(snapshot: TableSnapshot, rows: int) -> int:
    """Where the view's log starts in the hand's ``rows`` rows: after the rows the sockets
    had before this change (an update), or the last ``SNAPSHOT_LOG_ROWS`` (a snapshot)."""
    since, hand = snapshot.since, snapshot.hand
    if since is None:
        return max(0, rows - SNAPSHOT_LOG_ROWS)
    if hand is None or hand.number != since.hand:
        return 0  # a new hand on show: all of its rows are news
    return rows if since.events is None else min(since.events, rows)


def _notices(snapshot: TableSnapshot) -> list[dict[str, Any]]:
    """The notices an update adds (those after ``since``), or every one kept (a snapshot)."""
    kept = snapshot.table.get("notices") or []
    if snapshot.since is None:
        return list(kept)
    return [notice for notice in kept if notice["seq"] > snapshot.since.notice]



def _seat_views(
    seats: tuple[SeatRow, ...],
    hand: HandOnShow | None,
    engine: dict[str, Any] | None,
    now: datetime,
) -> tuple[list[dict[str, Any]], dict[int, int]]:
    """Occupied seats, plus players of the hand on show who have left since (stood up at
    its end, or removed) while their chair is still free, so its showdown stays whole: such
    a row says ``left`` and its chair may be taken. A player seated again (in another
    chair) is not shown twice. Also returns, per hand seat, the index of the row that shows
    that player's hand."""
    players = {p["seat"]: p for p in engine["players"]} if engine else {}
    shown = felt.shown_hands(engine) if engine else {}
    rows: list[tuple[dict[str, Any], int | None]] = []
    taken = set()
    # A newcomer waits (or posts) only while two others play: else everyone is dealt in.
    playing = [s for s in seats if not (s.sitting_out or s.waiting or s.posting) and s.stack > 0]
    wait = newcomers_wait(len(playing))
    for seat in seats:
        taken.add(seat.number)
        row = felt.seat_row(seat.number, seat.name, seat.stack)
        row.update(
            sitting_out=seat.sitting_out,
            waiting=seat.waiting and wait,
            leaving=seat.leaving,
            posting=seat.posting and wait,
            timed_out=seat.timed_out,
            straddle_next=seat.straddle_next,
            bot=seat.bot,
            busted=seat.rebuy_until is not None,
            rebuy_seconds_left=_seconds_left(seat.rebuy_until, now),
        )
        # The hand's cards and bets belong to this chair's occupant only if they played it.
        played = hand is not None and hand.users.get(seat.number) == seat.user_id
        if played and seat.number in players:
            assert engine is not None  # players is empty without it
            felt.add_hand(row, players[seat.number], engine, shown)
            if engine["complete"]:
                # After the hand the chair's own stack counts: a rebuy, a top-up or the
                # host's adjustment since the hand ended shows at once.
                row["stack"] = seat.stack
        rows.append((row, seat.number if played and seat.number in players else None))
    seated_users = {seat.user_id for seat in seats}
    for number, player in players.items():
        user = hand.users.get(number) if hand is not None else None
        if number not in taken and hand is not None and user not in seated_users:
            row = felt.seat_row(number, hand.names.get(number, f"seat {number}"), player["stack"])
            row["left"] = True
            assert engine is not None  # players is empty without it
            felt.add_hand(row, player, engine, shown)
            rows.append((row, number))
    rows.sort(key=lambda item: item[0]["number"])
    views = [row for row, _ in rows]
    felt.add_badges(views, live=bool(engine and not engine["complete"]))
    index = {hand_seat: i for i, (_, hand_seat) in enumerate(rows) if hand_seat is not None}
    return views, index


def _public_hand(hand: HandOnShow, engine: dict[str, Any], now: datetime) -> dict[str, Any]:
    deadline = hand.deadline if engine["actor"] is not None else None
    config = hand.state.config
    return {
        "number": hand.number,
        # The blinds this hand was dealt at (the table's may have changed since).
        "blinds": {
            "small_blind": config.small_blind, "big_blind": config.big_blind, "ante": config.ante,
        },
        **felt.hand_part(engine, hand.names),
        "deadline": deadline.isoformat() if deadline else None,
        "seconds_left": _seconds_left(deadline, now),
        "on_time_bank": bool(deadline and hand.on_time_bank),
        "legal": None,
        "bet_sizes": [],
        "your_hand": None,
        "may_show": False,
        "fair_deal": hand.fair_deal,
    }


def _seconds_left(deadline: datetime | None, now: datetime) -> float | None:
    if deadline is None:
        return None
    return max(0.0, round((deadline - now).total_seconds(), 1))
