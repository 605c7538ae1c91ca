"""The betting rules: what the player to act may do, and checking an action against it with
a sentence for every refusal. The rules themselves are described in state.py.

The game's betting structure (``Game.betting``, games.py) sets the most a bet or raise may
reach; the least is always the current bet plus the last full bet or raise (a player who
cannot reach it may still go all-in for less):

- No limit: the whole stack.
- Pot limit: the current bet, plus the call, plus every chip in the pot (bets in front
  included), so a raise goes to at most ``2 * current bet - own bet + pot`` (pokerkit's
  rule), never below the minimum raise.
- Fixed limit: exactly the minimum. Each street opens with its own bet (``street_bet``: the
  small bet preflop and on the flop, the big bet on the turn and river), and once the
  street has seen ``raise_cap`` bets and raises (all-in ones included, blinds not: as
  pokerkit counts) nobody may raise again.

``all_in`` is offered only when the whole stack fits under the most allowed.
"""

from __future__ import annotations

from games.engine.hand import HandData
from games.engine.types import (
    Action,
    ActionKind,
    AmountRange,
    EventKind,
    IllegalAction,
    LegalActions,
    Street,
)

STREET_INDEX = {Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3,
                Street.SHOWDOWN: 3}


def legal_actions(hand: HandData) -> LegalActions | None:
    """What the actor may do, or None when nobody is to act.

    >>> from games.engine import TableConfig, SeatInput, start_hand, FULL_DECK
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100)],
    ...                FULL_DECK, button=1)
    >>> legal_actions(s).to_dict()
    {'seat': 1, 'fold': True, 'check': False, 'call': 1, 'bet': None, \
'raise': {'min': 4, 'max': 100}, 'all_in': 100}
    """
    if not hand.queue:
        return None
    p = hand.players[hand.queue[0]]
    top = hand.max_bet
    kinds = {ActionKind.FOLD}
    call = min(p.stack, top - p.bet)
    if call == 0:
        kinds.add(ActionKind.CHECK)
    else:
        kinds.add(ActionKind.CALL)
    bet_range: AmountRange | None = None
    raise_range: AmountRange | None = None
    all_in: int | None = None
    if _may_raise(hand, hand.queue[0], top):
        most = p.stack + p.bet
        least = min(top + hand.full_raise, most)
        cap = most
        if hand.game.pot_limit:
            cap = min(most, pot_limit(hand, p.bet, least))
        elif hand.game.fixed_limit:
            cap = least
        span = AmountRange(least, cap)
        if top == 0:
            kinds.add(ActionKind.BET)
            bet_range = span
        else:
            kinds.add(ActionKind.RAISE)
            raise_range = span
        all_in = most if cap == most else None  # a pot-limit cap below the stack: no push
    elif call == p.stack:
        all_in = p.stack + p.bet
    if all_in is not None:
        kinds.add(ActionKind.ALL_IN)
    return LegalActions(seat=p.seat, kinds=frozenset(kinds), call=call or None,
                        bet=bet_range, raise_to=raise_range, all_in=all_in)


def pot_limit(hand: HandData, own_bet: int, least: int) -> int:
    """The largest total a pot-limit bet or raise may reach: the current bet, the call and
    the whole pot (bets in front included), never below the minimum ``least``.

    >>> from games.engine import TableConfig, SeatInput, start_hand, FULL_DECK
    >>> s = start_hand(TableConfig(1, 2, game="PO"),
    ...                [SeatInput(1, "a", 100), SeatInput(2, "b", 100)], FULL_DECK, button=1)
    >>> pot_limit(s, own_bet=1, least=4)   # the button's pot raise: call 1, pot 4, to 6
    6
    """
    return max(least, 2 * hand.max_bet - own_bet + hand.total_pot)


def street_bet(hand: HandData) -> int:
    """The smallest bet of the current street, and the smallest raise until someone makes
    a bigger one: the big blind, or a fixed-limit game's small or big bet.

    >>> from games.engine import TableConfig, SeatInput, start_hand, FULL_DECK
    >>> s = start_hand(TableConfig(1, 2, game="FT"),
    ...                [SeatInput(1, "a", 100), SeatInput(2, "b", 100)], FULL_DECK, button=1)
    >>> street_bet(s), s.legal_actions().raise_to   # preflop: the small bet, one big blind
    (2, AmountRange(min=4, max=4))
    """
    return hand.game.betting.street_bet(STREET_INDEX[hand.street], hand.config.big_blind)


def bets_this_street(hand: HandData) -> int:
    """How many bets and raises the current street has seen (the blinds not counted)."""
    count = 0
    for event in reversed(hand.events):
        if event.street is not hand.street:
            break
        if event.kind is EventKind.BET or event.kind is EventKind.RAISE:
            count += 1
    return count


def _may_raise(hand: HandData, index: int, top: int) -> bool:
    """Whether the player at ``index`` may bet or raise; ``top``: the current bet."""
    p = hand.players[index]
    if p.stack <= top - p.bet:
        return False  # covered: calling puts them all-in
    cap = hand.game.betting.raise_cap
    if cap is not None and bets_this_street(hand) >= cap:
        return False  # a fixed-limit street's raises are capped
    for j, o in enumerate(hand.players):
        if j != index and not o.folded and o.stack + o.bet > top:
            return not p.acted or top - p.bet >= hand.full_raise
    return False  # nobody could call a raise


def check_action(
    hand: HandData, action: Action, legal: LegalActions | None = None
) -> tuple[ActionKind, int | None]:
    """Validate ``action``; return its kind and the "to" total for bets and raises.
    ``legal``: ``legal_actions(hand)`` when the caller has just computed it (a replay asks
    for it to choose the action), so that it is not worked out twice."""
    if hand.result is not None:
        raise IllegalAction("The hand is over.")
    if legal is None:
        legal = legal_actions(hand)
    if legal is None:
        raise IllegalAction(
            "Nobody is to bet now: the players are choosing whether to run the board again."
            if hand.runout_voters else "Nobody is to act now.")
    if action.seat != legal.seat:
        if action.seat not in hand.seats:
            raise IllegalAction(f"Seat {action.seat} is not in this hand.")
        raise IllegalAction(f"It is not your turn: seat {legal.seat} is to act.")
    try:
        # A member already (the usual case) skips the enum's lookup, a slow call in a replay.
        kind = action.kind if type(action.kind) is ActionKind else ActionKind(action.kind)
    except ValueError:
        raise IllegalAction(f"{action.kind!r} is not an action.") from None
    amount = action.amount
    if kind in (ActionKind.BET, ActionKind.RAISE):
        p = hand.player(legal.seat)
        cap = hand.game.betting.raise_cap
        if cap is not None and legal.bet is None and legal.raise_to is None \
                and bets_this_street(hand) >= cap:
            raise IllegalAction(f"The betting is capped: a street allows {cap} bets and "
                                "raises, so you may only call or fold.")
        return kind, _check_amount(kind, amount, legal, p.stack + p.bet, _limit_name(hand))
    if amount is not None:
        raise IllegalAction(f"A {kind.value.replace('_', '-')} takes no amount.")
    if kind is ActionKind.CHECK and legal.call is not None:
        raise IllegalAction.with_amounts("You cannot check: it is {} to call.", legal.call)
    if kind is ActionKind.CALL and legal.call is None:
        raise IllegalAction("There is nothing to call: you can check.")
    if kind is ActionKind.ALL_IN:
        if legal.all_in is None:
            span = legal.bet or legal.raise_to
            if span is not None:  # pot or fixed limit: the stack is more than it allows
                word = "bet" if legal.bet is not None else "raise"
                raise IllegalAction.with_amounts(
                    f"You cannot go all-in: the {_limit_name(hand)} lets you {word} to {{}} "
                    "at most.",
                    span.max,
                )
            raise IllegalAction(
                "You cannot go all-in: the betting was not reopened to you, so you "
                "may only call or fold."
                if ActionKind.CALL in legal.kinds
                else "You cannot go all-in now: nobody left could call it."
            )
        return kind, legal.all_in
    return kind, None


def _limit_name(hand: HandData) -> str:
    """The limit that caps a bet below the stack, as a sentence names it."""
    return "fixed limit" if hand.game.fixed_limit else "pot limit"


def _check_amount(
    kind: ActionKind, amount: int | None, legal: LegalActions, chips: int, limit: str
) -> int:
    """The "to" amount, checked against the legal range; ``chips``: the stack and bet;
    ``limit``: the name of what caps it below the stack."""
    word = kind.value
    if amount is None or isinstance(amount, bool) or not isinstance(amount, int):
        raise IllegalAction(f"A {word} needs an amount: the total your bet becomes.")
    span = legal.bet if kind is ActionKind.BET else legal.raise_to
    if span is None:
        if kind is ActionKind.BET and legal.raise_to is not None:
            raise IllegalAction("There is already a bet: raise instead.")
        if kind is ActionKind.RAISE and legal.bet is not None:
            raise IllegalAction("There is no bet to raise: bet instead.")
        if legal.call is not None and legal.all_in is not None:
            raise IllegalAction("You can only call (all-in) or fold.")
        if legal.call is not None:
            raise IllegalAction(
                "You cannot raise: the betting was not reopened to you, "
                "so you may only call or fold."
            )
        raise IllegalAction(f"You cannot {word} now: nobody left could call it.")
    if amount > span.max and span.max < chips:
        raise IllegalAction.with_amounts(
            f"The {limit} lets you {word} to {{}} at most, not to {{}}.", span.max, amount)
    if amount > span.max:
        raise IllegalAction.with_amounts(
            f"You have {{}} chips in all: you cannot {word} to {{}}.", span.max, amount)
    if amount < span.min:
        if span.max < chips:
            raise IllegalAction.with_amounts(f"The smallest {word} is to {{}}.", span.min)
        raise IllegalAction.with_amounts(
            f"The smallest {word} is to {{}} (or all-in for {{}}).", span.min, span.max)
    return amount
