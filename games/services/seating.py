"""Taking and leaving seats: sit down (or ask the host to), stand up, sit out and back in,
rebuy or top up at your own seat, and the clock freeing seats of busted players."""

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import chips
from games.access import in_club, members_only_refusal
from games.add_chips_rule import add_chips_refusal, add_chips_room
from games.engine.fair_deck import check_client_seed
from games.models import Seat, Table
from games.services import notices
from games.services.change import table_change
from games.services.play import advance_hand
from games.services.writer import (
    FIRST_DEAL_DELAY,
    Locked,
    ServiceError,
    free_seat,
    in_live_hand,
    may_host,
    next_hand_delay,
    schedule_next_hand,
    table_config,
)


def _check_seat_free(locked: Locked, user: User, seat_number: int) -> None:
    table = locked.table
    if table.status == Table.Status.CLOSED:
        raise ServiceError("This table is closed.")
    if table.is_tournament:
        raise ServiceError(
            "This is a tournament table: its seats are given when the tournament starts; "
            "register for a tournament instead."
        )
    if not 1 <= seat_number <= table.max_seats:
        raise ServiceError(f"Seat {seat_number} does not exist; seats are 1 to {table.max_seats}.")
    if any(s.user_id == user.id for s in locked.seats):
        raise ServiceError("You already have a seat at this table.")
    if any(s.number == seat_number for s in locked.seats):
        raise ServiceError(f"Seat {seat_number} is taken.")


def sit(
    table_id: int, user: User, seat_number: int, buy_in: int, *, post_now: bool = False,
    approved: bool = False, client_seed: str = "",
) -> Seat | None:
    """Take a seat, buying in from the bankroll. At a table whose host approves new players,
    anyone but the host (and staff) asks instead: the request waits for the host, and None
    is returned. ``approved``: the host (or the host's tool seating bots) already said yes.
    ``client_seed``: the player's entropy for the fair deal (set_client_seed)."""
    client_seed = _checked_client_seed(client_seed)
    with table_change(table_id) as locked:
        return take_seat(
            locked, user, seat_number, buy_in, post_now=post_now, approved=approved,
            client_seed=client_seed,
        )


def take_seat(
    locked: Locked, user: User, seat_number: int, buy_in: int, *, post_now: bool = False,
    approved: bool = False, client_seed: str = "",
) -> Seat | None:
    """``sit`` inside a change of the table (several players may sit in one change: a
    practice table's person and bots). ``client_seed`` is checked already."""
    table = locked.table
    club = table.club if table.members_only else None
    if club is not None and not (may_host(table, user) or in_club(club.id, user)):
        raise ServiceError(members_only_refusal(club.name))
    requests = table.seat_requests
    mine = next((r for r in requests if r["user_id"] == user.id), None)
    if mine is not None and not approved:
        raise ServiceError(
            f"You already asked for seat {mine['seat']}; wait for the host, or cancel."
        )
    _check_seat_free(locked, user, seat_number)
    held = next((r for r in requests if r["seat"] == seat_number and r["user_id"] != user.id), None)
    if held is not None:
        raise ServiceError(f"Seat {seat_number} is held for {held['name']}, who asked first.")
    try:
        table_config(table).check_buy_in(buy_in)
        chips.top_up_if_broke(user)
        if table.needs_approval and not approved and not may_host(table, user):
            bankroll = chips.bankroll_of(user)
            if buy_in > bankroll:
                raise chips.ChipError(
                    f"A buy-in of {buy_in} is more than your bankroll of {bankroll}."
                )
            table.seat_requests = [*requests, {
                "user_id": user.id, "name": user.get_username(), "seat": seat_number,
                "buy_in": buy_in, "post_now": post_now, "client_seed": client_seed,
                "client_seed_at": timezone.now().isoformat() if client_seed else None,
            }]
            return None
        chips.buy_in(user, table, buy_in)
    except (ValueError, chips.ChipError) as error:
        raise ServiceError(str(error)) from None
    table.seat_requests = [r for r in requests if r["user_id"] != user.id]
    try:
        with transaction.atomic():
            seat = Seat.objects.create(
                table=table,
                user=user,
                number=seat_number,
                stack=buy_in,
                entry=Seat.Entry.POST_BB if post_now else Seat.Entry.WAIT_FOR_BB,
                client_seed=client_seed,
                client_seed_at=timezone.now() if client_seed else None,
            )
    except IntegrityError:
        raise ServiceError(f"Seat {seat_number} was just taken.") from None
    locked.seats.append(seat)
    if locked.hand is None:
        schedule_next_hand(table, timezone.now(), FIRST_DEAL_DELAY)
    return seat


def stand(table_id: int, user: User) -> None:
    """Leave the table: now if not in the live hand, else when it ends (folding on your turn).
    A player still waiting for the host's approval withdraws their request."""
    with table_change(table_id) as locked:
        _stand(locked, user)


def _stand(locked: Locked, user: User) -> None:
    table = locked.table
    if any(r["user_id"] == user.id for r in table.seat_requests):
        table.seat_requests = [r for r in table.seat_requests if r["user_id"] != user.id]
        return
    seat = locked.seat_of(user)
    if table.is_tournament:
        # Standing up would take tournament chips away (writer.free_seat says why).
        raise ServiceError(
            "You cannot leave a tournament while you have chips: sit out instead, and you "
            "will be blinded out until you come back."
        )
    if in_live_hand(locked, seat):
        seat.leave_after_hand = True
        seat.save(update_fields=["leave_after_hand"])
        assert locked.state is not None  # the seat is in the live hand
        if locked.state.actor == seat.number:
            advance_hand(locked, timezone.now())  # folds (or checks) for them at once
    else:
        free_seat(locked, seat)
        if locked.hand is None:
            schedule_next_hand(table, timezone.now(), next_hand_delay())


def set_sitting_out(table_id: int, user: User, sitting_out: bool) -> None:
    """Sit out from the next hand: in the hand being played you still act (or your clock
    runs out), as docs/protocol.md says."""
    with table_change(table_id) as locked:
        seat = locked.seat_of(user)
        if seat.sitting_out == sitting_out:
            raise ServiceError(
                "You are already sitting out." if sitting_out else "You are already playing."
            )
        seat.sitting_out = sitting_out
        seat.consecutive_timeouts = 0
        seat.save(update_fields=["sitting_out", "consecutive_timeouts"])
        if locked.hand is None and not sitting_out:
            schedule_next_hand(locked.table, timezone.now(), FIRST_DEAL_DELAY)


def set_straddle(table_id: int, user: User, straddle: bool) -> None:
    """Straddle (two big blinds before the cards) the next hand you are on the button or
    under the gun, as the host allows (games/services/play.py: the button's straddle first),
    or not. The table sees who will straddle."""
    with table_change(table_id) as locked:
        seat = locked.seat_of(user)
        table = locked.table
        if straddle and not (table.straddles_allowed or table.button_straddles_allowed):
            raise ServiceError("This table does not allow straddles (the host decides).")
        if seat.straddle_next == straddle:
            raise ServiceError("You already straddle the next time you may." if straddle
                               else "You have no straddle to take back.")
        seat.straddle_next = straddle
        seat.save(update_fields=["straddle_next"])


def _checked_client_seed(seed: str) -> str:
    try:
        return check_client_seed(seed)
    except ValueError as error:
        raise ServiceError(str(error)) from None


def set_client_seed(table_id: int, user: User, seed: str) -> None:
    """Your entropy for the fair deal, used from the next hand you are dealt into (the deck
    of a hand being played is already fixed); empty: none. Your view shows it
    (``you.client_seed``)."""
    seed = _checked_client_seed(seed)
    with table_change(table_id) as locked:
        seat = locked.seat_of(user)
        if seat.client_seed == seed:
            locked.leave_unchanged()  # a page sending its seed again after a reconnect
            return
        seat.client_seed, seat.client_seed_at = seed, timezone.now()
        seat.save(update_fields=["client_seed", "client_seed_at"])


def add_chips(table_id: int, user: User, amount: int) -> Seat:
    """Rebuy (from no chips) or top up at your own seat, from your bankroll. A rebuy is
    within the buy-in range; a top-up may bring the stack up to the maximum buy-in. During a
    hand you are in, the chips are queued and added when it ends
    (hand_records.add_queued_top_ups)."""
    with table_change(table_id) as locked:
        return _add_chips(locked, user, amount)


def _add_chips(locked: Locked, user: User, amount: int) -> Seat:
    table = locked.table
    seat = locked.seat_of(user)
    refusal = add_chips_refusal(
        closed=table.status == Table.Status.CLOSED, tournament=table.is_tournament,
        leaving=seat.leave_after_hand,
    )
    if refusal is not None:
        raise ServiceError(refusal)
    if amount <= 0:
        raise ServiceError("Add at least one chip.")
    in_hand = in_live_hand(locked, seat)
    # The same rule gives the page its range (``you.add_chips``, games/projection.py).
    room = add_chips_room(
        stack=seat.stack, in_hand=in_hand, queued=seat.queued_top_up,
        min_buy_in=table.min_buy_in, max_buy_in=table.max_buy_in,
    )
    fits = room is not None and room.low <= amount <= room.high
    if in_hand:
        _queue_top_up(locked, seat, amount, fits)
        return seat
    if not fits and seat.stack == 0:
        raise ServiceError(
            f"The buy-in must be between {table.min_buy_in} and {table.max_buy_in} chips."
        )
    if not fits:
        top = room.high if room is not None else 0
        raise ServiceError(
            f"Your stack may be topped up to the maximum buy-in of {table.max_buy_in}: "
            f"you can add at most {top} chips."
        )
    try:
        chips.top_up_if_broke(user)
        chips.buy_in(user, table, amount)
    except chips.ChipError as error:
        raise ServiceError(str(error)) from None
    name = user.get_username()
    said = f"rebought for {amount:,}" if seat.stack == 0 else f"added {amount:,} chips"
    notices.add(locked, "top_up", name, f"{name} {said} from their bankroll.")
    seat.stack += amount
    seat.busted_at = None
    seat.save(update_fields=["stack", "busted_at"])
    if locked.hand is None:
        schedule_next_hand(table, timezone.now(), FIRST_DEAL_DELAY)
    return seat


def _queue_top_up(locked: Locked, seat: Seat, amount: int, fits: bool) -> None:
    """Keep ``amount`` more for the end of the hand; the chips stay in the bankroll until
    then (the stack it will top up is not known before the hand ends). ``fits``: within
    the rule's room (games/add_chips_rule.py)."""
    table = locked.table
    queued = seat.queued_top_up + amount
    if not fits:
        raise ServiceError(
            f"You would have {queued} chips queued; a stack may be topped up to the maximum "
            f"buy-in of {table.max_buy_in}, so at most {table.max_buy_in - seat.queued_top_up} "
            "more can be queued."
        )
    bankroll = chips.bankroll_of(seat.user)
    if queued > bankroll:
        raise ServiceError(
            f"{queued} chips queued would be more than your bankroll of {bankroll}."
        )
    seat.queued_top_up = queued
    seat.save(update_fields=["queued_top_up"])  # your view says so (``you.top_up_queued``)


def busted_seat_time() -> timedelta:
    """How long a busted player keeps their seat to rebuy there (BUSTED_SEAT_SECONDS)."""
    return timedelta(seconds=settings.BUSTED_SEAT_SECONDS)


def free_busted_seats(now: datetime) -> None:
    """The clock frees the seats of players who busted and did not rebuy in time."""
    cutoff = now - busted_seat_time()
    tables = Seat.objects.filter(busted_at__lte=cutoff).values_list("table_id", flat=True)
    for table_id in set(tables):
        _free_busted_seats_at(table_id, cutoff)


def _free_busted_seats_at(table_id: int, cutoff: datetime) -> None:
    with table_change(table_id) as locked:
        expired = [
            s for s in locked.seats
            if s.busted_at is not None and s.busted_at <= cutoff and s.stack == 0
            and not in_live_hand(locked, s)
        ]
        if not expired:
            locked.leave_unchanged()
            return
        for seat in expired:
            name = seat.user.get_username()
            notices.add(locked, "seat_freed", name, f"{name} did not rebuy in time: seat "
                        f"{seat.number} is free again.")
            free_seat(locked, seat)
