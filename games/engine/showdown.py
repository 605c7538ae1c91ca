"""The end of a hand: showing and mucking, and who wins each pot.

Showing order: the last player to bet or raise on the last betting round shows first;
without one, the first player left of the button; then clockwise. Each player in turn shows
if their hand can win or tie at least one pot they are in against the hands shown so far
in that pot, and mucks otherwise (mucked cards are never revealed). When the betting ends
with at most one player able to bet, every live hand is turned face up before the rest of
the board is dealt. A pot goes to the best shown hand among its eligible players; a split
gives the odd chips to the first winner left of the button. Side pots that end up won by
exactly the same players are reported and split as one pot (pokerkit does the same), so a
split does not hand the first winner an odd chip per side pot. A board run more than once
(run it twice) pays each pot in equal shares, one per board, the odd chips to the first
board; each board's share goes to the best hands on that board by the same rules.

Hi/lo games (``Game.high_low``: Omaha hi/lo eight-or-better) split each pot, each side pot
and each board's share in two halves: one to the best high hand, one to the best qualifying
low (``hand_values.low_value``); with no qualifying low among the pot's players the high
takes it all. A player may win both halves (a scoop), and ties split a half again (a
quartered pot). An odd chip of the halving goes to the high half, and an odd chip within a
half to the first of its winners left of the button, as Robert's Rules of Poker (Bob
Ciaffone) has it under "Ties": "In high-low split games, the high hand receives the odd chip
in a split between the high and the low hands", and "in a button game, the first hand
clockwise from the button gets the odd chip". (Its "side pots ... split as separate pots"
gives way here, as for every game, to paying consecutive pots won by the same players, both
halves alike, as one.) A hand that can win either half of a pot it is in is shown.

An imported hand also says who showed (``hand.shows``) and who mucked (``hand.mucks``), and
the engine follows it: a player the site records showing shows even with a hand that cannot
win, and the last player in shows after taking the pot uncontested if the site says so
(described when the flop is out). Live play leaves both empty and the rules decide.
"""

from __future__ import annotations

from evaluator import evaluate
from games.engine.bounty import is_seven_deuce, pay_bounties
from games.engine.cards import UNKNOWN
from games.engine.hand import HandData, PlayerState
from games.engine.hand_values import hand_value, low_value
from games.engine.pot_names import pot_name
from games.engine.pots import build_pots, split
from games.engine.types import (
    EventKind,
    HandResult,
    IllegalAction,
    PotResult,
    ShownHand,
    Street,
)


def evaluate_cards(cards: list[str]) -> tuple[int, str, tuple[str, ...]]:
    """Strength (higher is stronger), description and best five of 5 to 7 cards.

    >>> evaluate_cards(["Ah", "7c", "As", "Kh", "9c", "7d", "3s"])[1]
    'Two pair, aces and sevens with a king kicker'
    """
    value = evaluate("".join(cards))
    return value.strength, value.describe(), tuple(str(c) for c in value.best_five)


def _evaluate(hand: HandData, p: PlayerState) -> tuple[int, str, tuple[str, ...]]:
    if UNKNOWN in hand.board:
        raise IllegalAction("The showdown needs the whole board, and it is not known.")
    cards = [*p.hole, *hand.board]
    if UNKNOWN in cards:
        raise IllegalAction(
            f"The showdown needs the cards of seat {p.seat}, and they are not known."
        )
    return hand_value(hand.config.game, p.hole, hand.board)


def showing_order(hand: HandData) -> list[int]:
    """Indices of the players still in, in the order they show."""
    n = len(hand.players)
    start = hand.aggressor
    if start is None or hand.players[start].folded:
        start = 0
    return [
        i for i in ((start + k) % n for k in range(n)) if not hand.players[i].folded
    ]


def reveal_for_runout(hand: HandData) -> None:
    """Betting is over with at most one player able to bet: all live hands face up."""
    for i in showing_order(hand):
        p = hand.players[i]
        if p.seat in hand.mucks:
            p.mucked = True
            hand.record(EventKind.MUCK, p.seat)
        else:
            p.shown = True
            hand.record(EventKind.SHOW, p.seat, cards=p.hole)


def _pots(hand: HandData) -> list[tuple[int, tuple[int, ...]]]:
    levels, dead = hand.pot_contributions()
    return build_pots(levels, [not p.folded for p in hand.players], dead)


def unsettled_reason(hand: HandData) -> str | None:
    """Why the showdown cannot be settled with the cards known, or None when it can.

    Only imported hands can lack cards: a board nobody recorded, or a pot in which every
    player gave up or hid their cards.
    """
    if any(UNKNOWN in board for board in (hand.board, *hand.runs)):
        return "The showdown needs the whole board, and it is not known."
    for index, (_amount, eligible) in enumerate(_pots(hand)):
        showing = [
            i for i in eligible
            if not hand.players[i].mucked and hand.players[i].seat not in hand.mucks
        ]
        for i in showing:
            if UNKNOWN in hand.players[i].hole:
                seat = hand.players[i].seat
                return f"The showdown needs the cards of seat {seat}, and they are not known."
        if not showing:
            return (f"Nobody's cards in the {pot_name(index).lower()} are known, so nobody "
                    "can be given it.")
    return None


def settle_showdown(hand: HandData) -> None:
    """Show or muck in order, then award every pot; a showdown the known cards cannot
    settle stops the hand there, with ``hand.unsettled`` saying why."""
    hand.street = Street.SHOWDOWN
    reason = unsettled_reason(hand)
    if reason is not None:
        hand.queue = []
        hand.unsettled = reason
        return
    pots = _pots(hand)
    boards = [hand.board, *hand.runs]
    # Each board's shown hands (player index -> hand_value()); the first board's describe
    # the hand. A player shows when their hand can win a pot on any board.
    scored: list[Values] = [{} for _ in boards]
    lows: list[Values] = [{} for _ in boards]  # only hands with a low (hi/lo games)
    shown: list[ShownHand] = []
    for i in showing_order(hand):
        p = hand.players[i]
        if p.mucked:
            continue
        if p.seat in hand.mucks and not p.shown:
            p.mucked = True
            hand.record(EventKind.MUCK, p.seat)
            continue
        mine = [_evaluate(hand, p)] + [
            hand_value(hand.config.game, p.hole, run) for run in hand.runs]
        my_lows = [low_value(hand.config.game, p.hole, board) for board in boards]
        if p.shown or p.seat in hand.shows or any(
            _can_win(i, value[0], pots, values)
            for value, values in zip(mine, scored, strict=True)
        ) or any(
            low is not None and _can_win(i, low[0], pots, values)
            for low, values in zip(my_lows, lows, strict=True)
        ):
            for value, values in zip(mine, scored, strict=True):
                values[i] = value
            for low, values in zip(my_lows, lows, strict=True):
                if low is not None:
                    values[i] = low
            low_text, low_five = my_lows[0][1:] if my_lows[0] else ("", ())
            shown.append(ShownHand(p.seat, p.hole, mine[0][1], mine[0][2], low_text, low_five))
            if not p.shown:
                p.shown = True
                hand.record(EventKind.SHOW, p.seat, cards=p.hole, best_five=mine[0][2],
                            text=mine[0][1], low=low_text)
        else:
            p.mucked = True
            hand.record(EventKind.MUCK, p.seat)

    results: list[PotResult] = []
    if not hand.runs:
        _award_board(hand, pots, scored[0], lows[0], results)
    else:  # run more than once, or two boards: every board scores the shown hands
        _award_runs(hand, pots, scored, lows, results)
    _finish(hand, results, shown, showdown=True)


Values = dict[int, tuple[int, str, tuple[str, ...]]]  # player index -> hand_value()


def _best(values: Values, eligible: tuple[int, ...], index: int) -> list[int]:
    """The players of ``eligible`` with the best shown hand (pot ``index`` names the pot)."""
    contenders = [i for i in eligible if i in values]
    if not contenders:
        raise IllegalAction(f"Every player in the {pot_name(index).lower()} gave up their cards.")
    best = max(values[i][0] for i in contenders)
    return [i for i in contenders if values[i][0] == best]


def _best_low(lows: Values, eligible: tuple[int, ...]) -> list[int]:
    """The players of ``eligible`` with the best shown low; none when nobody has one."""
    contenders = [i for i in eligible if i in lows]
    if not contenders:
        return []
    best = max(lows[i][0] for i in contenders)
    return [i for i in contenders if lows[i][0] == best]


def _pay_pot(hand: HandData, results: list[PotResult], amount: int,
             eligible: tuple[int, ...], winners: list[int], low_winners: list[int],
             texts: tuple[str, str], covers: tuple[int, ...], run: int) -> None:
    """Pay a pot (or a board's share of one) whole to ``winners``, or, when some of its
    players have a low, half to the high ``winners`` (with the odd chip) and half to the
    ``low_winners``. ``texts``: the winning high's and low's descriptions."""
    if not low_winners:
        _pay(hand, results, amount, eligible, winners, texts[0], covers, run)
        return
    low_half = amount // 2
    _pay(hand, results, amount - low_half, eligible, winners, texts[0], covers, run, "high")
    if low_half:
        _pay(hand, results, low_half, eligible, low_winners, texts[1], covers, run, "low")


def _pay(hand: HandData, results: list[PotResult], amount: int, eligible: tuple[int, ...],
         winners: list[int], description: str, covers: tuple[int, ...], run: int,
         half: str = "") -> None:
    """Split ``amount`` among ``winners`` (odd chips to the first left of the button)."""
    index = len(results)
    shares = split(amount, winners)
    for w, share in zip(winners, shares, strict=True):
        hand.players[w].stack += share
        hand.record(EventKind.WIN, hand.players[w].seat, share, pot=index, text=description,
                    board=run, half=half)
    results.append(PotResult(
        index=index,
        amount=amount,
        eligible=tuple(hand.players[i].seat for i in eligible),
        winners=tuple(hand.players[w].seat for w in winners),
        shares=tuple(shares),
        description=description,
        covers=covers,
        board=run,
        half=half,
    ))


def _award_runs(hand: HandData, pots: list[tuple[int, tuple[int, ...]]],
                scored: list[Values], lows: list[Values], results: list[PotResult]) -> None:
    """Pay every pot of a board run more than once, as pokerkit does: hands that win on no
    board are out; consecutive pots the same remaining players can win are one pot; each
    pot is split between the boards (the odd chips to the first board), and each board's
    share goes to the best hands on that board."""
    alive = {i for values in scored for index, (_amount, eligible) in enumerate(pots)
             for i in _best(values, eligible, index)}
    alive |= {i for values in lows for _amount, eligible in pots
              for i in _best_low(values, eligible)}
    merged: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
    for index, (amount, eligible) in enumerate(pots):
        players = tuple(i for i in eligible if i in alive)
        if merged and merged[-1][1] == players:
            last = merged[-1]
            merged[-1] = (last[0] + amount, players, (*last[2], index))
        else:
            merged.append((amount, players, (index,)))
    runs = len(scored)
    for run, (values, low_values) in enumerate(zip(scored, lows, strict=True)):
        for amount, players, covers in merged:
            share = amount // runs + (amount % runs if run == 0 else 0)
            if share:  # a pot smaller than the number of boards pays the first boards only
                winners = _best(values, players, covers[0])
                low_winners = _best_low(low_values, players)
                texts = (values[winners[0]][1],
                         low_values[low_winners[0]][1] if low_winners else "")
                _pay_pot(hand, results, share, players, winners, low_winners, texts, covers,
                         run)


def _award_board(
    hand: HandData,
    pots: list[tuple[int, tuple[int, ...]]],
    values: Values,
    lows: Values,
    results: list[PotResult],
) -> None:
    """Pay every pot to the best hands shown, appending a result per pot (or half) paid."""
    # Consecutive pots won by the same players (of both halves, in hi/lo) are split as one,
    # so a split hands out one odd-chip remainder rather than one per side pot (as pokerkit
    # does).
    groups: list[tuple[int, tuple[int, ...], tuple[list[int], list[int]], tuple[int, ...]]]
    groups = []
    for index, (amount, eligible) in enumerate(pots):
        winners = (_best(values, eligible, index), _best_low(lows, eligible))
        if groups and groups[-1][2] == winners:
            last = groups[-1]
            groups[-1] = (last[0] + amount, last[1], winners, (*last[3], index))
        else:
            groups.append((amount, eligible, winners, (index,)))
    for amount, eligible, (high, low), covers in groups:
        texts = (values[high[0]][1], lows[low[0]][1] if low else "")
        _pay_pot(hand, results, amount, eligible, high, low, texts, covers, 0)


def _can_win(
    index: int,
    strength: int,
    pots: list[tuple[int, tuple[int, ...]]],
    values: dict[int, tuple[int, str, tuple[str, ...]]],
) -> bool:
    for _amount, eligible in pots:
        if index not in eligible:
            continue
        rivals = [values[j][0] for j in eligible if j in values]
        if not rivals or strength >= max(rivals):
            return True
    return False


def award_uncontested(hand: HandData, index: int) -> None:
    """Everyone else folded: the last player takes every chip without showing (unless an
    imported hand says they showed, or they show a 7-2 to claim the bounty)."""
    p = hand.players[index]
    total = sum(q.committed for q in hand.players)
    p.stack += total
    hand.record(EventKind.WIN, p.seat, total, pot=0)
    pot = PotResult(0, total, (p.seat,), (p.seat,), (total,))
    shown: list[ShownHand] = []
    # Under the 7-2 bounty a seven-deuce that takes the pot is turned up to claim it: the
    # bounty is worth more to its holder than hiding a bluff (games/engine/bounty.py).
    claims_bounty = hand.bounty > 0 and is_seven_deuce(p.hole)
    if (p.seat in hand.shows or claims_bounty) and UNKNOWN not in p.hole:
        # Shown by choice after winning: described once there is a flop to describe it with.
        text, best_five = "", ()  # type: tuple[str, tuple[str, ...]]
        if len(hand.board) >= 3 and UNKNOWN not in hand.board:
            _strength, text, best_five = hand_value(hand.config.game, p.hole, hand.board)
        p.shown = True
        shown.append(ShownHand(p.seat, p.hole, text, best_five))
        hand.record(EventKind.SHOW, p.seat, cards=p.hole, best_five=best_five, text=text)
    _finish(hand, [pot], shown, showdown=False)


def _finish(
    hand: HandData, pots: list[PotResult], shown: list[ShownHand], *, showdown: bool
) -> None:
    hand.queue = []
    bounties = pay_bounties(hand, pots)  # the 7-2 bounty, once the pots are paid
    hand.result = HandResult(
        pots=tuple(pots),
        finishing_stacks={p.seat: p.stack for p in hand.players},
        shown=tuple(shown),
        mucked=tuple(p.seat for p in hand.players if p.mucked),
        showdown=showdown,
        board=tuple(hand.board),
        runs=tuple(tuple(r) for r in hand.runs),
        bounties=bounties,
    )
