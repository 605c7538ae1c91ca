"""Writing hands to the database: the new hand, each event as a HandAction, the ending.

Called only inside a change of the table (games/services/change.py): each takes its
``Locked`` table.
"""

from datetime import datetime

from games import chips, plain_sql, snapshots
from games.engine import Event, EventKind, HandState
from games.engine.fair_deal import FairDeal
from games.history.review import session_facts
from games.models import Hand, HandAction, HandPlayer, Seat, Table
from games.services import tournament_table
from games.services.fair_deals import commit_after_hand
from games.services.writer import Locked, free_seat, is_bot

# What record_events writes of each action, in one INSERT (games/plain_sql.py).
ACTION_COLUMNS = ("hand", "sequence", "seat", "street", "kind", "amount", "timed_out", "created_at")
# A finished hand is saved whole.
HAND_COLUMNS = tuple(f.name for f in Hand._meta.concrete_fields if not f.primary_key)
# Rows whose amount is the "to" total (what the bet became) rather than chips moved.
TO_AMOUNT = {EventKind.BET, EventKind.RAISE}


def record_new_hand(
    locked: Locked, state: HandState, seats: dict[int, Seat], fair: FairDeal | None = None,
    tournament_level: int | None = None,
) -> Hand:
    """The hand just dealt, its players and its first events; it becomes the locked table's
    live hand."""
    table = locked.table
    hand = Hand.objects.create(
        table=table, number=table.hands_played, button=state.button, state=state.to_dict(),
        fair_deal=fair.to_dict() if fair else None, tournament_level=tournament_level,
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
    locked.hand, locked.state, locked.last_hand = hand, state, hand
    record_events(locked, state.events)
    return hand


def record_events(locked: Locked, events: list[Event], *, timed_out: bool = False) -> None:
    """One HandAction per public event of the live hand (hole cards live on HandPlayer)."""
    hand = locked.hand
    assert hand is not None  # events happen in a live hand
    record_finished_events(locked, hand, events, timed_out=timed_out)


def record_finished_events(
    locked: Locked, hand: Hand, events: list[Event], *, timed_out: bool = False
) -> None:
    """One HandAction per public event of ``hand``, a hand of the locked table: the live one,
    or the last one finished, whose winner shows by choice."""
    rows: list[HandAction] = []
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
    plain_sql.insert(rows, ACTION_COLUMNS)
    if timed_out and rows:
        snapshots.remember_timed_out(hand, rows[0].sequence)


def finish_hand(locked: Locked, hand: Hand, state: HandState, now: datetime) -> None:
    """Store the result, pay the seats, and let leaving players go (busted ones stay a while).

    A few statements, one more for each player and each staying seat (plain UPDATEs), plus
    a cash-out for each player who goes and a buy-in for each top-up queued during the hand.
    """
    table, seats = locked.table, locked.seats
    result = state.result
    assert result is not None  # the hand is complete
    hand.status = Hand.Status.COMPLETE
    hand.ended_at = now
    hand.action_deadline = None
    hand.pots = [pot.to_dict() for pot in result.pots]
    plain_sql.update(hand, HAND_COLUMNS)
    commit_after_hand(table, now)  # the next hand's commitment, before its seeds are final
    players = list(hand.players.all())
    for player in players:
        engine_player = state.player(player.seat)
        player.finishing_stack = result.finishing_stacks[player.seat]
        player.shown = engine_player.shown
        player.mucked = engine_player.mucked
    # One plain UPDATE per row: a bulk_update's CASE expressions cost more to build than the
    # few round trips they save (games/plain_sql.py).
    for player in players:
        plain_sql.update(player, ["finishing_stack", "shown", "mucked"])
    # What the session review reads of the hand, written once now (not replayed per review).
    session_facts.record_played(hand, state, players, table)
    if table.is_tournament:
        # Tournament chips stay at the table; busting gives a place (and maybe a prize).
        tournament_table.end_of_hand(locked, hand, state, now)
        return
    closing = table.status == Table.Status.CLOSED
    staying = []
    for seat in seats:
        if seat.number in result.finishing_stacks:
            seat.stack = result.finishing_stacks[seat.number]
        # Players who sat out the last hand of a closing table go home too.
        busted_bot = seat.stack == 0 and is_bot(seat)  # bots do not rebuy
        if seat.leave_after_hand or closing or busted_bot:
            free_seat(locked, seat)
        elif seat.number in result.finishing_stacks:
            staying.append(seat)
    add_queued_top_ups(locked, staying)
    for seat in staying:  # a busted player keeps the seat for a while, to rebuy there
        seat.busted_at = now if seat.stack == 0 else None
    for seat in staying:
        plain_sql.update(seat, ["stack", "busted_at", "queued_top_up"])


def add_queued_top_ups(locked: Locked, seats: list[Seat]) -> None:
    """When a hand ends: add each staying seat's queued chips from its bankroll, up to the
    maximum buy-in then and what the bankroll holds (a busted player's within the buy-in
    range, or not at all). The caller saves the seats' ``stack`` and ``queued_top_up``."""
    table = locked.table
    for seat in seats:
        if not seat.queued_top_up:
            continue
        wanted = min(seat.queued_top_up, table.max_buy_in - seat.stack)
        amount = min(wanted, chips.bankroll_of(seat.user))
        seat.queued_top_up = 0
        if amount <= 0 or (seat.stack == 0 and amount < table.min_buy_in):
            continue
        chips.buy_in(seat.user, table, amount)
        seat.stack += amount
