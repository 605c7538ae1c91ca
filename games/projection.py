"""What one viewer may see of a table: the only way table state leaves the server.

Built on the engine's ``HandState.view(seat)``, which already hides other players' hole
cards (until shown), mucked cards and the deck. Here the hand's seats are matched to users
through HandPlayer rows, so a viewer is recognised by who they are, not by which chair they
sit in now (a seat may have changed hands since the last hand).
"""

from django.utils import timezone

from games.engine import HandState
from games.hand_text import describe_hole, event_text
from games.models import Hand, Player, Table


def table_view(table_id: int, user) -> dict | None:
    """The table as ``user`` may see it (see docs/protocol.md), or None if there is none."""
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return None
    seats = list(table.seats.select_related("user"))
    my_seat = next((s for s in seats if s.user_id == user.id), None)
    bankroll = Player.objects.filter(user=user).values_list("bankroll", flat=True).first()
    hand = table.hands.order_by("-number").prefetch_related("players__user").first()
    if hand is not None and hand.status == Hand.Status.VOIDED:
        hand = None
    hand_view = None
    if hand is not None:
        played = any(p.user_id == user.id for p in hand.players.all())
        # Spectators (neither seated nor in the hand) see no hole cards, not even shown ones.
        hand_view = _hand_view(hand, user, spectator=my_seat is None and not played)
    return {
        "id": table.id,
        "name": table.name,
        "version": table.version,
        "status": table.status,
        "small_blind": table.small_blind,
        "big_blind": table.big_blind,
        "ante": table.ante,
        "max_seats": table.max_seats,
        "min_buy_in": table.min_buy_in,
        "max_buy_in": table.max_buy_in,
        "action_seconds": table.action_seconds,
        "you": {
            "user_id": user.id,
            "name": user.get_username(),
            "seat": my_seat.number if my_seat else None,
            "bankroll": bankroll or 0,
            "sitting_out": bool(my_seat and my_seat.sitting_out),
            "leaving": bool(my_seat and my_seat.leave_after_hand),
        },
        "seats": _seat_views(seats, hand_view),
        "hand": hand_view["hand"] if hand_view else None,
        "log": hand_view["log"] if hand_view else [],
        "next_hand_at": table.next_hand_at.isoformat() if table.next_hand_at else None,
    }


def _seat_views(seats, hand_view) -> list[dict]:
    """Occupied seats, plus players of the shown hand who have left since (busted, or
    stood up at its end) while their chair is still free, so its showdown stays whole."""
    views = [_seat_view(seat, hand_view) for seat in seats]
    if hand_view is not None:
        taken = {seat.number for seat in seats}
        for number, engine in hand_view["players"].items():
            if number not in taken:
                views.append(_seat_view(None, hand_view, number=number, engine=engine))
    return sorted(views, key=lambda view: view["number"])


def _seat_view(seat, hand_view, number=None, engine=None) -> dict:
    """One seat: a Seat row, or (``seat`` None) a departed player of the shown hand."""
    view = {
        "number": seat.number if seat else number,
        "player": seat.user.get_username() if seat else engine["name"],
        "stack": seat.stack if seat else engine["stack"],
        "bet": 0,
        "in_hand": False,
        "folded": False,
        "all_in": False,
        "sitting_out": seat.sitting_out if seat else False,
        "waiting": seat.entry != "playing" if seat else False,
        "leaving": seat.leave_after_hand if seat else False,
        "left": seat is None,
        "is_button": False,
        "has_cards": False,
        "cards": None,
        "shown": False,
        "mucked": False,
        "description": None,
        "best_five": None,
    }
    if hand_view is None:
        return view
    if seat is not None:
        engine = hand_view["players"].get(seat.number)
        # Only when this seat's occupant is the one who played the hand in it.
        if engine is None or engine["user_id"] != seat.user_id:
            return view
    shown = hand_view["shown"].get(view["number"], {})
    view.update(
        stack=engine["stack"],
        bet=engine["bet"],
        in_hand=not engine["folded"] and not engine["mucked"],
        folded=engine["folded"],
        all_in=engine["all_in"],
        is_button=hand_view["hand"]["button"] == view["number"],
        has_cards=engine["has_cards"],
        cards=engine["cards"],
        shown=engine["shown"],
        mucked=engine["mucked"],
        description=shown.get("description"),
        best_five=shown.get("best_five"),
    )
    return view


def _hand_view(hand: Hand, user, spectator: bool) -> dict:
    players = {p.seat: p for p in hand.players.all()}
    viewer_seat = next((p.seat for p in players.values() if p.user_id == user.id), None)
    state = HandState.from_dict(hand.state)
    view = state.view(viewer_seat)
    if spectator:
        view = _without_hole_cards(view)
    names = {seat: p.user.get_username() for seat, p in players.items()}
    engine_players = {
        p["seat"]: {**p, "user_id": players[p["seat"]].user_id, "name": names[p["seat"]]}
        for p in view["players"]
    }
    result = view["result"]
    shown = {h["seat"]: h for h in result["shown"]} if result else {}
    your_cards = engine_players[viewer_seat]["cards"] if viewer_seat else None
    deadline = hand.action_deadline if view["actor"] is not None else None
    return {
        "players": engine_players,
        "shown": shown,
        "hand": {
            "number": hand.number,
            "street": view["street"],
            "board": view["board"],
            "button": view["button"],
            "small_blind_seat": view["small_blind_seat"],
            "big_blind_seat": view["big_blind_seat"],
            "pots": view["pots"],
            "total_pot": view["total_pot"],
            "to_act": view["actor"],
            "deadline": deadline.isoformat() if deadline else None,
            "seconds_left": _seconds_left(deadline),
            "legal": view["legal"],
            "your_hand": describe_hole(your_cards, view["board"]) if your_cards else None,
            "complete": view["complete"],
            "results": _results(result, names) if result else [],
        },
        "log": [event_text(event, names) for event in view["events"]],
    }


def _without_hole_cards(view: dict) -> dict:
    """The engine view with every hole card removed (the board stays)."""
    players = [{**p, "cards": None} for p in view["players"]]
    events = [
        {**e, "cards": [], "best_five": []} if e["kind"] in ("show", "deal_hole", "win") else e
        for e in view["events"]
    ]
    result = view["result"]
    if result is not None:
        result = {
            **result,
            "shown": [{**h, "cards": [], "best_five": []} for h in result["shown"]],
        }
    return {**view, "players": players, "events": events, "result": result}


def _seconds_left(deadline) -> float | None:
    if deadline is None:
        return None
    return max(0.0, round((deadline - timezone.now()).total_seconds(), 1))


def _results(result: dict, names: dict[int, str]) -> list[dict]:
    return [
        {
            "pot": pot["name"],
            "amount": pot["amount"],
            "description": pot["description"],
            "winners": [
                {"seat": seat, "player": names.get(seat, f"seat {seat}"), "amount": share}
                for seat, share in zip(pot["winners"], pot["shares"], strict=True)
            ],
        }
        for pot in result["pots"]
    ]
