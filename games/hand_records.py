"""Writing hands to the database: the new hand, each event as a HandAction, the ending.

Called only from games/services.py, inside the table's locked transaction.
"""

from datetime import datetime

from games import chips
from games.engine import Event, EventKind, HandState
from games.models import Hand, HandAction, HandPlayer, Seat, Table

# Rows whose amount is the "to" total (what the bet became) rather than chips moved.
TO_AMOUNT = {EventKind.BET, EventKind.RAISE}


def record_new_hand(table: Table, state: HandState, seats: dict[int, Seat]) -> Hand:
    hand = Hand.objects.create(
        table=table, number=table.hands_played, button=state.button, state=state.to_dict()
    )
    HandPlayer.objects.bulk_create(
        HandPlayer(
            hand=hand,
            user_id=seats[p.seat].user_id,
            seat=p.seat,
            hole_cards="".join(p.hole),
            starting_stack=p.starting_stack,
        )
        for p in state.players
    )
    record_events(hand, state.events)
    return hand


def record_events(hand: Hand, events: list[Event], *, timed_out: bool = False) -> None:
    """One HandAction per public event (hole cards live on HandPlayer, not here)."""
    rows = []
    for event in events:
        if event.is_private:
            continue
        amount = event.to if event.kind in TO_AMOUNT else event.amount
        rows.append(
            HandAction(
                hand=hand,
                sequence=event.seq,
                seat=event.seat,
                street=event.street.value,
                kind=event.kind.value,
                amount=amount or None,
                # Only the player's own action is the timed-out one, not what followed.
                timed_out=timed_out and not rows,
            )
        )
    HandAction.objects.bulk_create(rows)


def finish_hand(table: Table, hand: Hand, state: HandState, now: datetime) -> None:
    """Store the result, pay the seats, and let leaving or busted players go."""
    result = state.result
    hand.status = Hand.Status.COMPLETE
    hand.ended_at = now
    hand.action_deadline = None
    hand.pots = [pot.to_dict() for pot in result.pots]
    hand.save()
    for player in hand.players.all():
        engine_player = state.player(player.seat)
        player.finishing_stack = result.finishing_stacks[player.seat]
        player.shown = engine_player.shown
        player.mucked = engine_player.mucked
        player.save(update_fields=["finishing_stack", "shown", "mucked"])
    for seat in table.seats.filter(number__in=state.seats).select_related("user"):
        seat.stack = result.finishing_stacks[seat.number]
        if seat.leave_after_hand or seat.stack == 0 or table.status == Table.Status.CLOSED:
            chips.cash_out(seat.user, table, seat.stack)
            seat.delete()
        else:
            seat.save(update_fields=["stack"])
    if table.status == Table.Status.CLOSED:
        # Players who sat out this last hand go home too.
        for seat in table.seats.select_related("user"):
            chips.cash_out(seat.user, table, seat.stack)
            seat.delete()
