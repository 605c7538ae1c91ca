"""What the hand-history pages show: rows of "my hands" and the replayer's JSON."""

from __future__ import annotations

from evaluator.cards import Card
from games.engine import UNKNOWN
from games.history.masking import masked_deck
from games.history.queries import Review
from games.history.replay.equity import street_equities
from games.history.replay.replayer import build_replay
from games.history.stars.fair_lines import record_of, replayer_part
from games.history.tournament_hands import mark_of


def card_faces(text: str) -> list[dict[str, str]]:
    """Cards for a template: "AsTd" -> rank "A", symbol "♠", suit "s"; then "10", "♦", "d".

    >>> [c["rank"] + c["symbol"] for c in card_faces("AsTd")]
    ['A♠', '10♦']
    """
    codes = [text[i : i + 2] for i in range(0, len(text) - 1, 2)]
    cards = [Card(code) for code in codes if code != UNKNOWN]
    return [
        {"code": str(c), "rank": c.rank.face, "suit": c.suit.char, "symbol": c.suit.symbol}
        for c in cards
    ]


def hand_row(player) -> dict:
    """One line of "my hands" (``player`` is an annotated HandPlayer)."""
    hand = player.hand
    if player.net_chips > 0:
        result = "won"
    elif player.folded:
        result = "folded"
    elif player.net_chips < 0:
        result = "lost"
    else:
        result = "even"
    return {
        "id": hand.id,
        "number": hand.number,
        "table": hand.table,
        "started_at": hand.started_at,
        "hole": card_faces(player.hole_cards),
        "board": card_faces(hand.board),
        "net": player.net_chips,
        "result": result,
        "tournament": mark_of(hand),
    }


def replay_data(review: Review) -> dict:
    """The replayer's JSON for one viewer: the steps and the equity of the visible hands."""
    data = build_replay(review.state, review.seat, review.names, timed_out=review.timed_out)
    data["equity"] = street_equities(review.state, review.visible, review.names)
    data["max_seats"] = review.hand.table.max_seats
    known = masked_deck(review.full_state, review.visible)
    data["fair_deal"] = replayer_part(record_of(review.hand.fair_deal), known)
    mark = mark_of(review.hand)
    data["tournament"] = None if mark is None else {
        "name": mark.name, "level": mark.level, "blinds": mark.blinds,
    }
    return data
