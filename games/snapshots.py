"""Reading a ``TableSnapshot`` (games/projection.py) from the database.

The writer captures one inside its locked transaction, right after saving a change, so the
views of a version are built from exactly the state it committed. A socket that connects
(or asks to ``sync``) loads one without a lock, checking the version did not move while it
read; this is the only table read a socket makes.
"""

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Count
from django.utils import timezone

from games import bet_presets, plain_sql
from games.access import club_manager_ids
from games.engine import HandState
from games.engine.fair_deal import shown_record
from games.engine.tournament.payouts import prizes
from games.models import Hand, HandAction, Seat, Table, Tournament
from games.projection import TABLE_FIELDS, HandOnShow, Person, SeatRow, Since, TableSnapshot

SEAT_FIELDS = (
    "number", "user_id", "user__username", "user__player__bankroll", "stack", "sitting_out",
    "entry", "leave_after_hand", "consecutive_timeouts", "user__player__bot_style", "busted_at",
    "user__is_staff", "queued_top_up", "client_seed", "straddle_next",
    "user__player__bet_presets",
)
# Read for every version a writer publishes: compiled once (games/plain_sql.py says why).
_SEATS = plain_sql.CompiledQuery(
    lambda table_id: Seat.objects.filter(table_id=table_id).order_by("number").values(*SEAT_FIELDS),
    0,
)
_TIMED_OUT = plain_sql.CompiledQuery(
    # No ordering: the model's default one would join the hand for nothing.
    lambda hand_id: HandAction.objects.filter(hand_id=hand_id, timed_out=True)
    .order_by()
    .values_list("sequence", flat=True),
    0,
)
# Where a Hand object keeps its timed-out sequences once read (timed_out_sequences).
_TIMED_OUT_KEY = "_timed_out_sequences"
# Where a Hand object keeps its fair-deal record as shown (fair_deal_shown).
_FAIR_DEAL_KEY = "_fair_deal_shown"
# A socket's snapshot is re-read when a writer committed while it was being read.
LOAD_ATTEMPTS = 3


def capture(
    table: Table,
    hand: Hand | None,
    state: HandState | None,
    people: Iterable[int] = (),
    since: Since | None = None,
) -> TableSnapshot:
    """The table as it stands in this transaction.

    ``hand`` is the hand on show (live, or the last one finished; None for none) and
    ``state`` its engine state. Personal parts are made for everyone seated, everyone dealt
    into the hand, and the users in ``people`` (who were seated when the change began, the
    host, or the user a socket's snapshot is for). ``since``: what the sockets had before
    (the writer's change; its update then carries only what came after). Three queries
    (seats, timed-out actions of the hand), four when someone not seated needs a personal
    part.
    """
    rows = [dict(zip(SEAT_FIELDS, row, strict=True)) for row in _SEATS.rows(table.id)]
    seats = tuple(
        SeatRow(
            number=row["number"],
            user_id=row["user_id"],
            name=row["user__username"],
            stack=row["stack"],
            sitting_out=row["sitting_out"],
            waiting=row["entry"] == Seat.Entry.WAIT_FOR_BB,
            leaving=row["leave_after_hand"],
            posting=row["entry"] == Seat.Entry.POST_BB,
            timed_out=row["sitting_out"] and row["consecutive_timeouts"] > 0,
            bot=bool(row["user__player__bot_style"]),
            straddle_next=row["straddle_next"],
            rebuy_until=(
                row["busted_at"] + timedelta(seconds=settings.BUSTED_SEAT_SECONDS)
                if row["busted_at"] else None
            ),
        )
        for row in rows
    )
    everyone = {
        row["user_id"]: Person(
            user_id=row["user_id"],
            name=row["user__username"],
            bankroll=row["user__player__bankroll"] or 0,
            seat=row["number"],
            sitting_out=row["sitting_out"],
            leaving=row["leave_after_hand"],
            is_staff=row["user__is_staff"],
            top_up_queued=row["queued_top_up"],
            client_seed=row["client_seed"],
            bet_presets=bet_presets.stored(row["user__player__bet_presets"]),
        )
        for row in rows
    }
    users = _hand_users(state)
    # Players waiting for the host's approval get their own part too: their status line.
    asking = {r["user_id"] for r in table.seat_requests}
    missing = (set(users.values()) | set(people) | asking) - set(everyone)
    everyone.update(_people_not_seated(missing))
    on_show = None
    if hand is not None and state is not None:
        names = {seat: everyone[user].name for seat, user in users.items() if user in everyone}
        on_show = HandOnShow(
            number=hand.number,
            state=state,
            deadline=hand.action_deadline if hand.status == Hand.Status.IN_PROGRESS else None,
            names=names,
            users=users,
            on_time_bank=hand.on_time_bank and hand.status == Hand.Status.IN_PROGRESS,
            timed_out=timed_out_sequences(hand),
            fair_deal=fair_deal_shown(hand),
        )
    table_fields = {name: getattr(table, name) for name in TABLE_FIELDS}
    table_fields["host_id"] = table.host_id
    # A club's owner and managers get the host tools at its tables (games/access.py).
    table_fields["manager_ids"] = club_manager_ids(table.club_id)
    table_fields["seat_requests"] = list(table.seat_requests)
    table_fields["next_hand_at"] = table.next_hand_at
    table_fields["time_bank_seconds"] = max(0, int(settings.TIME_BANK_SECONDS))
    table_fields["runout_street_seconds"] = max(0.0, float(settings.RUNOUT_STREET_SECONDS))
    if table.is_tournament:
        live = hand is not None and hand.status == Hand.Status.IN_PROGRESS
        table_fields["tournament"] = tournament_facts(table, live)
    return TableSnapshot(table_fields, seats, on_show, everyone, timezone.now(), since)


def timed_out_sequences(hand: Hand) -> frozenset[int]:
    """The sequences of the hand's actions the clock took for an absent player.

    Read once per ``Hand`` object: the writer adds to it when the clock acts
    (``remember_timed_out``), and a process keeps a table's ``Hand`` objects between its
    own changes (games/services/table_memory.py), so a change reads it only after another
    process moved the table on. With ``TABLE_MEMORY_CHECK`` it is read every time and
    compared."""
    known: frozenset[int] | None = hand.__dict__.get(_TIMED_OUT_KEY)
    if known is None or settings.TABLE_MEMORY_CHECK:
        stored = frozenset(row[0] for row in _TIMED_OUT.rows(hand.id))
        if known is not None and known != stored:
            raise RuntimeError(
                f"Hand {hand.id}: this process remembers the clock's actions {sorted(known)}, "
                f"the database holds {sorted(stored)}."
            )
        hand.__dict__[_TIMED_OUT_KEY] = known = stored
    return known


def fair_deal_shown(hand: Hand) -> dict[str, Any] | None:
    """The hand's fair-deal record as it may be shown: the server seed only once the hand is
    over (a live hand's is never captured). Worked out once per ``Hand`` object and state of
    play, as the record is fixed when the hand is dealt; the result is never changed."""
    over = hand.status != Hand.Status.IN_PROGRESS
    known = hand.__dict__.get(_FAIR_DEAL_KEY)
    if known is None or known[0] is not hand.fair_deal or known[1] != over:
        known = (hand.fair_deal, over, shown_record(hand.fair_deal, over))
        hand.__dict__[_FAIR_DEAL_KEY] = known
    return known[2]


def remember_timed_out(hand: Hand, sequence: int) -> None:
    """The clock just stored the action ``sequence`` of ``hand``: add it to what is known."""
    known = hand.__dict__.get(_TIMED_OUT_KEY)
    if known is not None:
        hand.__dict__[_TIMED_OUT_KEY] = known | {sequence}


def tournament_facts(table: Table, hand_live: bool) -> dict[str, Any] | None:
    """What the felt's tournament line is built from (games/tournament_line.py): one query.
    ``hands_played`` counts the hands before the one being played, whose level it keeps."""
    tournament = (
        Tournament.objects.filter(table_id=table.id).annotate(entrants=Count("entries")).first()
    )
    if tournament is None:
        return None
    entrants: int = tournament.entrants  # the annotation
    return {
        "name": tournament.name,
        "status": tournament.status,
        "entrants": entrants,
        "starting_stack": tournament.starting_stack,
        "prizes": prizes(tournament.prize_pool(entrants), tournament.payout, entrants),
        "schedule": tournament.schedule,
        "started_at": tournament.started_at,
        "hands_played": table.hands_played - (1 if hand_live else 0),
        "deal": tournament.deal,
        # Its options, for the line to say when each ends.
        "late_levels": tournament.late_levels,
        "addon": {"level": tournament.addon_level, "price": tournament.addon_price,
                  "chips": tournament.addon_chips} if tournament.addon_level else None,
    }


def _hand_users(state: HandState | None) -> dict[int, int]:
    """Seat -> user id of the hand's players (the engine's player ids are user ids)."""
    if state is None:
        return {}
    return {p.seat: int(p.player_id) for p in state.players}


def _people_not_seated(user_ids: set[int]) -> dict[int, Person]:
    if not user_ids:
        return {}
    rows = get_user_model().objects.filter(id__in=user_ids).values_list(
        "id", "username", "player__bankroll", "is_staff"
    )
    return {
        user: Person(user, name, bankroll or 0, is_staff=is_staff)
        for user, name, bankroll, is_staff in rows
    }


def hand_on_show(table_id: int) -> tuple[Hand | None, HandState | None]:
    """The table's latest hand and its state; a voided hand is not shown."""
    hand = Hand.objects.filter(table_id=table_id).order_by("-number").first()
    if hand is None or hand.status == Hand.Status.VOIDED:
        return None, None
    return hand, HandState.from_dict(hand.state)


def load(table_id: int, user_id: int | None = None) -> TableSnapshot | None:
    """The table as committed now (with a personal part for ``user_id`` too, when given);
    None if there is no such table."""
    snapshot = None
    for _ in range(LOAD_ATTEMPTS):
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            return None
        hand, state = hand_on_show(table_id)
        people = {u for u in (user_id, table.host_id) if u is not None}
        snapshot = capture(table, hand, state, people=people)
        if Table.objects.filter(pk=table_id, version=table.version).exists():
            break
    return snapshot
