"""Exact equity at each street, among the hands one viewer may see.

Privacy: the equity of a hand against cards the viewer may not see would itself reveal
something about those cards, so the hidden hands are never used, not even as dead cards.
Equity is computed only among the visible hands (the viewer's own and those shown at
showdown) that were still in at the start of each street, by the evaluator's exact
enumeration of every remaining board. With fewer than two such hands at a street there is
no figure: the alternative, equity against random hands, is not exact preflop (too many
boards times opponent hands to enumerate) and answers a different question than "how did
these hands stand".

An Omaha hand (four hole cards) is counted by the evaluator's Omaha equity, every run-out
too (at most 1,086,008 boards, heads-up before the flop). A short-deck hand is counted over
the 36-card deck in the hand's own order (``evaluator.short_deck_odds``: at most 201,376
boards), never over hold'em's 52 cards. Five-card Omaha and the hi/lo games are counted by
``evaluator.hi_lo_equity``: a hand's share of the pot, a hi/lo pot's halves and quarters
counted (a scoop 1, half the pot 1/2); every run-out from the flop on, and before the flop
a seeded sample of 20,000 (too many run-outs to count on a page view).

Results are cached by cards and board only (public to whoever asks), so a page view repeats
no enumeration.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.cache import cache

from games.engine import NO_LIMIT_HOLDEM, UNKNOWN, EventKind, Game, HandState, Street

STREETS = ((Street.PREFLOP, 0), (Street.FLOP, 3), (Street.TURN, 4), (Street.RIVER, 5))
CACHE_SECONDS = 30 * 24 * 3600


def exact_equity(hands: Sequence[Sequence[str]], board: Sequence[str],
                 game: Game = NO_LIMIT_HOLDEM) -> list[float]:
    """Each hand's share of the pot over every way the board can finish (ties split; in a
    hi/lo ``game`` the halves), in the game's ranking (short deck's counts its own deck).

    >>> exact_equity([["As", "Ah"], ["Kd", "Kc"]], ["2c", "7d", "9h", "Jc", "3s"])
    [1.0, 0.0]
    >>> exact_equity([["As", "Ah", "Kd", "Kc"], ["Qh", "Jh", "Ts", "9s"]], ["2c", "7d", "8h", "3s"])
    [0.675, 0.325]
    >>> from games.engine.games import POT_LIMIT_OMAHA_HI_LO, SHORT_DECK_HOLDEM
    >>> exact_equity([["Ah", "Qh"], ["Ks", "9c"]], ["Kh", "Kd", "9h", "7h", "6c"],
    ...              SHORT_DECK_HOLDEM)
    [1.0, 0.0]
    >>> exact_equity([["As", "2s", "Kd", "Kc"], ["Qh", "Jh", "Th", "9h"]], ["3s", "4s", "7h",
    ...              "Kh"], POT_LIMIT_OMAHA_HI_LO)
    [0.9375, 0.0625]
    """
    hi_lo = game.high_low or game.hole_cards == 5
    ranking = game.ranking.value
    key = ("history-equity:" + (f"{game.code}:" if hi_lo else "")
           + "|".join("".join(h) for h in hands) + ":" + "".join(board)
           + ("" if ranking in ("high", "high-low") else ":" + ranking))
    cached = cache.get(key)
    if cached is not None:
        return list(cached)
    if hi_lo:
        from evaluator.hi_lo_equity import pot_shares

        result = pot_shares(["".join(h) for h in hands], "".join(board), high_low=game.high_low)
        shares = [round(share, 6) for share in result.shares]
        cache.set(key, shares, CACHE_SECONDS)
        return shares
    shares = [round(share, 6) for share in _enumerate(hands, board, ranking)]
    cache.set(key, shares, CACHE_SECONDS)
    return shares


def _enumerate(hands: Sequence[Sequence[str]], board: Sequence[str],
               ranking: str) -> list[float]:
    # NumPy-backed: loaded on first use. Four hole cards are an Omaha hand.
    from evaluator import hand_equity, omaha_hand_equity
    from evaluator.short_deck import ORDER_BY_RANKING
    from evaluator.short_deck_odds import short_deck_hand_equity

    if ranking in ORDER_BY_RANKING:
        short = short_deck_hand_equity(["".join(h) for h in hands], board="".join(board),
                                       order=ORDER_BY_RANKING[ranking])
        return [hand.equity for hand in short]

    equity = omaha_hand_equity if len(hands[0]) == 4 else hand_equity
    result = equity(["".join(h) for h in hands], board="".join(board))
    return [hand.equity for hand in result]


def street_equities(
    state: HandState, visible: frozenset[int], names: dict[int, str]
) -> dict[str, Any] | None:
    """Equity of each visible hand at the start of each street that was dealt, or None
    when no street ever had two visible hands in it.

    ``state`` is the masked state (only cards this viewer may see are known).
    """
    known = {
        p.seat: p.hole for p in state.players if p.seat in visible and UNKNOWN not in p.hole
    }
    if len(known) < 2:
        return None
    folded_at = {e.seat: e.seq for e in state.events if e.kind is EventKind.FOLD}
    dealt_at = {e.street: e.seq for e in state.events if e.kind is EventKind.DEAL_BOARD}
    order = [p.seat for p in state.players if p.seat in known]
    rows: dict[int, list[float | None]] = {seat: [] for seat in order}
    streets = []
    for street, count in STREETS:
        if count > len(state.board):
            break
        streets.append(street.value)
        start = dealt_at.get(street, -1)
        live = [seat for seat in order if folded_at.get(seat, 10**9) > start]
        shares = (
            exact_equity([known[s] for s in live], state.board[:count], state.game)
            if len(live) >= 2 else []
        )
        by_seat = dict(zip(live, shares, strict=False))
        for seat in order:
            rows[seat].append(by_seat.get(seat))
    if not any(v is not None for row in rows.values() for v in row):
        return None
    return {
        "streets": streets,
        "hands": [
            {"seat": seat, "name": names.get(seat, f"seat {seat}"), "cards": list(known[seat]),
             "equity": rows[seat]}
            for seat in order
        ],
    }
