"""A sit-and-go at its table: the level's blinds at each deal, the busted players' places
and prizes at each hand's end, and the end, when one player holds every chip.

Called by the writer's own changes (``play.start_next_hand``, ``hand_records.finish_hand``)
inside the table's locked transaction. The tournament row changes only there while it runs,
so the table's lock covers it too.

Prizes are paid as places are decided: a player who busts in the money is paid from the
prize pool when the hand ends (their place and its prize can no longer change); the winner
is paid last. Every prize comes from ``payouts.prize_for_places``, so they add up to the
pool exactly. While late registration is open the field may still grow: a player who busts
then waits for a place (and may re-enter, games/services/tournament_late.py); when it
closes, those still out take the last places by the order they went out.
"""

from datetime import datetime

from games import chips, plain_sql
from games.engine import HandState
from games.engine.tournament.payouts import Bust, finishing_places, prize_for_places, prizes
from games.engine.tournament.schedule import BlindLevel
from games.models import Hand, Seat, Table, Tournament, TournamentEntry
from games.services import notices
from games.services.deal_terms import DealMethod, put_deal
from games.services.writer import Locked, ServiceError, free_seat


def tournament_of(table: Table) -> Tournament:
    return Tournament.objects.get(table_id=table.id)


def running_table(tournament_id: int, nothing: str) -> int:
    """The table of a tournament being played, to change (``table_change``); ``nothing``
    ends the refusal when it has none ("there is no deal to make")."""
    found = Tournament.objects.filter(pk=tournament_id).values_list("table_id", flat=True).first()
    if found is None:
        raise ServiceError(f"That tournament is not being played: {nothing}.")
    return found


def lock_running(locked: Locked, tournament_id: int, nothing: str) -> Tournament:
    """The tournament's row, locked after its table (the writer's lock comes first, as in
    every change at a table); refused, ending with ``nothing``, when it is not running."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    if tournament.status != Tournament.Status.RUNNING:
        raise ServiceError(f"{tournament.name} is not running: {nothing}.")
    return tournament


def seat_with_chips(locked: Locked, user_id: int) -> Seat | None:
    """The player's seat at the tournament's table while they have chips (still in), or
    None: a busted player's seat, with no chips, is theirs no longer."""
    return next((s for s in locked.seats
                 if s.pk is not None and s.user_id == user_id and s.stack > 0), None)


def deal_waiting(tournament: Tournament) -> str | None:
    """The refusal of a change that moves stacks (a rebuy, an add-on, a late entry) while a
    deal waits for the players' answers, or None when no deal waits."""
    if tournament.deal is None:
        return None
    return "A deal is waiting for answers: the stacks it was worked out on must not move."


def level_index(tournament: Tournament, now: datetime, hands_dealt: int) -> int:
    """The level in force for the next deal: by minutes since the start (the stored
    ``started_at``, so it holds across a restart), or by hands already dealt."""
    schedule = tournament.blind_schedule()
    if schedule.minutes is not None:
        assert tournament.started_at is not None  # a running tournament has started
        elapsed = (now - tournament.started_at).total_seconds()
        return schedule.level_index(elapsed_seconds=elapsed)
    return schedule.level_index(hands_played=hands_dealt)


def before_deal(locked: Locked, now: datetime) -> int | None:
    """Before a deal: None while a deal among the players waits for their answers (no
    hand meanwhile); else the table's blinds and ante become the level's (saved with the
    change's other table columns when the change ends) and the level, counted from 1, is
    returned for the hand's record."""
    table = locked.table
    tournament = tournament_of(table)
    if tournament.deal is not None:
        return None
    index = level_index(tournament, now, table.hands_played)
    if tournament.late_levels and not tournament.late_registration_open(index + 1):
        close_late_registration(locked, tournament)  # the players still out take places
    level: BlindLevel = tournament.blind_schedule().levels[index]
    table.small_blind, table.big_blind, table.ante = (
        level.small_blind, level.big_blind, level.ante
    )
    if index != tournament.level:
        tournament.level = index
        tournament.save(update_fields=["level"])
        ante = f", ante {level.ante:,}" if level.ante else ""
        notices.add(locked, "level", "", f"Level {index + 1}: blinds "
                    f"{level.small_blind:,}/{level.big_blind:,}{ante}.")
    return index + 1


def place_prizes(tournament: Tournament, entrants: int) -> list[int]:
    """The prize of each paid place, best first: the pool is exactly the buy-ins."""
    return prizes(tournament.prize_pool(entrants), tournament.payout, entrants)


def clockwise_from_button(seats: list[Seat], button: int) -> list[Seat]:
    """The seats in the order odd chips go: from the button's left round to the button."""
    return sorted(seats, key=lambda s: (s.number <= button, s.number))


def end_of_hand(locked: Locked, hand: Hand, state: HandState, now: datetime) -> None:
    """Pay the seats their stacks in tournament chips; the players who busted take their
    places (those who began the hand with more chips finish better; equal stacks tie) and
    their prizes, and leave; when one player is left, they win and the tournament ends."""
    result = state.result
    assert result is not None  # the hand is complete
    tournament = Tournament.objects.select_for_update().get(table_id=locked.table.id)
    entries = {e.user_id: e for e in tournament.entries.all()}
    playing = [e for e in entries.values() if e.status == TournamentEntry.Status.PLAYING]
    seats = [s for s in locked.seats if s.pk is not None]
    for seat in seats:
        if seat.number in result.finishing_stacks:
            seat.stack = result.finishing_stacks[seat.number]
    busted = [
        s for s in clockwise_from_button(seats, state.button)
        if s.number in result.finishing_stacks and s.stack == 0
    ]
    paid = place_prizes(tournament, len(entries))
    if busted:
        busts = [Bust(str(s.user_id), state.player(s.number).starting_stack) for s in busted]
        places = finishing_places(busts, players_before=len(playing))
        late = tournament.late_registration_open(tournament.level + 1)
        prizes_now = {} if late else prize_for_places(paid, places)
        for seat in busted:
            entry = entries[seat.user_id]
            name = seat.user.get_username()
            if late:
                _out_during_late_registration(tournament, entry, places, hand.number,
                                              state.player(seat.number).starting_stack)
                notices.add(locked, "busted", name, f"{name} is out; late registration is "
                            "open, so the place comes when it closes.")
            else:
                entry.place, entry.place_worst = places[str(seat.user_id)]
                pay_entry(tournament, entry, prizes_now[str(seat.user_id)], hand.number)
                won = f", and wins {entry.prize:,}" if entry.prize else ""
                notices.add(locked, "busted", name,
                            f"{name} is out in place {entry.place_text}{won}.")
            free_seat(locked, seat)
    left = [s for s in seats if s.stack > 0]
    if len(left) == 1:
        # One player holds every chip: late registration ends with the tournament.
        close_late_registration(locked, tournament)
        _win(locked, tournament, entries[left[0].user_id], left[0], paid, now)
        return
    for seat in left:
        plain_sql.update(seat, ["stack"])
    if tournament.deal is not None and tournament.deal.get("pending"):
        _put_pending_deal(locked, tournament, left)


def _put_pending_deal(locked: Locked, tournament: Tournament, left: list[Seat]) -> None:
    """A deal proposed during the hand just ended: worked out on the stacks it left and put
    to the players, or dropped when its proposer went out in it."""
    asked = tournament.deal
    assert asked is not None
    if not any(s.user_id == asked["agreed"][0] for s in left):
        tournament.deal = None
        tournament.save(update_fields=["deal"])
        notices.add(locked, "deal", asked["proposed_by"],
                    f"The deal {asked['proposed_by']} proposed is off: they are out.")
        return
    close_late_registration(locked, tournament)
    put_deal(locked, tournament, DealMethod(asked["method"]), asked["proposed_by"],
             asked["agreed"])


def _out_during_late_registration(
    tournament: Tournament, entry: TournamentEntry, places: dict[str, tuple[int, int]],
    hand_number: int, chips_at_start: int,
) -> None:
    """The entry is out while the field may still grow: no place yet, and the player may
    re-enter (games/services/tournament_late.py)."""
    entry.status = TournamentEntry.Status.BUSTED
    entry.busted_in_hand = hand_number
    entry.busted_with = chips_at_start
    entry.went_out_in = places[str(entry.user_id)][0]
    entry.save(update_fields=["status", "busted_in_hand", "busted_with", "went_out_in"])


def pay_entry(
    tournament: Tournament, entry: TournamentEntry, prize: int, hand_number: int | None
) -> None:
    """The entry has its place: it is finished and its prize paid from the pool."""
    entry.status = TournamentEntry.Status.FINISHED
    entry.prize = prize
    entry.busted_in_hand = hand_number
    entry.save(update_fields=["status", "place", "place_worst", "prize", "busted_in_hand"])
    chips.tournament_prize(entry.user, tournament, prize)


def _win(
    locked: Locked, tournament: Tournament, entry: TournamentEntry, seat: Seat,
    paid: list[int], now: datetime,
) -> None:
    """The last player holds every chip: first place and its prize."""
    entry.place, entry.place_worst = 1, 1
    pay_entry(tournament, entry, prize_for_places(paid, {"winner": (1, 1)})["winner"], None)
    name = seat.user.get_username()
    notices.add(locked, "won", name, f"{name} wins the tournament and {entry.prize:,}.")
    close_tournament(locked, tournament, now, ended_by="play")


def close_tournament(locked: Locked, tournament: Tournament, now: datetime, ended_by: str) -> None:
    """Every prize is paid: the tournament is over and its table closes; the seats left are
    freed, their tournament chips ending with the pool they stood for."""
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.ended_by = ended_by
    tournament.deal = None
    tournament.save(update_fields=["status", "finished_at", "ended_by", "deal"])
    table = locked.table
    table.status = Table.Status.CLOSED
    table.next_hand_at = None
    for seat in [s for s in locked.seats if s.pk is not None]:
        free_seat(locked, seat)


def close_late_registration(locked: Locked, tournament: Tournament) -> None:
    """Late registration is over (its last level has passed, or one player is left): the
    players still out take the last places, the first out the last place; those out in
    the same hand by their chips when it began (equal chips tie). A place in the money is
    paid now."""
    waiting = list(tournament.entries.filter(
        status=TournamentEntry.Status.BUSTED).select_related("user"))
    if not waiting:
        return
    paid = place_prizes(tournament, tournament.entries.count())
    still_in = tournament.entries.filter(status=TournamentEntry.Status.PLAYING).count()
    for hand in sorted({e.busted_in_hand or 0 for e in waiting}, reverse=True):
        out = [e for e in waiting if (e.busted_in_hand or 0) == hand]
        still_in += len(out)
        busts = [Bust(str(e.user_id), e.busted_with or 0) for e in out]
        places = finishing_places(busts, players_before=still_in)
        prizes_now = prize_for_places(paid, places)
        for entry in out:
            entry.place, entry.place_worst = places[str(entry.user_id)]
            pay_entry(tournament, entry, prizes_now[str(entry.user_id)], hand or None)
            name = entry.user.get_username()
            won = f", and wins {entry.prize:,}" if entry.prize else ""
            notices.add(locked, "busted", name, f"Late registration is over: {name} "
                        f"finishes in place {entry.place_text}{won}.")
