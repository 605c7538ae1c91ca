"""The coach's river advice beside the river solver's on random heads-up rivers (issue 42).

Each river (``games/bots/solver_check.py``): random board, hand, lines, pot and stacks, both
ranges from the coach's range model; the coach's best play (one street, its response
model) and the solved spot's for the same hand. Prints how often the coach's play is the
solver's most frequent one for the hand (check or bet), how often it agrees (that, or the
solver values the coach's play within the tolerance of its best), what the coach's play
gives up by the solver's values, and how far the coach's own EV is from the solver's value
of the same play (the coach counts no later betting: a check is taken to showdown).

    .venv/bin/python bench/coach_solver.py [--spots 50] [--seed 42]
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.bots.solver_check import TOLERANCE, compare_many  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spots", type=int, default=50)
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--each", action="store_true", help="print every river")
    args = parser.parse_args()
    started = time.perf_counter()
    found = compare_many(args.spots, args.seed)
    if args.each:
        for c in found:
            print(f"{' '.join(c.situation.hole)} on {' '.join(c.situation.board)} pot {c.pot}: "
                  f"coach {c.coach.words()} ({c.coach_play}), solver {c.solver_play}; "
                  f"gives up {c.loss:.1%} of the pot")
    n = len(found)
    same = sum(c.same_kind for c in found)
    agree = sum(c.agrees for c in found)
    losses = [c.loss for c in found]
    gap = [abs(c.coach_value - c.solver_value) / c.pot for c in found]
    over = [(c.coach_value - c.solver_value) / c.pot for c in found]
    print(f"{n} heads-up rivers, seed {args.seed}")
    print(f"the coach's play is the solver's most frequent (check or bet): {same}/{n} "
          f"({same / n:.0%})")
    print(f"agrees (that, or within {TOLERANCE:.0%} of the pot of the solver's best): "
          f"{agree}/{n} ({agree / n:.0%})")
    print(f"what the coach's play gives up by the solver's values: mean "
          f"{statistics.fmean(losses):.1%} of the pot, largest {max(losses):.1%}")
    print(f"the coach's EV against the solver's value of the same play: mean |difference| "
          f"{statistics.fmean(gap):.1%} of the pot, mean {statistics.fmean(over):+.1%} "
          f"(the coach's one-street count is higher)")
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
