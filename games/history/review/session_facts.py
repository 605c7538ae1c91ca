"""The session review's facts of each hand, stored once (``HandFacts``) and read back in one
query: written when a hand played here ends (``record_played``, one row per player, from that
player's seat) and when a hand is imported (``record_imported``, the hero's row); migration
0020 filled them for the hands stored before. Each value is ``session.facts``'s, computed
from the same state the review used to replay: the player's masked view of a played hand
(``masking.masked_state``), the whole state of an imported one (its uploader knows it all).

Reading (``samples``) takes the review's filters: the played hands' (table, dates, result),
the imported hands' (site, stakes, dates, position, result, upload), or both (dates only).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import date, datetime

from django.db import connections
from django.db.models import F, QuerySet
from django.urls import reverse

from games import plain_sql
from games.engine import EventKind, HandState
from games.history.masking import masked_state
from games.history.review.session import Sample, all_in_adjusted, facts, needs_equity
from games.history.review.session_tournaments import imported_key, played_key
from games.models import Hand, HandFacts, HandPlayer, ImportedHand, Table

logger = logging.getLogger(__name__)

# An all-in hand's adjusted net not worked out yet (record_played leaves it to the review).
PENDING = "pending"
# The columns a review reads, in the order of ``Sample``'s fields after its key.
COLUMNS = ("position", "net", "adjusted", "showdown", "vpip", "pfr", "three_bet", "wtsd",
           "wsd", "big_blind", "scale", "currency", "tournament")
# The most hands one review counts (the newest); the page stays well under a second.
MAX_HANDS = 200_000


def facts_row(state: HandState, seat: int, net: int, model: type = HandFacts,
              equity: bool = True, **fields) -> HandFacts:
    """The row of one finished hand from ``seat`` (not saved); ``fields``: the row's other
    columns (owner, hand or imported, played_at, scale, currency, tournament); ``model``:
    HandFacts, or the migration's historical one. Without ``equity`` an all-in hand's
    adjusted net is left ``PENDING`` (``fill_pending`` works it out when a review reads it)."""
    pending = not equity and needs_equity(state, seat)
    f = facts(state, seat, net, equity=not pending)
    folded = any(e.kind is EventKind.FOLD and e.seat == seat for e in state.events)
    adjusted = PENDING if pending else "" if f.adjusted is None else str(f.adjusted)
    return model(
        seat=seat, position=f.position, net=net, adjusted=adjusted, showdown=f.showdown,
        folded=folded, vpip=f.vpip, pfr=f.pfr, three_bet=f.three_bet, wtsd=f.wtsd, wsd=f.wsd,
        big_blind=state.config.big_blind, **fields,
    )


def played_rows(hand: Hand, state: HandState, players: Iterable[HandPlayer] | None = None,
                model: type = HandFacts, equity: bool = True) -> list[HandFacts]:
    """Every player's row of a complete hand played here (``state``: its whole state;
    ``players``: its HandPlayer rows, finishing stacks set, when the caller has them).
    Each player's facts come from their own view of the hand."""
    tournament = played_key(hand)
    rows = []
    for player in hand.players.all() if players is None else players:
        assert player.finishing_stack is not None  # the hand is complete
        rows.append(facts_row(
            masked_state(state, player.seat), player.seat,
            player.finishing_stack - player.starting_stack, model, owner_id=player.user_id,
            hand=hand, played_at=hand.started_at, tournament=tournament, equity=equity,
        ))
    return rows


def record_played(hand: Hand, state: HandState, players: Iterable[HandPlayer],
                  table: Table) -> None:
    """Store the rows of a hand that has just ended (``hand_records.finish_hand``, which
    gives its locked ``table``: the hand's tournament is then read without a query at a
    cash table). An all-in's equities are left for the first review that reads them: they
    can take a second to count, and the table is locked here."""
    hand.table = table
    try:
        rows = played_rows(hand, state, players, equity=False)
    except Exception:  # a bug here must not stop the table: the hand ends, the review lacks it
        logger.exception("No session-review facts for hand %s", hand.id)
        return
    HandFacts.objects.bulk_create(rows, ignore_conflicts=True)


def imported_row(hand: ImportedHand, state: HandState | None = None,
                 model: type = HandFacts, equity: bool = True) -> HandFacts | None:
    """The hero's row of an imported hand; None for a hand without the hero or unsettled
    (the review leaves those out)."""
    if hand.hero_seat is None or hand.net is None or not hand.settled:
        return None
    state = state or HandState.from_dict(hand.state)
    return facts_row(
        state, hand.hero_seat, hand.net, model, owner_id=hand.owner_id, imported=hand,
        played_at=hand.played_at, scale=hand.scale, currency=hand.currency,
        tournament=imported_key(hand), equity=equity,
    )


def record_imported(hands: Iterable[tuple[ImportedHand, HandState]]) -> None:
    """Store the rows of hands just imported (saved, with their ids), each with its state.
    An all-in's equities are left for the first review that reads them, as for a hand
    played here: they cost more than the rest of the import put together."""
    rows = [imported_row(hand, state, equity=False) for hand, state in hands]
    plain_sql.insert_each([row for row in rows if row is not None], ignore_conflicts=True)


def played_facts(
    user, *, table_id: int | None = None, since: date | None = None,
    until: date | None = None, result: str | None = None,
) -> QuerySet[HandFacts]:
    """The user's rows of hands played here, with "My hands"' filters."""
    rows = _dated(HandFacts.objects.filter(owner=user, hand__isnull=False), since, until)
    if table_id is not None:
        rows = rows.filter(hand__table_id=table_id)
    if result == "won":
        rows = rows.filter(net__gt=0)
    elif result == "lost":
        rows = rows.filter(net__lt=0, folded=False)
    elif result == "folded":
        rows = rows.filter(folded=True)
    return rows


def imported_facts(
    user, *, site: str | None = None, stakes: str | None = None, since: date | None = None,
    until: date | None = None, position: str | None = None, result: str | None = None,
    batch: int | None = None,
) -> QuerySet[HandFacts]:
    """The user's rows of imported hands, with the imported hands' filters."""
    rows = _dated(HandFacts.objects.filter(owner=user, imported__isnull=False), since, until)
    if site:
        rows = rows.filter(imported__site=site)
    if stakes:
        rows = rows.filter(imported__stakes=stakes)
    if position:
        rows = rows.filter(position=position)
    if result:
        rows = rows.filter(imported__result=result)
    if batch is not None:
        rows = rows.filter(imported__batch_id=batch)
    return rows


def all_facts(user, *, since: date | None = None, until: date | None = None
              ) -> QuerySet[HandFacts]:
    """Every row of the user's, played and imported, by date."""
    return _dated(HandFacts.objects.filter(owner=user), since, until)


def _dated(rows: QuerySet[HandFacts], since: date | None, until: date | None
           ) -> QuerySet[HandFacts]:
    if since is not None:
        rows = rows.filter(played_at__date__gte=since)
    if until is not None:
        rows = rows.filter(played_at__date__lte=until)
    return rows


def fill_pending(rows: QuerySet[HandFacts]) -> int:
    """Work out the all-in adjusted nets a hand's end left ``PENDING`` among ``rows``, and
    store them (a played hand's from its player's own view, as ``played_rows``; an imported
    one's from the whole hand, as ``imported_row``); how many."""
    pending = list(rows.filter(adjusted=PENDING).select_related("hand", "imported"))
    for row in pending:
        if row.hand is not None:
            state = masked_state(HandState.from_dict(row.hand.state), row.seat)
        else:  # an imported hand: its uploader knows every card of it
            assert row.imported is not None
            state = HandState.from_dict(row.imported.state)
        adjusted = all_in_adjusted(state, row.seat, row.net)
        row.adjusted = "" if adjusted is None else str(adjusted)
    HandFacts.objects.bulk_update(pending, ["adjusted"])
    return len(pending)


def samples(rows: QuerySet[HandFacts]) -> list[Sample]:
    """The review's samples of ``rows``, oldest first (undated hands first of all), the
    newest ``MAX_HANDS`` at most: one query, no hand replayed (but those of all-ins whose
    equities were left for now, ``fill_pending``)."""
    fill_pending(rows)
    newest = rows.order_by(F("played_at").desc(nulls_last=True), "-id").values_list(
        "hand_id", "imported_id", *COLUMNS)[:MAX_HANDS]
    # The queryset's own SQL on a plain cursor: Django's per-value converters (six booleans
    # a row, 0/1 on SQLite) cost more than the rest of the review at 100,000 hands, and the
    # review only asks whether a value is None or true.
    sql, params = newest.query.sql_with_params()
    with connections[newest.db].cursor() as cursor:
        cursor.execute(sql, params)
        fetched = cursor.fetchall()
    found = [
        Sample(f"p{hand}" if hand is not None else f"i{imported}", *row)
        for hand, imported, *row in fetched
    ]
    found.reverse()
    return found


def listed(keys: Iterable[str]) -> dict[str, tuple[str, str, datetime | None]]:
    """Key -> (url, label, date) of the hands the page lists (a few, never all)."""
    keys = list(keys)
    played = [int(k[1:]) for k in keys if k.startswith("p")]
    imported = [int(k[1:]) for k in keys if k.startswith("i")]
    found: dict[str, tuple[str, str, datetime | None]] = {}
    for hand in Hand.objects.filter(id__in=played).select_related("table").only(
            "number", "started_at", "table__name"):
        found[f"p{hand.id}"] = (reverse("history:hand", args=[hand.id]),
                                f"{hand.table.name} #{hand.number}", hand.started_at)
    for item in ImportedHand.objects.filter(id__in=imported).only(
            "site", "site_hand", "played_at"):
        found[f"i{item.id}"] = (reverse("history:imported_hand", args=[item.id]),
                                f"{item.site} #{item.site_hand or item.id}", item.played_at)
    return found
