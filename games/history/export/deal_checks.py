"""Verifying the deals of exported hands (PHH, .phhs, PokerStars text) from their fair-deal
records: what ``manage.py verify_deal FILE`` prints, one verdict per hand.

Each hand is replayed by the engine (so the cards read are the cards the hand used, in deal
order) and checked with ``games.engine.fair_deal.check_deal``: the server seed against the
commitment, the seeds against the hand's seats, and every known card against the deck the
seeds make. A hand without a record (dealt from a test's deck, or played on another site)
is not verifiable, and says so. A verified hand's verdict also says when its commitment was
shown (``FairDeal.timing``): before the deal, and before which client seeds.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.fair_deal import check_deal
from games.history.imports.reading import ReadHand, read_hands, table_seats


@dataclass(frozen=True)
class HandVerdict:
    label: str  # which hand of the file: "hand [3]", "PokerStars hand #41"
    ok: bool
    text: str  # the verdict for people


def verify_text(text: str) -> list[HandVerdict]:
    """A verdict for every hand of an export; PHHError when the text holds no hand at all.

    >>> [v.text for v in verify_text("variant = 'NT'\\n")]
    ["cannot be read: The required field 'antes' is missing."]
    """
    return [verify_hand(hand) for hand in read_hands(text)]


def verify_hand(hand: ReadHand) -> HandVerdict:
    if hand.replayed is None:
        return HandVerdict(hand.label, False, f"cannot be read: {hand.error}")
    deal = hand.fair_deal
    if deal is None:
        return HandVerdict(hand.label, False, (
            "not verifiable: it has no fair-deal record (a hand dealt from a test's deck, "
            "or played on another site)."
        ))
    seats = table_seats(hand.replayed)
    check = check_deal(deal, hand.replayed.state.deck, set(seats.values()) if seats else None)
    text = f"hand {deal.hand_number}, {check.verdict()}"
    if check.ok:
        text += f" {deal.timing()}"  # what the record says of when the seed was committed
    return HandVerdict(hand.label, check.ok, text)
