"""Hand histories to download: PHH and PokerStars text, for one hand or a table session.

Every export is written from the masked state of a ``Review`` (see masking.py), so it holds
only cards the requesting player may see: PHH writes the others' unknown hole cards as
``????`` (as the standard says), PokerStars text leaves them out.
"""

from __future__ import annotations

from datetime import UTC

from games.engine import export_phh
from games.history.pokerstars import HandInfo, write_hand, write_hands
from games.history.queries import Review


def phh_text(review: Review) -> str:
    """One hand as PHH (TOML), players named, unknown cards as ``????``."""
    state = review.state
    hand = review.hand
    started = hand.started_at.astimezone(UTC)
    return export_phh(
        state,
        players=[review.names.get(seat, f"seat {seat}") for seat in state.seats],
        venue="Poker room",
        table=hand.table.name,
        hand=hand.number,
        day=started.day,
        month=started.month,
        year=started.year,
        timed_out=review.timed_out,
    )


def phh_file(reviews: list[Review]) -> str:
    """Several hands as one ``.phhs`` file: a TOML table per hand, ``[1]``, ``[2]``..."""
    return "\n".join(f"[{k}]\n{phh_text(r)}" for k, r in enumerate(reviews, start=1))


def hand_info(review: Review) -> HandInfo:
    hand = review.hand
    return HandInfo(
        number=hand.id,
        table=hand.table.name,
        max_seats=hand.table.max_seats,
        started_at=hand.started_at.astimezone(UTC),
        names=review.names,
        hero_seat=review.seat,
        timed_out=review.timed_out,
    )


def pokerstars_text(review: Review) -> str:
    return write_hand(review.state, hand_info(review))


def pokerstars_file(reviews: list[Review]) -> str:
    return write_hands([(r.state, hand_info(r)) for r in reviews])


def filename(review: Review, extension: str) -> str:
    hand = review.hand
    return f"table{hand.table_id}-hand{hand.number}.{extension}"
