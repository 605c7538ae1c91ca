"""The fair deal of a live hand (docs/fairness.md): dealt from the server seed the table
committed to before the hand's client seeds were final, and the client seeds of the players
dealt in as they stand at the deal.

The seed of a table's next hand is drawn when the table is made and when a hand ends
(``Table.commit_next_deal``); its commitment is in the table view (``table.next_deal``) from
then on, the seed itself nowhere until that hand is over. A player who changes their client
seed after seeing the commitment defeats any choice of the seed the server could have made
against the seeds it knew.
"""

from datetime import datetime

from games.engine.fair_deal import FairDeal
from games.models import Seat, Table


def committed_deal(table: Table, seats: list[Seat], hand_number: int,
                   deck_size: int = 52) -> FairDeal:
    """The record of the hand dealt now to ``seats``, from the table's committed seed, which
    is used up (the view shows no next commitment until the hand ends), over the game's deck
    (``deck_size``: 36 for short deck). A table with none waiting (a hand started without
    one, which live play does not do) gets a seed drawn at the deal, and the record says so."""
    seeds = [(seat.number, seat.client_seed) for seat in seats]
    pending, shown = table.next_server_seed, table.next_deal
    table.next_server_seed, table.next_deal = "", None
    if not pending or not shown:
        return FairDeal.draw(seeds, hand_number, deck_size)
    shown_at = datetime.fromisoformat(shown["shown_at"].replace("Z", "+00:00"))
    after = [s.number for s in seats if s.client_seed_at and s.client_seed_at > shown_at]
    return FairDeal.committed(pending, seeds, hand_number, shown["shown_at"], after, deck_size)


def commit_after_hand(table: Table, now: datetime) -> None:
    """When a hand ends: commit to the next hand's seed, unless one is waiting already."""
    if not table.next_server_seed:
        table.commit_next_deal(now)
