"""Find the decisions an old coach got wrong, in real hands, and store them as fixtures.

Run it from a checkout of the revision to examine (the coach before its response model was
8169e10), with that checkout first on the path, e.g.:

    git worktree add /tmp/oldcoach 8169e10
    cd /tmp/oldcoach && PYTHONPATH=/tmp/oldcoach /path/to/.venv/bin/python \\
        /path/to/bench/coach_regressions.py --out /path/to/tests/bots/data/coach_regressions.json

It plays hands through the engine and the bots' own decision functions: ten-handed bot
tables (tight-aggressive and calling-station bots, the "mixed" strength), practice tables
(one player and three mixed bots, the tight-aggressive style standing in for the player),
and the five spots of issue 42 dealt from arranged decks. Every decision after the flop
(and the blinds' before it) is graded by that revision's coach; a decision is kept when
the coach's best play was a bet above twice the pot, or when it graded a check or a bet of
at most the pot a Blunder. A fixture holds the seat's own view (what ``Situation.from_view``
reads, nothing hidden), the play, the opponents' ranges the coach used (packed weights) and
what that coach said. ``tests/bots/test_coach_regressions.py`` grades them again.
"""

import argparse
import base64
import json
import random
import subprocess
import zlib
from collections.abc import Iterator
from typing import Any

import numpy as np

from games.bots.grading import grade
from games.bots.situation import Situation

try:  # the bots' roster (games/bots/roster.py); an older revision decides in styles.py
    from games.bots.roster import decide
except ImportError:
    from games.bots.styles import decide  # type: ignore[no-redef,attr-defined]
from games.engine import Action, SeatInput, TableConfig, shuffled_deck, start_hand
from games.engine.deal_order import deck_that_deals

CONFIG = TableConfig(small_blind=1, big_blind=2)
STACK = 200
# What Situation.from_view reads of a view (the rest of a view is not needed to grade).
VIEW_KEYS = ("players", "events", "street", "board", "total_pot", "legal", "button",
             "small_blind_seat", "big_blind_seat")
PLAYER_KEYS = ("seat", "cards", "shown", "stack", "bet", "all_in", "folded", "mucked")
PER_HAND = 2  # decisions kept from one hand at most (spread over many hands)
EVENT_KEYS = ("kind", "seat", "street", "cards", "amount")


def own_view(view: dict[str, Any]) -> dict[str, Any]:
    """The parts of one seat's own view the coach reads."""
    kept = {k: view[k] for k in VIEW_KEYS}
    kept["players"] = [{k: p.get(k) for k in PLAYER_KEYS} for p in view["players"]]
    kept["events"] = [{k: e.get(k) for k in EVENT_KEYS if k in e} for e in view["events"]]
    return kept


def packed(weights: Any) -> str:
    """A range's 1,326 weights (``HOLDINGS`` order) as base64 of zlib-compressed
    little-endian float32: a range has few distinct weights, so it packs small."""
    raw = np.asarray(weights, dtype="<f4").tobytes()
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def judged(situation: Situation, kind: str, amount: int | None) -> dict[str, Any] | None:
    """The old coach's grade of a decision when it is one to keep (see the docstring)."""
    from games.bots.villains import opponent_ranges

    ranges = opponent_ranges(situation)
    g = grade(situation, kind, amount, ranges)
    pot_after_call = situation.pot + situation.to_call
    best = g.best
    overbet = best.kind in ("bet", "raise") and best.to is not None and \
        best.to - situation.max_bet > 2 * pot_after_call
    size = (amount or 0) - situation.max_bet
    sensible = kind == "check" or (kind in ("bet", "raise") and 0 < size <= pot_after_call)
    if not overbet and not (g.label == "Blunder" and sensible):
        return None
    return {
        "ranges": [{"seat": o.seat, "weights": packed(w)}
                   for o, w in zip(situation.opponents, ranges, strict=True)],
        "old": {"best": best.words(), "best_kind": best.kind, "best_to": best.to,
                "best_ev_bb": round(best.ev / situation.big_blind, 2),
                "loss_bb": g.loss_bb, "label": g.label, "reasons": list(g.reasons),
                "overbet": overbet, "sensible_play_graded_blunder":
                    g.label == "Blunder" and sensible},
    }


def decisions(state: Any, styles: dict[int, str], rng: random.Random,
              script: list[tuple[int, str, int | None]] | None = None,
              ) -> Iterator[tuple[dict[str, Any], Situation, str, int | None]]:
    """Play the hand out, yielding each decision before it is applied (a script of
    (seat, kind, amount) plays first, then the bots)."""
    from games.engine.types import ActionKind

    script = list(script or [])
    while state.actor is not None:
        seat = state.actor
        view = state.view(seat)
        situation = Situation.from_view(view, seat, CONFIG.big_blind)
        if script:
            s, kind, amount = script.pop(0)
            assert s == seat, (s, seat)
            action = Action(seat, ActionKind(kind), amount)
        else:
            decision = decide(styles[seat], situation, rng)
            action = Action(seat, decision.kind, decision.amount)
            kind, amount = decision.kind.value, decision.amount
        yield view, situation, kind, amount
        state.apply(action)


def table_hands(name: str, seats: int, hands: int, seed: int, styles: dict[int, str],
                graded_seats: set[int]) -> Iterator[dict[str, Any]]:
    deals, rng = random.Random(seed), random.Random(seed + 1)
    for number in range(hands):
        button = number % seats + 1
        table = [SeatInput(s, f"p{s}", STACK) for s in range(1, seats + 1)]
        state = start_hand(CONFIG, table, shuffled_deck(deals), button)
        kept = 0
        for view, situation, kind, amount in decisions(state, styles, rng):
            if situation.seat not in graded_seats:
                continue
            if situation.street == "preflop" and situation.seat not in situation.blinds:
                continue
            if situation.legal is None or kind == "all_in":
                continue
            found = judged(situation, kind, amount) if kept < PER_HAND else None
            if found:
                kept += 1
                yield {"name": f"{name}, seed {seed}, hand {number + 1}, seat {situation.seat}"
                               f" on the {situation.street}",
                       "source": name, "seat": situation.seat, "big_blind": CONFIG.big_blind,
                       "view": own_view(view), "played": {"kind": kind, "amount": amount},
                       **found}


def arranged(seats: int, button: int, holes: dict[int, list[str]], board: list[str]) -> list[str]:
    """A deck that deals ``holes`` (seat -> cards) and ``board``, every other card after."""
    order = [(button + i) % seats + 1 for i in range(seats)]  # left of the button first
    spare = iter(c for c in shuffled_deck(random.Random(0))
                 if c not in {*board, *(c for h in holes.values() for c in h)})
    cards = [holes.get(s) or [next(spare), next(spare)] for s in order]
    deck = deck_that_deals(cards, board)
    used = set(deck)
    rest = [c for c in shuffled_deck(random.Random(1)) if c not in used]
    filled = [c if c != "??" else rest.pop() for c in deck]
    return filled + rest


def issue_spot(name: str, seats: int, button: int, holes: dict[int, list[str]],
               board: list[str], script: list[tuple[int, str, int | None]], seat: int,
               kind: str, amount: int | None) -> dict[str, Any]:
    """One of the issue's spots, dealt and played to the decision by ``script``."""
    from games.bots.villains import opponent_ranges

    table = [SeatInput(s, f"p{s}", STACK) for s in range(1, seats + 1)]
    state = start_hand(CONFIG, table, arranged(seats, button, holes, board), button)
    from games.engine.types import ActionKind

    for s, k, a in script:
        assert state.actor == s, (state.actor, s)
        state.apply(Action(s, ActionKind(k), a))
    view = state.view(seat)
    assert state.actor == seat, (state.actor, seat)
    situation = Situation.from_view(view, seat, CONFIG.big_blind)
    ranges = opponent_ranges(situation)
    g = grade(situation, kind, amount, ranges)
    return {"name": name, "source": "issue 42", "seat": seat, "big_blind": CONFIG.big_blind,
            "view": own_view(view), "played": {"kind": kind, "amount": amount},
            "ranges": [{"seat": o.seat, "weights": packed(w)}
                       for o, w in zip(situation.opponents, ranges, strict=True)],
            "old": {"best": g.best.words(), "best_kind": g.best.kind, "best_to": g.best.to,
                    "best_ev_bb": round(g.best.ev / 2, 2), "loss_bb": g.loss_bb,
                    "label": g.label, "reasons": list(g.reasons)}}


def checked_to_the_river(seats: list[int]) -> list[tuple[int, str, int | None]]:
    """Checks on the flop and the turn."""
    return [(s, "check", None) for _street in range(2) for s in seats]


def issue_spots() -> list[dict[str, Any]]:
    """The issue's examples as real spots: ten seats, blinds 1/2, 100 big blinds."""
    limp_and_fold = [(3, "call", None), *((s, "fold", None) for s in range(4, 11))]
    spots = [issue_spot(
        "AA in the small blind facing one limper", 10, 10, {1: ["As", "Ah"]}, [],
        limp_and_fold, 1, "call", None)]
    # UTG limps, the rest fold, the small blind completes and the big blind checks: 6 chips.
    limped_three_ways = [*limp_and_fold, (1, "call", None), (2, "check", None)]
    spots.append(issue_spot(
        "bottom set on A-3-2 in a 3 bb pot", 10, 10, {1: ["3h", "3c"]},
        ["Ad", "3s", "2c", "9h", "Kc"], limped_three_ways, 1, "bet", 3))
    # Folded to the small blind, who completes; the big blind checks: 4 chips, then
    # checked to the river (small blind first): a river check with top two pair.
    folded = [(s, "fold", None) for s in range(3, 11)]
    blinds = [*folded, (1, "call", None), (2, "check", None), *checked_to_the_river([1, 2])]
    spots.append(issue_spot(
        "a river check with top two pair in a 2 bb pot", 10, 10, {1: ["Kh", "Qc"]},
        ["Kd", "9s", "4c", "Qs", "2h"], blinds, 1, "check", None))
    # The button raises to 6, the big blind calls: 13 chips, checked to the river.
    raised = [*((s, "fold", None) for s in range(3, 10)), (10, "raise", 6), (1, "fold", None),
              (2, "call", None), *checked_to_the_river([2, 10]), (2, "check", None)]
    spots.append(issue_spot(
        "a river check with a strong hand in a 6.5 bb pot", 10, 10, {10: ["Ac", "Jd"]},
        ["Jh", "8s", "5c", "Ad", "2s"], raised, 10, "check", None))
    # Everyone limps, the big blind checks: ten ways, 20 chips; the big blind bets the flop.
    limped = [*((s, "call", None) for s in range(3, 11)), (1, "call", None), (2, "check", None),
              (1, "check", None)]
    spots.append(issue_spot(
        "ten ways to the flop: a bet of half the pot with top pair", 10, 10,
        {2: ["Kd", "Th"]}, ["Ks", "7c", "4h", "9d", "2c"], limped, 2, "bet", 10))
    return spots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--hands", type=int, default=30, help="hands per table")
    parser.add_argument("--keep", type=int, default=12, help="spots kept per kind of table")
    args = parser.parse_args()
    revision = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=False).stdout.strip()
    found = issue_spots()
    mixed = {s: ("tight_aggressive", "calling_station")[s % 2] for s in range(1, 11)}
    tables = [
        ("ten-handed bot table (mixed bots)", 10, 101, mixed, set(range(1, 11))),
        ("practice table (one player, three mixed bots)", 4, 202,
         {1: "tight_aggressive", 2: "tight_aggressive", 3: "calling_station",
          4: "tight_aggressive"}, {1}),
    ]
    for name, seats, seed, styles, graded_seats in tables:
        spots = table_hands(name, seats, args.hands, seed, styles, graded_seats)
        for kept, spot in enumerate(spots, start=1):
            found.append(spot)
            print(spot["name"], "->", spot["old"]["best"], spot["old"]["label"], flush=True)
            if kept >= args.keep:
                break
    with open(args.out, "w") as out:
        json.dump({"revision": revision, "spots": found}, out, indent=1)
        out.write("\n")
    print(f"{len(found)} spots from {revision} written to {args.out}")


if __name__ == "__main__":
    main()
