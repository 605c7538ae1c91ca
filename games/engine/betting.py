"""Checking a player's action against the rules, with a sentence for every refusal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.engine.types import Action, ActionKind, IllegalAction, LegalActions

if TYPE_CHECKING:
    from games.engine.state import HandState


def check_action(state: HandState, action: Action) -> tuple[ActionKind, int | None]:
    """Validate ``action``; return its kind and the "to" total for bets and raises."""
    if state.result is not None:
        raise IllegalAction("The hand is over.")
    legal = state.legal_actions()
    assert legal is not None
    if action.seat != legal.seat:
        if action.seat not in state.seats:
            raise IllegalAction(f"Seat {action.seat} is not in this hand.")
        raise IllegalAction(f"It is not your turn: seat {legal.seat} is to act.")
    try:
        kind = ActionKind(action.kind)
    except ValueError:
        raise IllegalAction(f"{action.kind!r} is not an action.") from None
    amount = action.amount
    if kind in (ActionKind.BET, ActionKind.RAISE):
        return kind, _check_amount(kind, amount, legal)
    if amount is not None:
        raise IllegalAction(f"A {kind.value.replace('_', '-')} takes no amount.")
    if kind is ActionKind.CHECK and legal.call is not None:
        raise IllegalAction(f"You cannot check: it is {legal.call} to call.")
    if kind is ActionKind.CALL and legal.call is None:
        raise IllegalAction("There is nothing to call: you can check.")
    if kind is ActionKind.ALL_IN:
        if legal.all_in is None:
            raise IllegalAction(
                "You cannot go all-in: the betting was not reopened to you, so you "
                "may only call or fold."
                if ActionKind.CALL in legal.kinds
                else "You cannot go all-in now: nobody left could call it."
            )
        return kind, legal.all_in
    return kind, None

def _check_amount(kind: ActionKind, amount: int | None, legal: LegalActions) -> int:
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
    if amount > span.max:
        raise IllegalAction(f"You have {span.max} chips in all: you cannot {word} to {amount}.")
    if amount < span.min:
        raise IllegalAction(f"The smallest {word} is to {span.min} (or all-in for {span.max}).")
    return amount
