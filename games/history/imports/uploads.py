"""Importing hand histories into "My hands": an upload is cut into hands once, then imported a
few hands per request so the page can show a progress bar (``start`` then ``step`` until
``batch.finished``). Every hand is imported, found already imported, or refused with the
reason; the summary lists them all. A hand is stored with its own text, so nothing is lost.

Which player is "you": the name given with the upload, else the player PokerStars dealt the
cards to ("Dealt to ..."). Hands without you in them are kept too, with no net or position.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re

from django.db import connections, transaction
from django.utils import timezone

from games import plain_sql
from games.engine import UNKNOWN, EventKind, HandState, PHHError
from games.engine.positions import positions
from games.history.imports import continuity
from games.history.imports.formats import format_named
from games.history.imports.reading import (
    ReadHand,
    clean,
    money,
    names,
    read_part,
    seat_count,
    split_upload,
    table_seats,
)
from games.history.review import session_facts
from games.models import ImportBatch, ImportedHand, ImportPart

STEP = 25
MAX_CHARS = 20_000_000


def fingerprint(text: str) -> str:
    """The same hand uploaded twice has the same fingerprint (spacing does not count).

    >>> fingerprint("a  b\\n") == fingerprint("a b")
    True
    """
    return hashlib.sha256(re.sub(r"\s+", " ", text).strip().encode()).hexdigest()


def start(owner, text: str, *, filename: str = "", hero_name: str = "") -> ImportBatch:
    """Cut an upload into hands and record it; PHHError when it holds no hand at all."""
    if len(text) > MAX_CHARS:
        raise PHHError(f"The upload is too big (more than {MAX_CHARS:,} characters).")
    parts = split_upload(clean(text))
    with transaction.atomic():
        batch = ImportBatch.objects.create(
            owner=owner, filename=filename[:200], hero_name=hero_name.strip()[:100],
            total=len(parts),
        )
        plain_sql.insert_each(
            ImportPart(batch=batch, number=k, source=source, name=name, text=part)
            for k, (source, name, part) in enumerate(parts)
        )
    return batch


def step(batch: ImportBatch, count: int = STEP) -> ImportBatch:
    """Import the next ``count`` hands of the batch (one transaction); returns the batch.
    The same few queries whatever ``count`` is: every row is written in bulk."""
    with transaction.atomic():
        batch = ImportBatch.objects.select_for_update().get(pk=batch.pk)
        todo = list(batch.parts.filter(number__gte=batch.done, number__lt=batch.done + count))
        marks = [fingerprint(part.text) for part in todo]
        seen = set(
            # Unordered: the model's order by date made SQLite walk every hand of the owner's.
            ImportedHand.objects.filter(owner=batch.owner_id, fingerprint__in=marks)
            .order_by().values_list("fingerprint", flat=True)
        )
        rows = []
        for part, mark in zip(todo, marks, strict=True):
            hand = read_part(part.source, part.name, part.text)
            if hand.replayed is None:
                batch.refused.append({"hand": hand.label, "reason": hand.error or "unreadable"})
                part.refused = True
                continue
            row = record(hand, batch, mark)
            if row.settled:
                part.stacks = _stacks(part.number, hand, row)
            if mark in seen:
                batch.duplicates += 1
                continue
            seen.add(mark)
            assert hand.replayed is not None
            rows.append((row, hand.replayed.state))
        plain_sql.insert_each([row for row, _state in rows], ignore_conflicts=True)
        _record_facts(batch, rows)
        _mark_read(todo)
        batch.imported += len(rows)
        batch.done += len(todo)
        changed = ["done", "imported", "duplicates", "refused"]
        if batch.finished:
            # A file read in one step has every part here: no query for the records.
            batch.review = (_review_of(todo) if len(todo) == batch.total else _review(batch))
            changed.append("review")
        batch.save(update_fields=changed)
    return batch


def _mark_read(parts: list[ImportPart]) -> None:
    """Each part's stack record and refusal, in one statement run for every part (Django's
    ``bulk_update`` builds a CASE of every row in Python: it cost more than the insert)."""
    stacks = ImportPart._meta.get_field("stacks")
    connection = connections[ImportPart.objects.db]
    table = connection.ops.quote_name(ImportPart._meta.db_table)
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {table} SET stacks = %s, refused = %s WHERE id = %s",
            [(stacks.get_db_prep_save(part.stacks, connection), part.refused, part.id)
             for part in parts],
        )


def _review(batch: ImportBatch) -> list[dict[str, str]]:
    """The stack continuity check over the whole file, once it is read (one query)."""
    if batch.total < 2:  # one hand has no next hand
        return []
    return _checked(batch.parts.values_list("number", "stacks", "refused"))


def _review_of(parts: list[ImportPart]) -> list[dict[str, str]]:
    """``_review`` of a file whose every part is at hand."""
    return _checked((part.number, part.stacks, part.refused) for part in parts)


def _checked(parts) -> list[dict[str, str]]:
    records, refused = [], []
    for number, stacks, was_refused in parts:
        if was_refused:
            refused.append(number)
        elif stacks is not None:
            records.append(stacks)
    return continuity.differences(records, refused)


def _stacks(index: int, hand: ReadHand, row: ImportedHand) -> continuity.Record:
    """The hand's stacks for the continuity check, its table named by site, tournament and
    table."""
    replayed = hand.replayed
    assert replayed is not None
    table = f"{row.site}\n{row.tournament}\n{row.table_name}" if row.table_name else ""
    return continuity.stack_record(
        index, hand.label, table, row.played_at.isoformat() if row.played_at else "",
        replayed.state, names(replayed), replayed.rake, row.scale, money(replayed).format,
        continuity.top_ups(hand.text),
    )


def _record_facts(batch: ImportBatch, rows: list[tuple[ImportedHand, HandState]]) -> None:
    """The session review's facts of the hands just stored (their ids read back: a bulk
    insert that skips conflicts does not return them)."""
    if not rows:
        return
    ids = dict(ImportedHand.objects.filter(
        owner=batch.owner_id, fingerprint__in=[row.fingerprint for row, _state in rows]
    ).order_by().values_list("fingerprint", "id"))
    for row, _state in rows:
        row.id = ids.get(row.fingerprint)
    session_facts.record_imported((row, state) for row, state in rows if row.id is not None)


def run(batch: ImportBatch) -> ImportBatch:
    """Import every hand left (for a browser without JavaScript)."""
    while not batch.finished:
        batch = step(batch, 200)
    return batch


def _hero(hand: ReadHand, seat_names: dict[int, str], wanted: str) -> int | None:
    for name in (wanted, hand.hero or ""):
        if not name:
            continue
        for seat, player in seat_names.items():
            if player.casefold() == name.casefold():
                return seat
    return None


def _site_name(source: str) -> str:
    site_format = format_named(source)
    return site_format.site if site_format else ""


def _aware(when: dt.datetime | None) -> dt.datetime | None:
    if when is None or timezone.is_aware(when):
        return when
    return timezone.make_aware(when, dt.UTC)


def _level(value: object) -> int | None:
    """PHH's ``level``, kept when it is a level number a table could have reached."""
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1000:
        return value
    return None


def record(hand: ReadHand, batch: ImportBatch, mark: str) -> ImportedHand:
    """The row of one replayed hand (not saved)."""
    replayed = hand.replayed
    assert replayed is not None
    state = replayed.state
    seat_names = names(replayed)
    cash = money(replayed)
    hero = _hero(hand, seat_names, batch.hero_name)
    fields = replayed.fields
    net = result = None
    hole = ""
    if hero is not None:
        player = state.player(hero)
        hole = "".join(player.hole) if UNKNOWN not in player.hole else ""
        if replayed.settled:
            net = replayed.net_after_rake()[hero]
            folded = any(e.kind is EventKind.FOLD and e.seat == hero for e in state.events)
            result = "won" if net > 0 else "folded" if folded else "lost" if net < 0 else "even"
    config = state.config
    return ImportedHand(
        owner_id=batch.owner_id,
        batch=batch,
        source=hand.source,
        site=str(fields.get("venue") or _site_name(hand.source))[:60],
        site_hand=str(fields.get("hand") or "")[:60],
        table_name=str(fields.get("table") or "")[:100],
        played_at=_aware(hand.played_at),
        time_zone=hand.zone if hand.played_at is not None and hand.played_at.tzinfo else "",
        seat_count=seat_count(replayed),
        table_seats={str(seat): number for seat, number in table_seats(replayed).items()},
        currency=cash.symbol,
        scale=cash.scale,
        small_blind=config.small_blind,
        big_blind=config.big_blind,
        stakes=f"{cash.stars(config.small_blind)}/{cash.stars(config.big_blind)}",
        player_count=len(state.players),
        names={str(seat): name for seat, name in seat_names.items()},
        hero_seat=hero,
        position=positions(state).get(hero, "") if hero is not None else "",
        hole_cards=hole,
        board="".join(c for c in state.board if c != UNKNOWN),
        net=net,
        result=result or "",
        settled=replayed.settled,
        note=replayed.unsettled or "",
        rake={str(seat): units for seat, units in replayed.rake.items()},
        state=state.to_dict(),
        fair_deal=hand.fair_deal.to_dict() if hand.fair_deal else None,
        tournament=str(fields.get("_tournament") or "")[:60],
        tournament_level=_level(fields.get("level")),
        text=hand.text,
        fingerprint=mark,
    )
