"""Bankroll movements. Every change to a bankroll goes through here and writes a ledger row.

Callers hold a transaction; each function locks the player's row so two tables cannot
spend the same chips.
"""

from datetime import date

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from games.models import LedgerEntry, Player, Seat, Table, Tournament
from games.models.chips import DAILY_TOP_UP, STARTING_GRANT


class ChipError(Exception):
    """A bankroll operation that cannot happen; the message is for the player."""


def _record(player: Player, kind: str, amount: int, **fields) -> LedgerEntry:
    player.bankroll += amount
    if player.bankroll < 0:
        raise ChipError("That is more than your bankroll.")
    player.save(update_fields=["bankroll", "last_top_up"])
    return LedgerEntry.objects.create(
        user_id=player.user_id, kind=kind, amount=amount, bankroll_after=player.bankroll, **fields
    )


@transaction.atomic
def ensure_player(user, *, is_guest: bool = False) -> Player:
    """Return the user's Player, creating it with the starting grant the first time."""
    player, created = Player.objects.select_for_update().get_or_create(
        user=user, defaults={"is_guest": is_guest, "last_top_up": timezone.localdate()}
    )
    if created:
        _record(player, LedgerEntry.Kind.GRANT, STARTING_GRANT, reason="Welcome to the room")
    return player


def _locked_player(user) -> Player:
    player = Player.objects.select_for_update().filter(user=user).first()
    return player if player is not None else ensure_player(user)


@transaction.atomic
def top_up_if_broke(user, today: date | None = None) -> LedgerEntry | None:
    """Once a day, bring a player with no chips (bankroll and tables) back to the top-up."""
    today = today or timezone.localdate()
    player = _locked_player(user)
    # Tournament stacks are not bankroll chips (they never cash out): they do not count.
    cash_seats = Seat.objects.filter(user=user, table__is_tournament=False)
    at_tables = cash_seats.aggregate(total=Sum("stack"))["total"] or 0
    if player.last_top_up == today or player.bankroll + at_tables >= DAILY_TOP_UP:
        return None
    player.last_top_up = today
    return _record(player, LedgerEntry.Kind.TOP_UP, DAILY_TOP_UP - player.bankroll)


def buy_in(user, table: Table, amount: int) -> LedgerEntry:
    """Move ``amount`` from the bankroll to the table. Call inside the table's transaction."""
    player = _locked_player(user)
    if amount > player.bankroll:
        raise ChipError(f"A buy-in of {amount} is more than your bankroll of {player.bankroll}.")
    return _record(player, LedgerEntry.Kind.BUY_IN, -amount, table=table)


def cash_out(user, table: Table, amount: int) -> LedgerEntry | None:
    """Move a leaving player's stack back to the bankroll."""
    if amount == 0:
        return None
    player = _locked_player(user)
    return _record(player, LedgerEntry.Kind.CASH_OUT, amount, table=table)


def tournament_buy_in(user, tournament: Tournament) -> LedgerEntry:
    """Move a tournament's buy-in from the bankroll into its prize pool."""
    return _into_prize_pool(user, tournament, LedgerEntry.Kind.TOURNAMENT_BUY_IN, "buy-in")


def tournament_rebuy(user, tournament: Tournament) -> LedgerEntry:
    """Move a rebuy (the buy-in again) from the bankroll into the tournament's prize pool."""
    return _into_prize_pool(user, tournament, LedgerEntry.Kind.TOURNAMENT_REBUY, "rebuy")


def tournament_reentry(user, tournament: Tournament) -> LedgerEntry:
    """Move a re-entry (a new entry's buy-in) from the bankroll into the prize pool."""
    return _into_prize_pool(user, tournament, LedgerEntry.Kind.TOURNAMENT_REENTRY, "re-entry")


def tournament_addon(user, tournament: Tournament) -> LedgerEntry:
    """Move the add-on's price from the bankroll into the tournament's prize pool."""
    return _into_prize_pool(user, tournament, LedgerEntry.Kind.TOURNAMENT_ADDON, "add-on",
                            tournament.addon_price)


def _into_prize_pool(
    user, tournament: Tournament, kind: str, what: str, amount: int | None = None
) -> LedgerEntry:
    """``amount`` (the buy-in unless given) from the bankroll into the prize pool."""
    player = _locked_player(user)
    amount = tournament.buy_in if amount is None else amount
    if amount > player.bankroll:
        raise ChipError(
            f"The {what} of {amount:,} is more than your bankroll of {player.bankroll:,}."
        )
    return _record(player, kind, -amount, tournament=tournament)


def tournament_refund(user, tournament: Tournament) -> LedgerEntry:
    """Give a buy-in back from the prize pool (the player unregistered before the start)."""
    player = _locked_player(user)
    return _record(
        player, LedgerEntry.Kind.TOURNAMENT_REFUND, tournament.buy_in, tournament=tournament
    )


def tournament_prize(user, tournament: Tournament, amount: int) -> LedgerEntry | None:
    """Pay a prize from the tournament's prize pool to the bankroll (nothing for no prize)."""
    if amount <= 0:
        return None
    player = _locked_player(user)
    return _record(player, LedgerEntry.Kind.TOURNAMENT_PRIZE, amount, tournament=tournament)


@transaction.atomic
def adjust(user, amount: int, *, reason: str, staff) -> LedgerEntry:
    """A staff correction to a bankroll; the reason is required and recorded."""
    if not reason.strip():
        raise ChipError("A bankroll adjustment needs a reason.")
    if amount == 0:
        raise ChipError("An adjustment of zero changes nothing.")
    player = _locked_player(user)
    return _record(
        player, LedgerEntry.Kind.ADJUSTMENT, amount, reason=reason.strip(), created_by=staff
    )


def bankroll_of(user) -> int:
    return _locked_player(user).bankroll


def adjust_stack(seat: Seat, amount: int, *, reason: str, by) -> LedgerEntry:
    """The host moves chips between a seated player's bankroll and their stack: up to the
    table's maximum buy-in, from the bankroll (``amount`` > 0), or back to it (< 0).

    No chip is made or lost: a host cannot mint chips (issue 21), only staff adjust
    bankrolls (``adjust``). Call inside the table's transaction; the caller saves the seat.
    """
    name = seat.user.get_username()
    if not reason.strip():
        raise ChipError("A stack adjustment needs a reason.")
    if amount == 0:
        raise ChipError("An adjustment of zero changes nothing.")
    if seat.stack + amount < 0:
        raise ChipError(f"{name} has only {seat.stack} chips to take away.")
    ceiling = seat.table.max_buy_in
    if amount > 0 and seat.stack + amount > ceiling:
        room = max(0, ceiling - seat.stack)
        raise ChipError(
            f"A stack may be brought up to the maximum buy-in of {ceiling}: {name} can get "
            f"at most {room} more chips."
        )
    player = _locked_player(seat.user)
    if amount > player.bankroll:
        raise ChipError(
            f"{name}'s bankroll holds {player.bankroll} chips: the chips added to a stack come "
            "from it."
        )
    seat.stack += amount
    kind = LedgerEntry.Kind.HOST_ADD if amount > 0 else LedgerEntry.Kind.HOST_TAKE
    return _record(
        player, kind, -amount, table=seat.table, reason=reason.strip(), created_by=by
    )
