"""The amount buttons of the action bar: "Min", "½ pot", "Pot" and "All-in", worked out on
the server from the engine's state and legal actions, so the page does no pot arithmetic.

A size is a "to" amount: what the actor's bet becomes. Half pot and pot are measured after
the call (the pot once the actor has called, then half or all of it on top), and kept within
the legal range. Under pot limit the largest legal amount is the pot-size bet
(games/engine/betting.py), so "Pot" is it and there is no separate "All-in".

A player who set their own buttons (games/bet_presets.py) gets "Min", theirs, then "All-in"
(no limit) or "Pot" (pot limit, unless theirs has it) instead of "½ pot" and "Pot".
"""

from __future__ import annotations

from typing import Any

from games.bet_presets import Preset
from games.engine import HandState, LegalActions


def bet_sizes(
    state: HandState, legal: LegalActions, presets: tuple[Preset, ...] = ()
) -> list[dict[str, Any]]:
    """The amount buttons for ``legal`` (the actor's choices in ``state``); none when the
    actor may not bet or raise.

    >>> from games.engine import TableConfig, SeatInput, start_hand, FULL_DECK
    >>> s = start_hand(TableConfig(1, 2), [SeatInput(1, "a", 100), SeatInput(2, "b", 100),
    ...                SeatInput(3, "c", 100)], FULL_DECK, button=1)
    >>> [(size["label"], size["amount"]) for size in bet_sizes(s, s.legal_actions())]
    [('Min', 4), ('½ pot', 4), ('Pot', 7), ('All-in', 100)]
    >>> from games.bet_presets import parse
    >>> mine = tuple(parse("33% 2.5x"))
    >>> [(size["label"], size["amount"]) for size in bet_sizes(s, s.legal_actions(), mine)]
    [('Min', 4), ('33%', 4), ('2.5x', 5), ('All-in', 100)]
    """
    span = legal.bet or legal.raise_to
    if span is None:
        return []
    call = legal.call or 0
    before = state.player(legal.seat).bet + call  # the actor's bet once they have called
    after_call = state.total_pot + call

    def fit(amount: int) -> int:
        return min(max(amount, span.min), span.max)

    if state.game.fixed_limit:  # one size: the street's bet
        return [{"label": "Bet" if legal.bet else "Raise", "amount": span.max}]
    if presets:
        sizes = [("Min", span.min)]
        for preset in presets:
            amount = preset.amount(before=before, pot_after_call=after_call, to_match=before,
                                   big_blind=state.config.big_blind)
            sizes.append((preset.label, fit(amount)))
        if not state.game.pot_limit:
            sizes.append(("All-in", span.max))
        elif "Pot" not in {label for label, _ in sizes}:
            sizes.append(("Pot", span.max))
        return [{"label": label, "amount": amount} for label, amount in sizes]
    sizes = [("Min", span.min), ("½ pot", fit(before + after_call // 2))]
    if state.game.pot_limit:
        sizes.append(("Pot", span.max))
    else:
        sizes += [("Pot", fit(before + after_call)), ("All-in", span.max)]
    return [{"label": label, "amount": amount} for label, amount in sizes]
