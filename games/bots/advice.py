"""The coach's figures and verdicts, from one player's own view (no Django).

``figures(situation)`` gives equity against the opponents' likely ranges and against random
hands, outs on the flop and turn, and the pot odds when facing a bet; ``verdict`` is one line
on a decision; ``decision_points(state, seat)`` replays a hand and yields the situation that
seat faced (its own view only) before each of its decisions.

>>> from games.engine.types import ActionKind
>>> from games.bots.situation import Legal
>>> s = Situation(1, ("9h", "8h"), ("2h", "7h", "Kc"), "flop", 100, 0, 200, 2, (), Legal(
...     frozenset({ActionKind.CALL, ActionKind.FOLD}), 40, None, None, None), 1)
>>> len(outs(s.hole, s.board))  # nine hearts, and six cards that pair a hole card
15
>>> verdict("call", None, s, Figures(0.34, 0.4, 9, 0.286, 40, 100))
'you called 40 into 100 needing 29% with about 34%: fine'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from evaluator.hands import evaluate
from evaluator.tables import Category
from games.bots.equity import equity_vs_ranges
from games.bots.situation import Situation
from games.bots.styles import opponent_ranges, value_line
from games.engine import FULL_DECK, Action, Entry, HandState, SeatInput, start_hand


@dataclass(frozen=True)
class Figures:
    equity: float  # against the opponents' likely ranges
    equity_random: float  # against random hands
    outs: int | None  # flop and turn only
    pot_odds: float | None  # when facing a bet: the equity a call needs
    to_call: int
    pot: int


def board_category(cards: Sequence[str]) -> Category:
    """What the board alone makes of ranks repeated (4 or 5 cards: pairs, trips, quads)."""
    counts = sorted(Counter(c[0] for c in cards).values(), reverse=True)
    if counts[0] == 4:
        return Category.FOUR_OF_A_KIND
    if counts[0] == 3:
        return Category.FULL_HOUSE if len(counts) > 1 and counts[1] >= 2 else \
            Category.THREE_OF_A_KIND
    if counts[0] == 2:
        return Category.TWO_PAIR if counts[1] == 2 else Category.ONE_PAIR
    return Category.HIGH_CARD


def outs(hole: Sequence[str], board: Sequence[str]) -> list[str]:
    """Unseen cards that lift your hand to a better category, one the board alone would not
    give everybody (flop and turn only; otherwise none).

    >>> found = outs(["As", "Ks"], ["Qs", "Js", "2d"])  # spades, tens, aces and kings
    >>> len(found), found[:3]
    (18, ['2s', '3s', '4s'])
    """
    if len(board) not in (3, 4):
        return []
    now = evaluate([*hole, *board]).category
    found = []
    for card in FULL_DECK:
        if card in hole or card in board:
            continue
        after = evaluate([*hole, *board, card]).category
        if after > now and after > board_category([*board, card]):
            found.append(card)
    return found


@lru_cache(maxsize=4096)
def figures(situation: Situation, samples: int = 3000) -> Figures:
    """The coach's numbers for this situation (the same situation gives the same figures)."""
    n = max(1, len(situation.opponents))
    ranges = opponent_ranges(situation) or [1.0]
    eq = equity_vs_ranges(situation.hole, situation.board, ranges, samples, seed=1)
    eq_random = equity_vs_ranges(situation.hole, situation.board, [1.0] * n, samples, seed=2)
    count = len(outs(situation.hole, situation.board)) if len(situation.board) in (3, 4) else None
    call = situation.to_call
    return Figures(eq, eq_random, count, situation.pot_odds if call else None, call, situation.pot)


def _pct(share: float) -> str:
    return f"{round(share * 100)}%"


def verdict(kind: str, amount: int | None, situation: Situation, f: Figures) -> str:
    """One line on a decision, from the figures of the situation it was made in."""
    eq, line = f.equity, value_line(max(1, len(situation.opponents)))
    about = f"about {_pct(eq)}"
    if kind == "call" or (kind == "all_in" and situation.legal and not situation.legal.raise_to
                          and f.to_call):
        need = f.pot_odds or 0.0
        word = "fine" if eq >= need else ("close" if eq >= need - 0.05 else "too loose")
        return f"you called {f.to_call} into {f.pot} needing {_pct(need)} with {about}: {word}"
    if kind == "fold":
        if not f.to_call:
            return "you folded when checking was free: never fold for nothing"
        need = f.pot_odds or 0.0
        word = "fine" if eq < need else ("close" if eq < need + 0.05 else "too tight")
        return f"you folded to {f.to_call} into {f.pot} needing {_pct(need)} with {about}: {word}"
    if kind == "check":
        tail = "a bet for value was there" if eq >= line else "fine"
        return f"you checked with {about}: {tail}"
    what = {"bet": "bet", "raise": "raised to", "all_in": "went all in"}.get(kind, kind)
    size = f" {amount}" if amount and kind != "all_in" else ""
    if eq >= line:
        word = "value: good"
    elif eq >= 1 / (len(situation.opponents) + 1):
        word = "thin value: fine"
    else:
        word = "a bluff: fine now and then, not every time"
    return f"you {what}{size} with {about}: {word}"


def decision_points(state: HandState, seat: int) -> Iterator[tuple[Situation, Action]]:
    """Replay the hand; before each action of ``seat`` yield what that seat saw (its own
    view only) and the action it took."""
    seats = [
        SeatInput(p.seat, p.player_id, p.starting_stack,
                  Entry.POST_BB if p.posts_to_play else Entry.PLAYING)
        for p in state.players
    ]
    replayed = start_hand(state.config, seats, state.deck, state.button, mucks=state.mucks,
                           blinds=state.blinds, shows=state.shows, antes=state.antes)
    for action in state.actions:
        if action.seat == seat:
            yield Situation.from_view(replayed.view(seat), seat, state.config.big_blind), action
        replayed.apply(action)

