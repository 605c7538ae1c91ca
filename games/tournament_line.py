"""The felt's tournament line: level, blinds now and next, time (or hands) to the next
level, players left, average stack, prize pool and payouts, and a deal waiting for answers.

Built from plain facts the writer captured with the version (games/snapshots.py,
``tournament_facts``) and the snapshot's time, so it reads no database; everything in it is
public (every player at the table sees the same line, spectators too).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from games.engine.tournament.schedule import BlindSchedule


def tournament_line(
    facts: dict[str, Any] | None, stacks: list[int], now: datetime
) -> dict[str, Any] | None:
    """The line for a tournament table (None for a cash table). ``stacks``: the seats'.

    >>> from datetime import UTC
    >>> start = datetime(2026, 1, 1, tzinfo=UTC)
    >>> facts = {"name": "Friday", "status": "running", "entrants": 3, "starting_stack": 1000,
    ...          "prizes": [200, 100], "started_at": start, "hands_played": 4, "deal": None,
    ...          "schedule": {"levels": [{"small_blind": 10, "big_blind": 20, "ante": 0},
    ...                                  {"small_blind": 20, "big_blind": 40, "ante": 5}],
    ...                       "minutes": 10, "hands": None}}
    >>> line = tournament_line(facts, [1800, 1200], start + timedelta(minutes=4))
    >>> line["level"], line["blinds"], line["next_blinds"], line["seconds_to_next_level"]
    (1, {'small_blind': 10, 'big_blind': 20, 'ante': 0}, \
{'small_blind': 20, 'big_blind': 40, 'ante': 5}, 360)
    >>> line["players_left"], line["average_stack"], line["prize_pool"], line["payouts"]
    (2, 1500, 300, [{'place': 1, 'prize': 200}, {'place': 2, 'prize': 100}])
    """
    if facts is None:
        return None
    schedule = BlindSchedule.from_dict(facts["schedule"])
    started: datetime | None = facts["started_at"]
    elapsed = (now - started).total_seconds() if started else 0.0
    index = schedule.level_index(elapsed_seconds=elapsed, hands_played=facts["hands_played"])
    last = index == len(schedule.levels) - 1
    left = [s for s in stacks if s > 0]
    line: dict[str, Any] = {
        "name": facts["name"],
        "status": facts["status"],
        "level": index + 1,
        "blinds": schedule.levels[index].to_dict(),
        "next_blinds": None if last else schedule.levels[index + 1].to_dict(),
        "level_ends_at": None,
        "seconds_to_next_level": None,
        "hands_to_next_level": None,
        "players_left": len(left),
        "entrants": facts["entrants"],
        # Every chip in play (rebuys, re-entries and add-ons too) over the players left.
        "average_stack": sum(left) // len(left) if left else None,
        "prize_pool": sum(facts["prizes"]),
        "payouts": [
            {"place": place, "prize": prize}
            for place, prize in enumerate(facts["prizes"], start=1)
        ],
        "deal": _deal(facts["deal"]),
        **_options(facts, index + 1),
    }
    if started is not None and not last:
        if schedule.minutes is not None:
            seconds = schedule.seconds_to_next_level(elapsed)
            assert seconds is not None  # not the last level
            line["seconds_to_next_level"] = int(seconds)
            line["level_ends_at"] = (now + timedelta(seconds=seconds)).isoformat()
        elif schedule.hands is not None:
            line["hands_to_next_level"] = (index + 1) * schedule.hands - facts["hands_played"]
    return line


def _options(facts: dict[str, Any], level: int) -> dict[str, Any]:
    """Late registration's last level while it is open, and the add-on (its level, price
    and chips) until its level has passed; None when there is none (or no more).

    >>> _options({"late_levels": 4, "addon": {"level": 2, "price": 100, "chips": 1000}}, 3)
    {'late_registration_until': 4, 'addon': None}
    """
    late = facts.get("late_levels") or 0
    addon = facts.get("addon")
    return {
        "late_registration_until": late if level <= late else None,
        "addon": addon if addon and level <= addon["level"] else None,
    }


def _deal(deal: dict[str, Any] | None) -> dict[str, Any] | None:
    """A deal waiting for answers, as every player left sees it: who gets what, the exact
    ICM figure beside it, and who has agreed."""
    if deal is None:
        return None
    agreed = set(deal["agreed"])
    return {
        "method": deal["method"],
        "proposed_by": deal["proposed_by"],
        # Proposed during a hand: worked out and put to everyone when it ends.
        "pending": bool(deal.get("pending")),
        "players": [
            {"name": p["name"], "stack": p["stack"], "icm": p["icm"],
             "icm_chips": p["icm_chips"], "amount": p["amount"],
             "agreed": p["user_id"] in agreed}
            for p in deal["players"]
        ],
    }
