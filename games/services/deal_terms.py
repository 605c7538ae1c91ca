"""The terms of a deal among a sit-and-go's players left: each one's ICM equity (exact), what
the deal pays them, and the record kept on the tournament while it waits for answers. Shared
by the proposal (games/services/tournament_deals.py) and the end of a hand, which puts a deal
proposed during it to the players (games/services/tournament_table.py)."""

from enum import StrEnum
from fractions import Fraction
from typing import Any

from games.engine.tournament.icm import deal_amounts, equal_split, icm_equities
from games.engine.tournament.payouts import prizes
from games.models import Seat, Tournament
from games.services import notices
from games.services.writer import Locked


class DealMethod(StrEnum):
    ICM = "icm"
    EQUAL = "equal"


def deal_figures(
    method: DealMethod | str, stacks: list[int], prizes_left: list[int]
) -> tuple[list[Fraction], list[int]]:
    """Each player's ICM equity (exact) and what the deal pays them, in the order of
    ``stacks``: the ICM equities rounded to whole chips, or the prizes split equally (the
    odd chips to the bigger stacks first).

    >>> equities, amounts = deal_figures("icm", [50, 30, 20], [50, 30, 20])
    >>> [str(e) for e in equities], amounts
    (['1075/28', '131/4', '202/7'], [38, 33, 29])
    >>> deal_figures("equal", [20, 50, 30], [50, 30, 20])[1]
    [33, 34, 33]
    """
    equities = icm_equities(stacks, prizes_left)
    if DealMethod(method) is DealMethod.ICM:
        return equities, deal_amounts(equities, stacks)
    order = sorted(range(len(stacks)), key=lambda i: (-stacks[i], i))
    shares = equal_split(prizes_left, len(stacks))
    amounts = [0] * len(stacks)
    for share, index in zip(shares, order, strict=True):
        amounts[index] = share
    return equities, amounts


def players_left(locked: Locked) -> list[Seat]:
    return sorted((s for s in locked.seats if s.pk is not None and s.stack > 0),
                  key=lambda s: s.number)


def put_deal(locked: Locked, tournament: Tournament, method: DealMethod, name: str,
             agreed: list[int]) -> dict[str, Any]:
    """Work the deal out on the stacks now and keep it on the tournament, waiting for the
    answers (``agreed``: the proposer's id); no hand is dealt meanwhile. The caller closes
    late registration first (the players still out take their places)."""
    seats = players_left(locked)
    count = tournament.entries.count()
    prizes_left = prizes(tournament.prize_pool(count), tournament.payout, count)[: len(seats)]
    equities, amounts = deal_figures(method, [s.stack for s in seats], prizes_left)
    tournament.deal = {
        "method": method.value,
        "proposed_by": name,
        "prizes": prizes_left,
        "players": [
            {"user_id": s.user_id, "name": s.user.get_username(), "stack": s.stack,
             "icm": f"{e.numerator}/{e.denominator}", "icm_chips": f"{float(e):.2f}",
             "amount": amount}
            for s, e, amount in zip(seats, equities, amounts, strict=True)
        ],
        "agreed": agreed,
    }
    tournament.save(update_fields=["deal"])
    locked.table.next_hand_at = None  # no hand until everyone has answered
    said = ", ".join(f"{p['name']} {p['amount']:,}" for p in tournament.deal["players"])
    kind = "an ICM deal" if method is DealMethod.ICM else "an equal split"
    notices.add(locked, "deal", name, f"{name} proposes {kind}: {said}. Everyone left must agree.")
    return tournament.deal
