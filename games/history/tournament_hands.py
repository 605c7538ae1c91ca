"""Which hands of the history were played in a sit-and-go, and at which blind level.

A tournament hand is marked everywhere history shows it (My hands, the replayer, the
exports), because its chips are tournament chips: they are not money, and the session
review counts a tournament by its prize less its buy-in instead (``session.py``).
The level is the one recorded on the hand at its deal (``Hand.tournament_level``); its
blinds come from the tournament's stored schedule, the same the deal used.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ObjectDoesNotExist

from games.models import Hand, Tournament


@dataclass(frozen=True)
class TournamentMark:
    """A hand's tournament, as history names it."""

    tournament_id: int
    name: str
    buy_in: int
    level: int  # counted from 1
    small_blind: int
    big_blind: int
    ante: int

    @property
    def blinds(self) -> str:
        """ "blinds 20/40" or "blinds 20/40, ante 5"."""
        ante = f", ante {self.ante}" if self.ante else ""
        return f"blinds {self.small_blind}/{self.big_blind}{ante}"

    @property
    def text(self) -> str:
        """What a page says: "Friday sit-and-go · level 2 · blinds 20/40"."""
        return f"{self.name} · level {self.level} · {self.blinds}"


def tournament_of_hand(hand: Hand) -> Tournament | None:
    """The sit-and-go the hand was dealt in (select ``table__tournament`` to save a query)."""
    if not hand.table.is_tournament or hand.tournament_level is None:
        return None
    try:
        return hand.table.tournament
    except ObjectDoesNotExist:  # a tournament table whose tournament was deleted
        return None


def mark_of(hand: Hand) -> TournamentMark | None:
    """The hand's tournament mark, or None for a cash hand."""
    tournament = tournament_of_hand(hand)
    if tournament is None:
        return None
    level_number = hand.tournament_level
    assert level_number is not None  # tournament_of_hand checked it
    levels = tournament.blind_schedule().levels
    level = levels[min(level_number, len(levels)) - 1]
    return TournamentMark(
        tournament_id=tournament.id, name=tournament.name, buy_in=tournament.buy_in,
        level=level_number, small_blind=level.small_blind, big_blind=level.big_blind,
        ante=level.ante,
    )
