"""Table notices: what the host did (adjust, remove, approve, hand over), top-ups and rebuys,
and seats the clock freed, told to everyone at the table in its log.

They live on the table row (``Table.notices``), so the writer changes them under its lock;
a socket's snapshot carries every one kept, and each update the ones its change added
(games/projection.py). Only public facts go in: names,
seats, amounts and the host's reason, as the table's ledger has them.
"""

from django.contrib.auth.models import User

from games.projection import NOTICES_KEPT
from games.services.writer import Locked


def add(locked: Locked, kind: str, player: str, text: str) -> None:
    """Add one notice, after the latest hand (its number, or None before the first)."""
    table = locked.table
    kept = list(table.notices or [])
    seq = kept[-1]["seq"] + 1 if kept else 1
    hand = locked.last_hand.number if locked.last_hand is not None else None
    kept.append({"seq": seq, "hand": hand, "kind": kind, "player": player, "text": text})
    table.notices = kept[-NOTICES_KEPT:]


def who(locked: Locked, user: User) -> str:
    """How a notice names whoever ran the table: the host, a club's manager or staff."""
    table = locked.table
    role = "host" if table.host_id == user.id else (
        "club manager" if not user.is_staff and table.club_id is not None else "staff"
    )
    return f"{user.get_username()} ({role})"
