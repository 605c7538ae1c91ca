"""Hand histories to download: PHH and PokerStars text, for one hand or a table session.

Every export is written from the masked state of a ``Review`` (see masking.py), so it holds
only cards the requesting player may see: PHH writes the others' unknown hole cards as
``????`` (as the standard says), PokerStars text leaves them out. Both carry the hand's
fair-deal record (docs/fairness.md): PHH in ``_deal_...`` fields, PokerStars text in lines at
the end of the summary (fair_lines.py).
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

from games.engine import export_phh
from games.history.queries import Review
from games.history.stars.fair_lines import record_of
from games.history.stars.tournament import StarsTournament
from games.history.stars.writer import HandInfo, write_hand, write_hands
from games.history.tournament_hands import mark_of


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
        **fair_fields(review),
        **tournament_fields(review),
    )


def tournament_fields(review: Review) -> dict[str, Any]:
    """A sit-and-go's hand: PHH's ``event`` (the tournament) and ``level``, and our own
    ``_tournament`` (its number) and ``_buy_in``: its chips are tournament chips."""
    mark = mark_of(review.hand)
    if mark is None:
        return {}
    return {
        "event": mark.name, "level": mark.level,
        "_tournament": str(mark.tournament_id), "_buy_in": mark.buy_in,
    }


def fair_fields(review: Review) -> dict[str, Any]:
    """The hand's fair-deal record as PHH fields (none for a hand dealt from a given deck)."""
    deal = record_of(review.hand.fair_deal)
    return deal.phh_fields() if deal else {}


def phh_file(reviews: list[Review]) -> str:
    """Several hands as one ``.phhs`` file: a TOML table per hand, ``[1]``, ``[2]``... (a
    hand of several boards carries its board fields: games/engine/phh.py)."""
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
        fair_deal=record_of(hand.fair_deal),
        tournament=stars_tournament(review),
    )


def stars_tournament(review: Review) -> StarsTournament | None:
    mark = mark_of(review.hand)
    if mark is None:
        return None
    # Play chips have no fee: the whole buy-in goes to the prize pool.
    return StarsTournament(mark.tournament_id, f"{mark.buy_in}+0", mark.level)


def pokerstars_text(review: Review) -> str:
    return write_hand(review.state, hand_info(review))


def pokerstars_file(reviews: list[Review]) -> str:
    return write_hands([(r.state, hand_info(r)) for r in reviews])


def filename(review: Review, extension: str) -> str:
    hand = review.hand
    return f"table{hand.table_id}-hand{hand.number}.{extension}"
